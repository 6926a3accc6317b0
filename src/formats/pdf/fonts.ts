/**
 * The PDF writer's fonts: which TTF files exist, which family draws which character, and how wide
 * a piece of text is. pdfmake has no per-glyph fallback, so every text run is split here into
 * sub-runs whose family covers each character (Latin, Greek, Cyrillic -> DejaVu; Arabic -> DejaVu
 * Sans, or Noto Sans Arabic for letters DejaVu lacks; Hebrew -> Noto Sans Hebrew; Chinese and Japanese
 * kana -> Noto Sans SC; Hangul -> Noto Sans KR).
 *
 * All fonts come from installed npm packages; nothing is downloaded. Files are read lazily, once per
 * thread (a 10 MB CJK font is only read when a document needs it), and the same buffers are served
 * to pdfmake through its virtual file system (see engine.ts), so pdfkit never re-reads them.
 */
import fs from 'node:fs';
import fontkit = require('fontkit');
import { ownValue } from '../../lookup';

export type FontVariant = 'normal' | 'bold' | 'italics' | 'bolditalics';

/** Families the writer can ask pdfmake for. */
export type FontFamily =
  | 'DejaVuSans'
  | 'DejaVuSerif'
  | 'DejaVuSansMono'
  | 'Roboto'
  /** DejaVu Sans for Arabic: its oblique faces have no Arabic, so italics fall back to upright. */
  | 'DejaVuArabic'
  | 'NotoSansArabic'
  | 'NotoSansHebrew'
  | 'NotoSansSC'
  | 'NotoSansKR';

const resolveFont = (id: string): string => require.resolve(id);
const dejavu = (file: string): string => resolveFont(`dejavu-fonts-ttf/ttf/${file}.ttf`);
const noto = (pkg: string, face: string, weight: '400Regular' | '700Bold'): string =>
  resolveFont(`@expo-google-fonts/${pkg}/${weight}/${face}_${weight}.ttf`);
/** Families without italic faces draw italics upright (CJK, Arabic and Hebrew have no italic style). */
const uprightOnly = (regular: string, bold: string): Record<FontVariant, string> => ({
  normal: regular,
  bold,
  italics: regular,
  bolditalics: bold,
});

/** Font files per family and variant (absolute paths inside node_modules). */
export const FONT_FILES: Record<FontFamily, Record<FontVariant, string>> = {
  DejaVuSans: {
    normal: dejavu('DejaVuSans'),
    bold: dejavu('DejaVuSans-Bold'),
    italics: dejavu('DejaVuSans-Oblique'),
    bolditalics: dejavu('DejaVuSans-BoldOblique'),
  },
  DejaVuSerif: {
    normal: dejavu('DejaVuSerif'),
    bold: dejavu('DejaVuSerif-Bold'),
    italics: dejavu('DejaVuSerif-Italic'),
    bolditalics: dejavu('DejaVuSerif-BoldItalic'),
  },
  DejaVuSansMono: {
    normal: dejavu('DejaVuSansMono'),
    bold: dejavu('DejaVuSansMono-Bold'),
    italics: dejavu('DejaVuSansMono-Oblique'),
    bolditalics: dejavu('DejaVuSansMono-BoldOblique'),
  },
  Roboto: {
    normal: resolveFont('pdfmake/fonts/Roboto/Roboto-Regular.ttf'),
    bold: resolveFont('pdfmake/fonts/Roboto/Roboto-Medium.ttf'),
    italics: resolveFont('pdfmake/fonts/Roboto/Roboto-Italic.ttf'),
    bolditalics: resolveFont('pdfmake/fonts/Roboto/Roboto-MediumItalic.ttf'),
  },
  DejaVuArabic: uprightOnly(dejavu('DejaVuSans'), dejavu('DejaVuSans-Bold')),
  NotoSansArabic: uprightOnly(
    noto('noto-sans-arabic', 'NotoSansArabic', '400Regular'),
    noto('noto-sans-arabic', 'NotoSansArabic', '700Bold'),
  ),
  NotoSansHebrew: uprightOnly(
    noto('noto-sans-hebrew', 'NotoSansHebrew', '400Regular'),
    noto('noto-sans-hebrew', 'NotoSansHebrew', '700Bold'),
  ),
  NotoSansSC: uprightOnly(
    noto('noto-sans-sc', 'NotoSansSC', '400Regular'),
    noto('noto-sans-sc', 'NotoSansSC', '700Bold'),
  ),
  NotoSansKR: uprightOnly(
    noto('noto-sans-kr', 'NotoSansKR', '400Regular'),
    noto('noto-sans-kr', 'NotoSansKR', '700Bold'),
  ),
};

