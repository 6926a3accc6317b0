/**
 * The one pdfmake instance of this thread, locked down. pdfmake 0.3 is a module singleton whose
 * defaults fetch any http(s) URL and open any local path named in a document definition (images,
 * fonts, attachments); here URLs are always refused and only our own font files may be opened.
 * Links in the text are only link annotations in the PDF: pdfmake never fetches them.
 *
 * Configuration happens once per thread, on first use, with the writer's hooks on pdfmake, pdfkit
 * and fontkit (internals/). Rendering changes nothing global except adding font buffers to
 * pdfmake's virtual file system the first time a document needs them.
 */
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import pdfmake = require('pdfmake');
import { ALLOWED_FONT_PATHS, FONT_FILES, fontFileBuffer } from './fonts';
import { installInternals, virtualFileSystem } from './internals';

type PdfMake = typeof pdfmake;

let configured = false;

/** The configured pdfmake instance (tests use it to prove the policies hold). */
export function configuredPdfmake(): PdfMake {
  if (!configured) {
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => ALLOWED_FONT_PATHS.has(file));
    pdfmake.setFonts(structuredClone(FONT_FILES));
    installInternals();
    configured = true;
  }
  return pdfmake;
}

/** Makes pdfkit take these font files from memory: read once per thread instead of once per document. */
function preloadFonts(files: Iterable<string>): void {
  const vfs = virtualFileSystem(pdfmake);
  for (const file of files) {
    if (!vfs.existsSync(file)) vfs.writeFileSync(file, fontFileBuffer(file));
  }
}

/** Renders a document definition built by this writer; `fontFiles` are the font files it uses. */
export async function renderDocDefinition(
  definition: TDocumentDefinitions,
  fontFiles: Iterable<string>,
): Promise<Buffer> {
  const instance = configuredPdfmake();
  preloadFonts(fontFiles);
  return instance.createPdf(definition).getBuffer();
}
