/**
 * Word layouts shaped once per thread, not once per document. pdfkit lays text out word by word
 * (a word with the space after it) and caches each word's layout per document font, so every
 * export shaped its words again with fontkit (GSUB and GPOS): ~50 ms of a 100-description PDF.
 * The shaping depends only on the font's bytes and the word, so it is now done once on the
 * thread's parsed copy of the font and kept.
 *
 * What stays per document is what pdfkit keeps per document: the glyph objects (each carries the
 * characters it was first looked up with, which become the ToUnicode map) and the subset. So a
 * shared layout records the glyph look-ups fontkit made while shaping the word, and a document
 * replays them on its own font, in the same order, before it takes the word's glyphs from it:
 * its glyph objects are created with the same characters, in the same order, as its own
 * shaping would have created them.
 */
import type { Font, Glyph } from 'fontkit';
import { type InstanceHook, patchMethod, unpatchMethod } from './hook';
import { FONTKIT_2_0_4, PDFKIT_0_19_1 } from './libraries';

/** A word's layout as pdfkit's `layoutRun` leaves it: positions in thousandths of an em. */
export interface WordRun {
  glyphs: Glyph[];
  positions: Array<Record<string, number>>;
  advanceWidth: number;
}

/** pdfkit's embedded font, as far as its word layouts go. */
export interface LayoutFont {
  font: Font;
  scale: number;
  layoutCache?: Record<string, WordRun>;
  layoutCached(text: string): WordRun;
}

interface SharedLayout {
  /**
   * The glyph look-ups fontkit made while shaping the word, in order: each glyph id's first one
   * only (a later look-up of an id finds the glyph made by the first), with its characters.
   */
  lookupIds: number[];
  lookupCharacters: Array<number[] | undefined>;
  glyphIds: number[];
  /** Scaled once; read only afterwards (pdfkit and lineDrawing.ts only read positions). */
  positions: Array<Record<string, number>>;
  advanceWidth: number;
}

/**
 * Glyphs kept per thread, all fonts together, before the cache starts again: a long-lived thread
 * sees many plans. A glyph takes ~260 bytes, so the cache stays under ~10 MB per thread; the bench
 * plan and the fixtures use ~15,600 (~2,100 words over 11 font files).
 */
const MAX_SHARED_GLYPHS = 40_000;
/** Longer "words" (a line of Chinese has no spaces, a URL) seldom come back: shaped per document. */
const MAX_SHARED_WORD_LENGTH = 64;

/** Per font of the thread (fonts.ts keeps one per file for the thread's life). */
const sharedLayouts = new Map<Font, Map<string, SharedLayout>>();
let sharedGlyphs = 0;

type GlyphLookup = (id: number, characters?: number[]) => Glyph;

export const glyphLookupsRecorded: InstanceHook = {
  name: 'glyph look-ups recorded',
  writtenFor: FONTKIT_2_0_4,
  target: { owner: 'TTFFont', method: 'getGlyph', parameters: ['glyph', 'characters'] },
  patchedBy: { hook: 'font sharing', path: 'this._font.font' },
  reads: {},
};

export const wordLayoutsShared: InstanceHook = {
  name: 'shared word layouts',
  writtenFor: PDFKIT_0_19_1,
  target: { owner: 'EmbeddedFont', method: 'layoutCached', parameters: ['text'] },
  patchedBy: { hook: 'font sharing', path: 'this._font' },
  reads: {
    'this.layoutCache': 'object',
    'this.scale': 'number',
    'this.font': 'object',
    'this.font.getGlyph': 'function',
  },
};

export const sharedWordLayouts: readonly InstanceHook[] = [wordLayoutsShared, glyphLookupsRecorded];

/** fontkit's layout of `word` on the thread's font, with the glyph look-ups it made. */
function shape(shared: Font, scale: number, word: string): SharedLayout {
  const lookupIds: number[] = [];
  const lookupCharacters: Array<number[] | undefined> = [];
  patchMethod(
    glyphLookupsRecorded,
    shared,
    (getGlyph) =>
      function recordedGetGlyph(this: Font, id: number, characters?: number[]) {
        if (!lookupIds.includes(id)) {
          lookupIds.push(id);
          lookupCharacters.push(characters);
        }
        return getGlyph.call(this, id, characters);
      },
  );
  let run;
  try {
    run = shared.layout(word);
  } finally {
    // The class's method again (the recording was the font's own).
    unpatchMethod(glyphLookupsRecorded, shared);
  }
  // pdfkit's layoutRun, on fontkit's fresh positions: everything in thousandths of an em.
  const positions = run.positions as unknown as Array<Record<string, number>>;
  let advanceWidth = 0;
  for (let index = 0; index < positions.length; index++) {
    const position = positions[index];
    for (const key in position) position[key] *= scale;
    position.advanceWidth = run.glyphs[index].advanceWidth * scale;
    // What fontkit's advanceWidth getter sums on pdfkit's cached run, in the same order.
    advanceWidth += position.xAdvance;
  }
  return { lookupIds, lookupCharacters, glyphIds: run.glyphs.map((glyph) => glyph.id), positions, advanceWidth };
}

function sharedLayout(shared: Font, scale: number, word: string): SharedLayout {
  let words = sharedLayouts.get(shared);
  if (!words) sharedLayouts.set(shared, (words = new Map()));
  let layout = words.get(word);
  if (!layout) {
    layout = shape(shared, scale, word);
    if (sharedGlyphs + layout.glyphIds.length > MAX_SHARED_GLYPHS) {
      for (const map of sharedLayouts.values()) map.clear();
      sharedGlyphs = 0;
    }
    words.set(word, layout);
    sharedGlyphs += layout.glyphIds.length;
  }
  return layout;
}

/**
 * Makes a document font (opened from the same bytes as `shared`) take its word layouts from the
 * thread's: its own cache first, then the shared layout replayed on its font.
 */
export function shareWordLayouts(embedded: LayoutFont, shared: Font): void {
  const cache = embedded.layoutCache;
  // pdfkit was told not to cache layouts (`fontLayoutCache: false`): leave it so.
  if (!cache) return;
  patchMethod(
    wordLayoutsShared,
    embedded,
    (ownLayout) =>
      function layoutCached(this: LayoutFont, text: string): WordRun {
        const own = cache[text];
        if (own) return own;
        if (text.length > MAX_SHARED_WORD_LENGTH) return ownLayout.call(this, text) as WordRun;
        const layout = sharedLayout(shared, this.scale, text);
        const font = this.font as unknown as { getGlyph: GlyphLookup };
        const { lookupIds, lookupCharacters } = layout;
        for (let index = 0; index < lookupIds.length; index++) font.getGlyph(lookupIds[index], lookupCharacters[index]);
        const run: WordRun = {
          glyphs: layout.glyphIds.map((id) => font.getGlyph(id)),
          positions: layout.positions,
          advanceWidth: layout.advanceWidth,
        };
        cache[text] = run;
        return run;
      },
  );
}

/** How many glyphs the thread's word layouts hold (for the memory bound's test). */
export function sharedGlyphCount(): number {
  return sharedGlyphs;
}