/** Every font file the writer may use: the only local files pdfmake may open. */
export const ALLOWED_FONT_PATHS: ReadonlySet<string> = new Set(
  Object.values(FONT_FILES).flatMap((variants) => Object.values(variants)),
);

/** Families a layout template may name as `bodyFont` / `headingFont` (matched ignoring case, spaces, dashes). */
export const THEME_FONT_NAMES: Readonly<Record<string, FontFamily>> = {
  dejavusans: 'DejaVuSans',
  dejavuserif: 'DejaVuSerif',
  dejavusansmono: 'DejaVuSansMono',
  roboto: 'Roboto',
};

export function themeFontFamily(name: string | undefined): FontFamily | undefined {
  if (!name) return undefined;
  return ownValue(THEME_FONT_NAMES, name.toLowerCase().replace(/[\s_-]+/g, ''));
}

export function fontVariant(bold: boolean, italics: boolean): FontVariant {
  if (bold) return italics ? 'bolditalics' : 'bold';
  return italics ? 'italics' : 'normal';
}

// ---- lazily loaded font data (once per thread) ----

const fileBuffers = new Map<string, Buffer>();
const bufferFiles = new WeakMap<Uint8Array, string>();
const parsedFonts = new Map<string, fontkit.Font>();

/** The bytes of one of our font files, read on first use. */
export function fontFileBuffer(file: string): Buffer {
  let buffer = fileBuffers.get(file);
  if (!buffer) {
    if (!ALLOWED_FONT_PATHS.has(file)) throw new Error(`Not one of the PDF writer's fonts: ${file}`);
    buffer = fs.readFileSync(file);
    fileBuffers.set(file, buffer);
    bufferFiles.set(buffer, file);
  }
  return buffer;
}

function parsedFont(file: string): fontkit.Font {
  let font = parsedFonts.get(file);
  if (!font) {
    font = fontkit.create(fontFileBuffer(file)) as fontkit.Font;
    parsedFonts.set(file, font);
  }
  return font;
}

/** The thread's parsed copy of one of our font buffers (undefined for any other bytes). */
export function sharedParsedFont(buffer: Uint8Array): fontkit.Font | undefined {
  const file = bufferFiles.get(buffer);
  if (file === undefined) return undefined;
  const font = parsedFont(file);
  // pdfkit recognises a font it already embeds by the 'head' and 'name' tables: have them decoded.
  void font.postscriptName;
  void font.unitsPerEm;
  return font;
}

// ---- coverage: which family draws a code point ----

/** Tried in order when the primary family lacks a character. */
const FALLBACK_ORDER: FontFamily[] = ['DejaVuSans', 'NotoSansSC', 'NotoSansKR', 'NotoSansArabic', 'NotoSansHebrew'];

const coverageByFamily = new Map<FontFamily, Map<number, boolean>>();

function covers(family: FontFamily, codePoint: number): boolean {
  let coverage = coverageByFamily.get(family);
  if (!coverage) {
    coverage = new Map();
    coverageByFamily.set(family, coverage);
  }
  let has = coverage.get(codePoint);
  if (has === undefined) {
    has = parsedFont(FONT_FILES[family].normal).hasGlyphForCodePoint(codePoint);
    coverage.set(codePoint, has);
  }
  return has;
}

const isArabicBlock = (cp: number): boolean =>
  (cp >= 0x0600 && cp <= 0x06ff) ||
  (cp >= 0x0750 && cp <= 0x077f) ||
  (cp >= 0x08a0 && cp <= 0x08ff) ||
  (cp >= 0xfb50 && cp <= 0xfdff) ||
  (cp >= 0xfe70 && cp <= 0xfeff);
const isHebrewBlock = (cp: number): boolean => (cp >= 0x0590 && cp <= 0x05ff) || (cp >= 0xfb1d && cp <= 0xfb4f);

/**
 * Arabic goes to DejaVu Sans before Noto Sans Arabic on purpose: Noto draws the dots of beh, teh,
 * noon, yeh as separate mark glyphs over one shared skeleton, so the PDF's ToUnicode map (one entry
 * per glyph) cannot tell those letters apart and copy/paste or search gets the wrong letters.
 * DejaVu uses one presentation-form glyph per letter form, which extracts correctly.
 */
