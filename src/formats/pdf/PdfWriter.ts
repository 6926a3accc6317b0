/**
 * PdfWriter: DocumentModel -> PDF bytes, with pdfmake 0.3. See definition.ts for the mapping,
 * blocks/ for one handler per kind of block, fonts.ts for scripts and fonts, lines.ts for line
 * breaking and right-to-left text, engine.ts for the locked-down pdfmake instance, tags.ts for
 * the structure roles, profile.ts for PDF/A and PDF/UA, and internals/ for every hook on pdfmake,
 * pdfkit and fontkit (speed and tagging). Meant to run in a worker thread: fonts are loaded once
 * per thread.
 */
import type { DocumentModel } from '../../document/types';
import { buildPdfDefinition } from './definition';
import { renderDocDefinition } from './engine';
import { DEFAULT_PDF_PROFILE, type PdfOutput } from './profile';

/**
 * Renders a document. Broken parts of the document (an undecodable image, a malformed table)
 * become visible notes; the promise rejects only on an internal error.
 */
export async function writePdf(
  doc: DocumentModel,
  output: PdfOutput = { profile: DEFAULT_PDF_PROFILE },
): Promise<Uint8Array> {
  const { definition, fontFiles } = buildPdfDefinition(doc, output);
  const bytes = await renderDocDefinition(definition, fontFiles);
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
