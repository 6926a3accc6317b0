/**
 * How wide text is in the document look's fonts (look.ts: DejaVu Sans, DejaVu Sans Mono), for the
 * writers that do not draw the text themselves: the DOCX writer sizes its table columns and
 * estimates its pages with these widths. They come from the same DejaVu files the PDF writer
 * embeds (the dejavu-fonts-ttf package): each character's advance width, as Word sets text (it does
 * not kern unless asked), without fontkit's shaper, whose tables would take megabytes of an export
 * thread's heap; kerning makes the PDF's words at most a few per cent narrower. Characters DejaVu
 * lacks count as a reader's fallback font draws them: ideographs, kana and Hangul one em, anything
 * else about the width of a Latin letter.
 *
 * A font a template names instead (a Word user's "Georgia") is measured as DejaVu Sans, which is
 * wider than most: text sized with it still fits.
 */
import fs from 'node:fs';
import fontkit = require('fontkit');

export interface FontStyle {
  bold?: boolean;
  italic?: boolean;
  monospace?: boolean;
}

const FILES = {
  sans: ['DejaVuSans', 'DejaVuSans-Bold', 'DejaVuSans-Oblique', 'DejaVuSans-BoldOblique'],
  mono: ['DejaVuSansMono', 'DejaVuSansMono-Bold', 'DejaVuSansMono-Oblique', 'DejaVuSansMono-BoldOblique'],
} as const;

interface Face {
  font: fontkit.Font;
  /** Text -> width in em. Cleared when it grows past the limit. */
  widths: Map<string, number>;
  /** Code point -> advance width in em. */
  advances: Map<number, number>;
  /** Ascent plus descent, in em. */
  lineHeight: number;
}

/** The faces read so far, by index: monospace 4, bold 1, italic 2. */
const faces: (Face | undefined)[] = [];

function face(style: FontStyle): Face {
  const index = (style.monospace ? 4 : 0) + (style.bold ? 1 : 0) + (style.italic ? 2 : 0);
  let found = faces[index];
  if (!found) {
    const file = FILES[style.monospace ? 'mono' : 'sans'][index % 4];
    const font = fontkit.create(fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}.ttf`))) as fontkit.Font;
    found = {
      font,
      widths: new Map(),
      advances: new Map(),
      lineHeight: (font.ascent - font.descent) / font.unitsPerEm,
    };
    faces[index] = found;
  }
  return found;
}

const isWide = (code: number): boolean =>
  (code >= 0x1100 && code <= 0x11ff) ||
  (code >= 0x2e80 && code <= 0xa4cf) ||
  (code >= 0xac00 && code <= 0xd7a3) ||
  (code >= 0xf900 && code <= 0xfaff) ||
  (code >= 0xfe30 && code <= 0xfe4f) ||
  (code >= 0xff00 && code <= 0xff60) ||
  (code >= 0x20000 && code <= 0x3ffff);
/** A character DejaVu lacks that is not an ideograph: about a Latin letter's width. */
const OTHER_WIDTH_EM = 0.6;

const MAX_CACHED = 50_000;
const MAX_CACHED_LENGTH = 64;
/** The advance width of a character in em: the font's, or a fallback font's for one DejaVu lacks. */
function advanceEm(code: number, face: Face): number {
  let width = face.advances.get(code);
  if (width === undefined) {
    width = face.font.hasGlyphForCodePoint(code)
      ? face.font.glyphForCodePoint(code).advanceWidth / face.font.unitsPerEm
      : isWide(code)
        ? 1
        : OTHER_WIDTH_EM;
    face.advances.set(code, width);
  }
  return width;
}

function measureEm(text: string, face: Face): number {
  let width = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.codePointAt(index) as number;
    if (code > 0xffff) index++;
    width += advanceEm(code, face);
  }
  return width;
}

/** Width of `text` in em (multiply by the font size for points). */
export function textWidthEm(text: string, style: FontStyle = {}): number {
  if (text === '') return 0;
  const found = face(style);
  const { widths } = found;
  if (text.length > MAX_CACHED_LENGTH) return measureEm(text, found);
  let width = widths.get(text);
  if (width === undefined) {
    width = measureEm(text, found);
    if (widths.size >= MAX_CACHED) widths.clear();
    widths.set(text, width);
  }
  return width;
}

/** Height of one single-spaced line in em: the font's ascent plus descent, as Word and LibreOffice space lines. */
export function lineHeightEm(style: FontStyle = {}): number {
  return face(style).lineHeight;
}