function ownFamily(codePoint: number, primary: FontFamily): FontFamily {
  if (isArabicBlock(codePoint)) {
    if (covers('DejaVuArabic', codePoint)) return 'DejaVuArabic';
    if (covers('NotoSansArabic', codePoint)) return 'NotoSansArabic';
  } else if (isHebrewBlock(codePoint)) {
    if (covers('NotoSansHebrew', codePoint)) return 'NotoSansHebrew';
  }
  if (covers(primary, codePoint)) return primary;
  for (const family of FALLBACK_ORDER) {
    if (family !== primary && covers(family, codePoint)) return family;
  }
  return primary;
}

/**
 * Letters pick their own family; combining marks, spaces, punctuation, digits and symbols stay with
 * their neighbour's when it has them (a mark must stay with its letter).
 */
const LETTER = /\p{L}/u;

interface CodePointFont {
  family: FontFamily;
  followsNeighbour: boolean;
}

const choiceCache = new Map<FontFamily, Map<number, CodePointFont>>();

function codePointFont(codePoint: number, primary: FontFamily): CodePointFont {
  let cache = choiceCache.get(primary);
  if (!cache) {
    cache = new Map();
    choiceCache.set(primary, cache);
  }
  let choice = cache.get(codePoint);
  if (!choice) {
    choice = { family: ownFamily(codePoint, primary), followsNeighbour: !LETTER.test(String.fromCodePoint(codePoint)) };
    cache.set(codePoint, choice);
  }
  return choice;
}

export interface FontRun {
  text: string;
  family: FontFamily;
}

/** Printable ASCII: every primary family draws it, so such text needs no per-character look-up. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/** Splits text into runs drawable by one family each; runs stay as long as the fonts allow. */
export function splitByFont(text: string, primary: FontFamily): FontRun[] {
  if (PLAIN_ASCII.test(text)) return text ? [{ text, family: primary }] : [];
  const runs: FontRun[] = [];
  let current: FontFamily | undefined;
  let start = 0;
  let index = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) as number;
    const choice = codePointFont(codePoint, primary);
    let family = choice.family;
    if (choice.followsNeighbour && current !== undefined && (current === family || covers(current, codePoint))) {
      family = current;
    }
    if (family !== current) {
      if (current !== undefined && index > start) runs.push({ text: text.slice(start, index), family: current });
      current = family;
      start = index;
    }
    index += char.length;
  }
  if (current !== undefined && index > start) runs.push({ text: text.slice(start, index), family: current });
  return runs;
}

// ---- measurement ----

/** Per font file: text -> advance width in em. Cleared when it grows past the limit. */
const MAX_CACHED_WIDTHS = 100_000;
/** Longer texts (a pasted sequence, a whole line) are measured without caching: they rarely recur. */
const MAX_CACHED_TEXT_LENGTH = 256;
const widthCache = new Map<string, Map<string, number>>();

/**
 * Advance width of `text` in points, laid out by fontkit exactly as pdfkit lays it out for pdfmake
 * (same shaping, kerning included), so lines broken here are not re-wrapped by pdfmake.
 */
export function textWidth(text: string, family: FontFamily, variant: FontVariant, fontSize: number): number {
  const file = FONT_FILES[family][variant];
  if (text.length > MAX_CACHED_TEXT_LENGTH) return layoutWidthEm(text, file) * fontSize;
  let widths = widthCache.get(file);
  if (!widths) {
    widths = new Map();
    widthCache.set(file, widths);
  }
  let em = widths.get(text);
  if (em === undefined) {
    em = layoutWidthEm(text, file);
    if (widths.size >= MAX_CACHED_WIDTHS) widths.clear();
    widths.set(text, em);
  }
  return em * fontSize;
}

function layoutWidthEm(text: string, file: string): number {
  const font = parsedFont(file);
  return font.layout(text).advanceWidth / font.unitsPerEm;
}

const lineHeights = new Map<string, number>();

/** Height of one line of text in em, as pdfkit reports it to pdfmake (ascender to descender, no gap). */
export function lineHeightEm(family: FontFamily, variant: FontVariant): number {
  const file = FONT_FILES[family][variant];
  let em = lineHeights.get(file);
  if (em === undefined) {
    const font = parsedFont(file);
    em = (font.ascent - font.descent) / font.unitsPerEm;
    lineHeights.set(file, em);
  }
  return em;
}
