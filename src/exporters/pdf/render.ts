/** PDF rendering: the same document model as DOCX, laid out with pdfmake. */
import type { RenderedDocument } from '../documentExport';
import type { ExportResult } from '../types';
import { writePdf } from './PdfWriter';

export async function write(rendered: RenderedDocument): Promise<ExportResult> {
  const warnings = [...rendered.warnings];
  // A Word shell styles DOCX only; the PDF keeps the layout and says so in the log.
  if (rendered.shellDocx) warnings.push(`${rendered.templateFieldCode}: a Word shell template shapes DOCX exports only; the PDF uses the default layout.`);
  return { bytes: await writePdf(rendered.document), warnings };
}

