/**
 * Two adjustments to how pdfkit (under pdfmake) handles our fonts, installed once per thread on
 * pdfkit's font-opening method. pdfkit is resolved from pdfmake's own location, so it is the copy
 * pdfmake uses.
 *
 * 1. Shared decoded tables. pdfkit parses every font anew for each document (`fontkit.create` on
 *    the bytes) and fontkit decodes tables lazily into a per-font cache, so every document decoded
 *    the character map, metrics and shaping lookups again (20-30 ms per document, more with CJK
 *    fonts). A newly opened font now gets the decoded-table cache of this thread's parsed copy of
 *    the same bytes. Only immutable decoded tables are shared: glyph objects (and with them the
 *    characters each glyph stands for in the ToUnicode map) and subsets stay per document.
 *
 *    Each word's shaping is shared the same way, its glyph objects not (sharedWordLayouts.ts).
 *
 * 2. The ToUnicode map of right-to-left text. A ligature glyph such as lam-alef maps to its
 *    characters in logical order ("لا"); text extractors (poppler, pdf.js) reverse right-to-left
 *    words character by character, which swaps the two letters. Such glyphs are mapped to their
 *    characters in drawn order, so copy, paste and search give the word as written. And the
 *    non-breaking spaces between right-to-left words (see lines.ts) are mapped to plain spaces.
 */
import type { Glyph } from 'fontkit';
import { sharedParsedFont, sharedTables } from './fonts';
import { hasRightToLeftText } from './lines';
import { pdfkitClass, wrapMethod } from './pdfmakeInternals';
import { type LayoutFont, shareWordLayouts } from './sharedWordLayouts';

/** The parts of pdfkit's embedded font used here. */
interface EmbeddedFont {
  font?: { _tables?: object };
  unicode: number[][];
  subset: { includeGlyph(glyphId: number): number };
  layout(text: string, features?: unknown): { glyphs: Glyph[] };
  encode(text: string, features?: unknown): unknown;
}

interface PdfKitDocument {
  _font?: EmbeddedFont;
}

const withUnicodeFix = new WeakSet<EmbeddedFont>();
const NO_BREAK_SPACE = 0xa0;

function fixRightToLeftUnicode(embedded: EmbeddedFont): void {
  if (withUnicodeFix.has(embedded)) return;
  withUnicodeFix.add(embedded);
  const encode = embedded.encode;
  embedded.encode = function encodeText(this: EmbeddedFont, text: string, features?: unknown) {
    const encoded = encode.call(this, text, features);
    if (hasRightToLeftText(text)) {
      for (const glyph of this.layout(text, features).glyphs) {
        const characters = glyph.codePoints;
        if (characters.length === 1 && characters[0] === NO_BREAK_SPACE) {
          this.unicode[this.subset.includeGlyph(glyph.id)] = [0x20];
        } else if (characters.length > 1 && hasRightToLeftText(String.fromCodePoint(characters[0]))) {
          this.unicode[this.subset.includeGlyph(glyph.id)] = [...characters].reverse();
        }
      }
    }
    return encoded;
  };
}

let installed = false;

export function adjustPdfkitFonts(): void {
  if (installed) return;
  installed = true;
  wrapMethod(
    pdfkitClass().prototype,
    'font',
    'the font adjustments',
    (openFont) =>
      function font(this: PdfKitDocument, ...args: unknown[]) {
        const result = openFont.apply(this, args);
        const source = args[0];
        const embedded = this._font;
        if (!embedded || typeof embedded.encode !== 'function' || typeof embedded.layout !== 'function') return result;
        // Independent of the sharing below: a font opened from other bytes still needs the fix.
        fixRightToLeftUnicode(embedded);
        const shared = source instanceof Uint8Array ? sharedParsedFont(source) : undefined;
        if (shared && embedded.font && embedded.font !== shared) {
          embedded.font._tables = sharedTables(shared);
          shareWordLayouts(embedded as unknown as LayoutFont, shared);
        }
        return result;
      },
  );
}
