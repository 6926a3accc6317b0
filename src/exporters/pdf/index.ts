/** PDF exporter: the same document model as DOCX, rendered with pdfmake. */
import { DOCUMENT_CONFIGURATION_FIELDS, renderDescription, renderPlan, type RenderedDocument } from '../documentExport';
import type { ExportResult, Exporter } from '../types';
import { writePdf } from './PdfWriter';

async function write(rendered: RenderedDocument): Promise<ExportResult> {
  const warnings = [...rendered.warnings];
  // A Word shell styles DOCX only; the PDF keeps the layout and says so in the log.
  if (rendered.shellDocx) warnings.push(`${rendered.templateFieldCode}: a Word shell template shapes DOCX exports only; the PDF uses the default layout.`);
  return { bytes: await writePdf(rendered.document), warnings };
}

export const pdfExporter: Exporter = {
  format: 'pdf',
  mimeType: 'application/pdf',
  extension: 'pdf',
  icon: 'fa-file-pdf-o',
  entityTypes: ['plan', 'description'],
  configurationFields: DOCUMENT_CONFIGURATION_FIELDS,
  runsInWorker: true,
  exportPlan: async (plan, context) => write(renderPlan(plan, context)),
  exportDescription: async (description, context) => write(renderDescription(description, context)),
};
