/** PDF rendering: the same document model as DOCX, laid out with pdfmake. */
import type { ExportResult, RenderedDocument } from '../types';
import { writePdf } from './PdfWriter';
import type { PdfOutput } from './profile';

export async function write(rendered: RenderedDocument): Promise<ExportResult> {
  const warnings = [...rendered.warnings];
  // A Word shell styles DOCX only; the PDF keeps the layout and says so in the log.
  if (rendered.shellDocx)
    warnings.push(
      `${rendered.templateFieldCode}: a Word shell template shapes DOCX exports only; the PDF uses the default layout.`,
    );
  const output: PdfOutput = { profile: rendered.pdfProfile };
  if (output.profile === 'archival-with-data') output.data = { name: 'madmp.json', bytes: await rendered.dataFile() };
  return { bytes: await writePdf(rendered.document, output), warnings };
}
