/**
 * How pdfkit's page contents are collected and compressed, and how many bytes they take.
 *
 * - Text: pdfkit turns every operator it writes into a Buffer of its own (nine for a shaded
 *   rectangle) and joins them when the page ends. A page's operators are kept as strings here
 *   and turned into bytes once, when something other than text is written or the page ends.
 * - Colours: pdfkit writes a component as the full double (0.10196078431372549 for #1a); four
 *   decimals still tell all 256 levels of a channel apart.
 * - Deflate: pdfkit deflates every stream at zlib's default level, 6; page contents are
 *   deflated at PAGE_CONTENT_LEVEL here, before pdfkit writes them (as flate all the same). Other
 *   streams (fonts, images, metadata) are pdfkit's.
 *
 * Level 4: within 8 % of level 6's size in three quarters of its time (docs/development/pdf-hooks.md).
 */
import { deflateStream } from './deflate';
import { type InstanceHook, patchMethod, type PrototypeHook } from './hook';
import { PDFKIT_0_19_1, pdfkitClass } from './libraries';

const PAGE_CONTENT_LEVEL = 4;

/** Colour names kept with their components: a theme has a handful, a tenant's template a few more. */
const MAX_NAMED_COLORS = 1_000;

/** A colour component (0-1) with four decimals. */
export const colorComponent = (value: number): number => Math.round(value * 1e4) / 1e4;

/** pdfkit's PDFReference, as far as writing and ending it goes. */
interface Reference {
  compress: boolean;
  buffer: Uint8Array[] | Buffer;
  /** Bytes written so far (lineDrawing.ts reads it to know whether anything was drawn since). */
  uncompressedLength: number;
  write(chunk: unknown): void;
  finalize(): void;
}

export const pageContentAsText: InstanceHook = {
  name: 'page contents as text',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFReference', method: 'write', parameters: ['chunk'] },
  patchedBy: { hook: 'page-content compression', path: 'this.page.content' },
  reads: { 'this.uncompressedLength': 'number', 'this.buffer': 'array' },
};

export const pageContentDeflated: InstanceHook = {
  name: 'page contents deflated',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFReference', method: 'finalize', parameters: [] },
  patchedBy: { hook: 'page-content compression', path: 'this.page.content' },
  reads: { 'this.compress': 'boolean', 'this.buffer': 'array' },
};

/**
 * A page's contents: text kept as strings until bytes are needed, then deflated at `level` when
 * the page ends; pdfkit writes the dictionary (Filter, Length) and the bytes as they are.
 */
function collectPageContent(content: Reference, level: number): void {
  let text: string[] = [];
  /** Writes the operators kept as text with pdfkit's own write, as one chunk. */
  let flush = (): void => undefined;
  patchMethod(pageContentAsText, content, (write) => {
    flush = () => {
      if (text.length === 0) return;
      const length = content.uncompressedLength;
      // Each operator with its newline, as pdfkit's write makes them (one byte per character).
      write.call(content, Buffer.from(`${text.join('\n')}\n`, 'binary'));
      content.uncompressedLength = length;
      text = [];
    };
    return function writeText(this: Reference, chunk: unknown) {
      if (chunk instanceof Uint8Array) {
        flush();
        write.call(this, chunk);
        return;
      }
      const operators = `${chunk}`;
      text.push(operators);
      this.uncompressedLength += operators.length + 1;
    };
  });
  patchMethod(
    pageContentDeflated,
    content,
    (finalize) =>
      function finalizeAtLevel(this: Reference) {
        flush();
        const chunks = this.buffer;
        if (this.compress && Array.isArray(chunks) && chunks.length > 0) {
          this.buffer = [deflateStream(Buffer.concat(chunks), level)];
          this.compress = false;
        }
        finalize.call(this);
      },
  );
}

/** Per colour name ("#1a1a1a", "black"): its components, worked out once (pdfkit only reads them). */
const namedColors = new Map<string, readonly number[]>();

export const compactColors: PrototypeHook = {
  name: 'compact colours',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: '_normalizeColor', parameters: ['color'] },
  reads: { 'this.spotColors': 'object' },
  prototype: () => pdfkitClass().prototype,
  wrap: (normalize) =>
    function normalizeColor(this: { spotColors: Record<string, unknown> }, color: unknown) {
      const cacheable = typeof color === 'string' && !(color in this.spotColors);
      const kept = cacheable ? namedColors.get(color) : undefined;
      if (kept) return kept;
      const normalized = normalize.call(this, color);
      // Gradients and spot colours are objects, left as they are.
      if (!Array.isArray(normalized)) return normalized;
      const components = Object.freeze(
        normalized.map((part) => (typeof part === 'number' ? colorComponent(part) : part)),
      );
      if (cacheable && namedColors.size < MAX_NAMED_COLORS) namedColors.set(color, components);
      return components;
    },
};

export const pageContentCompression: PrototypeHook = {
  name: 'page-content compression',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: 'addPage', parameters: ['options'] },
  reads: { 'this.page': 'object', 'this.page.content': 'object' },
  prototype: () => pdfkitClass().prototype,
  wrap: (addPage) =>
    function addPageWithContent(this: { page: { content: Reference } }, ...args: unknown[]) {
      const result = addPage.apply(this, args);
      collectPageContent(this.page.content, PAGE_CONTENT_LEVEL);
      return result;
    },
};
