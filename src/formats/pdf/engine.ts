/**
 * The one pdfmake instance of this thread, locked down. pdfmake 0.3 is a module singleton whose
 * defaults fetch any http(s) URL and open any local path named in a document definition (images,
 * fonts, attachments); here URLs are always refused and only our own font files may be opened.
 * Links in the text are only link annotations in the PDF: pdfmake never fetches them.
 *
 * Configuration happens once per thread, on first use (see also pdfkitFonts.ts; lineMeasuring.ts
 * and lineDrawing.ts, which take over measuring and drawing plain lines of text; tagging/, whose
 * hooks on pdfmake and pdfkit act only on documents built with a structure root; compactOutput.ts,
 * how page contents are collected and deflated; and the page writer's listener limit, below).
 * Rendering changes nothing global except adding font buffers to pdfmake's virtual file system
 * the first time a document needs them.
 */
import type { EventEmitter } from 'node:events';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import pdfmake = require('pdfmake');
import { installCompactOutput } from './compactOutput';
import { ALLOWED_FONT_PATHS, FONT_FILES, fontFileBuffer } from './fonts';
import { installLineDrawing } from './lineDrawing';
import { installLineMeasuring } from './lineMeasuring';
import { pdfmakeClass, wrapMethod } from './pdfmakeInternals';
import { adjustPdfkitFonts } from './pdfkitFonts';
import { installTaggingHooks } from './tagging';

/** pdfmake's in-memory file system (Node side; not in @types/pdfmake). */
interface VirtualFileSystem {
  existsSync(path: string): boolean;
  writeFileSync(path: string, content: Buffer): void;
}

type PdfMake = typeof pdfmake;

/**
 * pdfmake's page writer gets a listener per table being laid out (and per row being split) and
 * one per list item being marked, each removed when done. Tables and lists nest at most 12 levels
 * (blocks.ts), so a dozen at once is the design, not a leak; but Node's default of 10 printed
 * "Possible EventEmitter memory leak detected" to the service's stderr for every such export.
 */
const WRITER_LISTENERS = 64;

function allowNestedWriterListeners(): void {
  wrapMethod(
    pdfmakeClass('PageElementWriter').prototype,
    'addListener',
    "the page writer's listener limit",
    (addListener) =>
      function addWriterListener(this: EventEmitter, ...args: Parameters<EventEmitter['addListener']>) {
        if (this.getMaxListeners() < WRITER_LISTENERS) this.setMaxListeners(WRITER_LISTENERS);
        return addListener.apply(this, args);
      },
  );
}

let configured = false;

/** The configured pdfmake instance (tests use it to prove the policies hold). */
export function configuredPdfmake(): PdfMake {
  if (!configured) {
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => ALLOWED_FONT_PATHS.has(file));
    pdfmake.setFonts(structuredClone(FONT_FILES));
    adjustPdfkitFonts();
    installLineMeasuring();
    // Before tagging, which wraps the line drawing in marked content.
    installLineDrawing();
    installTaggingHooks();
    allowNestedWriterListeners();
    installCompactOutput();
    configured = true;
  }
  return pdfmake;
}

const virtualFs = (): VirtualFileSystem => (pdfmake as unknown as { virtualfs: VirtualFileSystem }).virtualfs;

/** Makes pdfkit take these font files from memory: read once per thread instead of once per document. */
function preloadFonts(files: Iterable<string>): void {
  const vfs = virtualFs();
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
