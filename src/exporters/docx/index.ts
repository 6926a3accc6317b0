/** DOCX exporter: the document model written with `docx`, or poured into an admin's Word shell. */
import { applyShellTemplate, shellPlaceholderValues } from '../../templates/shell';
import { DOCUMENT_CONFIGURATION_FIELDS, renderDescription, renderPlan, type RenderedDocument } from '../documentExport';
import type { ExportResult, Exporter } from '../types';
import { writeDocx } from './DocxWriter';

async function write(rendered: RenderedDocument): Promise<ExportResult> {
  const warnings = [...rendered.warnings];
  if (!rendered.shellDocx) {
    const bytes = await writeDocx(rendered.document, { onWarning: (warning) => warnings.push(warning) });
    return { bytes, warnings };
  }
  const shell = await applyShellTemplate({
    template: rendered.shellDocx,
    fieldCode: rendered.templateFieldCode,
    values: shellPlaceholderValues(rendered.view, { labelLanguage: rendered.labelLanguage ?? undefined }),
    body: rendered.document.blocks,
    meta: rendered.document.meta,
  });
  return { bytes: shell.bytes, warnings: [...warnings, ...shell.warnings] };
}

export const docxExporter: Exporter = {
  format: 'docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: 'docx',
  icon: 'fa-file-word-o',
  entityTypes: ['plan', 'description'],
  configurationFields: DOCUMENT_CONFIGURATION_FIELDS,
  runsInWorker: true,
  exportPlan: async (plan, context) => write(renderPlan(plan, context)),
  exportDescription: async (description, context) => write(renderDescription(description, context)),
};
