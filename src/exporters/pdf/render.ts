/** PDF rendering: the same document model as DOCX, laid out with pdfmake. */
import type { DocumentSource } from '../documentConfiguration';
import type { RenderedDocument } from '../documentExport';
import { rdaExporter } from '../rda';
import type { ExportResult } from '../types';
import { writePdf } from './PdfWriter';
import type { PdfOutput } from './profile';

/** The file the json export gives for the same plan or description, to embed in an archival-with-data PDF. */
async function rdaJson(source: DocumentSource): Promise<Uint8Array> {
  const result =
    source.entity === 'plan' ? await rdaExporter.exportPlan(source.model, source.context) : await rdaExporter.exportDescription(source.model, source.context);
  return result.bytes;
}

export async function write(rendered: RenderedDocument, source: DocumentSource): Promise<ExportResult> {
  const warnings = [...rendered.warnings];
  // A Word shell styles DOCX only; the PDF keeps the layout and says so in the log.
  if (rendered.shellDocx) warnings.push(`${rendered.templateFieldCode}: a Word shell template shapes DOCX exports only; the PDF uses the default layout.`);
  const output: PdfOutput = { profile: rendered.pdfProfile };
  if (output.profile === 'archival-with-data') output.data = { name: 'madmp.json', bytes: await rdaJson(source) };
  return { bytes: await writePdf(rendered.document, output), warnings };
}
