/** Word shell templates: an admin's .docx with OpenCDMP placeholders, filled in around the generated body. */
export { applyShellTemplate, type ShellInput, type ShellResult } from './ShellTemplate';
export { checkTemplatePackage, readTemplatePackage, TEMPLATE_LIMITS } from './upload';
