/**
 * How many bytes pdfkit's output takes, and how long deflating them does.
 *
 * - Colours: pdfkit writes a component as the full double (0.10196078431372549 for #1a); four
 *   decimals still tell all 256 levels of a channel apart.
 * - Page contents: pdfkit deflates every stream at zlib's default level, 6; page contents are
 *   deflated at PAGE_CONTENT_LEVEL here, before pdfkit writes them (as flate all the same). Other
 *   streams (fonts, images, metadata) are pdfkit's.
 *
 * Measured on the bench's 100-description plan (250 pages, 2.7 MB of page contents as
 * lineDrawing.ts writes them): level 6 took 39 ms for 527 KB, level 5 33 ms for 533 KB, level 4
 * 28 ms for 564 KB, level 3 21 ms for 588 KB. Level 5 keeps the file smaller than level 6 made it
 * before lineDrawing.ts wrote page contents compactly (860 KB against 872 KB).
 */
import zlib from 'node:zlib';
import { pdfkitClass, wrapMethod } from './pdfmakeInternals';

const PAGE_CONTENT_LEVEL = 5;

/** A colour component (0-1) with four decimals. */
export const colorComponent = (value: number): number => Math.round(value * 1e4) / 1e4;

/** pdfkit's PDFReference, as far as ending it goes. */
interface Reference {
  compress: boolean;
  buffer: Uint8Array[] | Buffer;
  finalize(): void;
}

/** Deflates the stream at `level` when it ends; pdfkit then writes its dictionary (Filter, Length) and the bytes as they are. */
function deflateAtLevel(reference: Reference, level: number): void {
  const finalize = reference.finalize;
  reference.finalize = function finalizeAtLevel(this: Reference) {
    const chunks = this.buffer;
    if (this.compress && Array.isArray(chunks) && chunks.length > 0) {
      this.buffer = [zlib.deflateSync(Buffer.concat(chunks), { level })];
      this.compress = false;
    }
    finalize.call(this);
  };
}

let installed = false;

export function installCompactOutput(): void {
  if (installed) return;
  installed = true;
  const pdfkit = pdfkitClass().prototype;
  wrapMethod(pdfkit, '_normalizeColor', 'the compact colours', (normalize) =>
    function normalizeColor(this: unknown, color: unknown) {
      const normalized = normalize.call(this, color);
      // Gradients and spot colours are objects, left as they are.
      return Array.isArray(normalized) ? normalized.map((part) => (typeof part === 'number' ? colorComponent(part) : part)) : normalized;
    },
  );
  wrapMethod(pdfkit, 'addPage', 'the page-content compression', (addPage) =>
    function addPageWithContent(this: { page: { content: Reference } }, ...args: unknown[]) {
      const result = addPage.apply(this, args);
      deflateAtLevel(this.page.content, PAGE_CONTENT_LEVEL);
      return result;
    },
  );
}
