/** DOCX rendering: the document model written as WordprocessingML, or poured into an admin's Word shell. */
import type { ExportResult, RenderedDocument } from '../types';
import { writeDocx } from './DocxWriter';
import { applyShellTemplate, checkTemplatePackage } from './shell';

export const fillsWordShell = true;

export function checkWordShell(template: Uint8Array, fieldCode: string): void {
  checkTemplatePackage(template, fieldCode);
}

export async function write(rendered: RenderedDocument): Promise<ExportResult> {
  const warnings = [...rendered.warnings];
  if (!rendered.shellDocx) {
    const bytes = await writeDocx(rendered.document, { onWarning: (warning) => warnings.push(warning) });
    return { bytes, warnings };
  }
  const shell = await applyShellTemplate({
    template: rendered.shellDocx,
    fieldCode: rendered.templateFieldCode,
    values: rendered.shellValues ?? {},
    body: rendered.document.blocks,
    meta: rendered.document.meta,
  });
  return { bytes: shell.bytes, warnings: [...warnings, ...shell.warnings] };
}
