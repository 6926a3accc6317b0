/**
 * Three adjustments to how pdfkit (under pdfmake) handles our fonts, made on each font a document
 * opens (pdfkit's `font`).
 *
 * 1. Shared decoded tables. pdfkit parses every font anew for each document (`fontkit.create` on
 *    the bytes) and fontkit decodes tables lazily into a per-font cache, so every document decoded
 *    the character map, metrics and shaping lookups again (20-30 ms per document, more with CJK
 *    fonts). A newly opened font now gets the decoded-table cache of this thread's parsed copy of
 *    the same bytes. Only immutable decoded tables are shared: glyph objects (and with them the
 *    characters each glyph stands for in the ToUnicode map) and subsets stay per document.
 *
 * 2. Shared word layouts: each word's shaping is shared the same way, its glyph objects not
 *    (sharedWordLayouts.ts).
 *
 * 3. The ToUnicode map of right-to-left text. A ligature glyph such as lam-alef maps to its
 *    characters in logical order ("لا"); text extractors (poppler, pdf.js) reverse right-to-left
 *    words character by character, which swaps the two letters. Such glyphs are mapped to their
 *    characters in drawn order, so copy, paste and search give the word as written. And the
 *    non-breaking spaces between right-to-left words (see lines.ts) are mapped to plain spaces.
 */
import type { Font, Glyph } from 'fontkit';
import { sharedParsedFont } from '../fonts';
import { hasRightToLeftText } from '../lines';
import { argument, checkTarget, type InstanceHook, inUse, patchMethod, type PrototypeHook } from './hook';
import { FONTKIT_2_0_4, PDFKIT_0_19_1, pdfkitClass } from './libraries';
import { type LayoutFont, shareWordLayouts, sharedWordLayouts } from './sharedWordLayouts';

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

const FONT = ['src', 'family', 'size'] as const;
const fontSource = argument(FONT, 'src');

export const rightToLeftUnicode: InstanceHook = {
  name: 'right-to-left ToUnicode',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'EmbeddedFont', method: 'encode', parameters: ['text', 'features'] },
  patchedBy: { hook: 'font sharing', path: 'this._font' },
  reads: { 'this.unicode': 'array', 'this.subset.includeGlyph': 'function', 'this.layout': 'function' },
};

/**
 * fontkit's cache of decoded tables (a private field): the character map, metrics and shaping
 * lookups, decoded lazily and never changed afterwards, so fonts parsed from the same bytes can share it.
 */
export const sharedFontTables: InstanceHook = {
  name: 'shared font tables',
  writtenFor: FONTKIT_2_0_4,
  target: { owner: 'TTFFont', property: '_tables', kind: 'object' },
  patchedBy: { hook: 'font sharing', path: 'this._font.font' },
  reads: {},
};

const withUnicodeFix = new WeakSet<EmbeddedFont>();
const NO_BREAK_SPACE = 0xa0;

function fixRightToLeftUnicode(embedded: EmbeddedFont): void {
  if (withUnicodeFix.has(embedded)) return;
  withUnicodeFix.add(embedded);
  patchMethod(
    rightToLeftUnicode,
    embedded,
    (encode) =>
      function encodeText(this: EmbeddedFont, text: string, features?: unknown) {
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
      },
  );
}

/** The decoded-table cache of a fontkit font (the thread's copy: tests compare a document's with it). */
export function sharedTables(font: Font): object {
  checkTarget(sharedFontTables, font);
  return (font as unknown as { _tables: object })._tables;
}

function shareTables(documentFont: { _tables?: object }, shared: Font): void {
  if (!inUse(sharedFontTables)) return;
  checkTarget(sharedFontTables, documentFont);
  documentFont._tables = sharedTables(shared);
}

export const fontSharing: PrototypeHook = {
  name: 'font sharing',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'PDFDocument', method: 'font', parameters: FONT },
  reads: { 'this._font': 'object', 'this._font.font': 'object' },
  prototype: () => pdfkitClass().prototype,
  wrap: (openFont) =>
    function font(this: PdfKitDocument, ...args: unknown[]) {
      const result = openFont.apply(this, args);
      const source = fontSource.get(args);
      const embedded = this._font;
      if (!embedded || typeof embedded.encode !== 'function' || typeof embedded.layout !== 'function') return result;
      // Independent of the sharing below: a font opened from other bytes still needs the fix.
      fixRightToLeftUnicode(embedded);
      const shared = source instanceof Uint8Array ? sharedParsedFont(source) : undefined;
      if (shared && embedded.font && embedded.font !== shared) {
        shareTables(embedded.font, shared);
        shareWordLayouts(embedded as unknown as LayoutFont, shared);
      }
      return result;
    },
};

/** The instance hooks the font hook applies. */
export const fontInstanceHooks: readonly InstanceHook[] = [rightToLeftUnicode, sharedFontTables, ...sharedWordLayouts];
