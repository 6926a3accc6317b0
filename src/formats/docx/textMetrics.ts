/**
 * How wide text is in the font our DOCX body falls back to. Our styles name no body font, so Word
 * uses Times New Roman, and LibreOffice its metric-compatible Liberation Serif (the widths below
 * are Liberation Serif's, in 1/1000 em: Times New Roman's too). Enough for a line count; nothing is
 * drawn with them.
 */

/** Advance widths of ASCII 32-126 (space to tilde), regular and bold. */
const REGULAR = [
  250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
  500, 500, 500, 278, 278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889,
  722, 722, 556, 722, 667, 556, 611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500,
  444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480,
  200, 480, 541,
];
const BOLD = [
  250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
  500, 500, 500, 333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944,
  722, 778, 611, 778, 722, 556, 667, 722, 722, 1000, 722, 722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556,
  444, 333, 500, 556, 278, 333, 556, 278, 833, 556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394,
  220, 394, 520,
];
/** Other letters: the mean of Latin-1's accented letters (Greek, Cyrillic, Arabic and Hebrew are about as wide). */
const OTHER = { regular: 553, bold: 581 };
/** Ideographs, kana and Hangul are square. */
const WIDE = 1000;
/** Monospaced code (Courier New, Liberation Mono). */
export const MONOSPACE_WIDTH = 600;
/** Height of one single-spaced line, in em: Times New Roman's ascent, descent and line gap. */
export const LINE_HEIGHT_EM = 1.15;
export const SPACE_WIDTH = REGULAR[0];

const isWide = (code: number): boolean =>
  (code >= 0x1100 && code <= 0x11ff) ||
  (code >= 0x2e80 && code <= 0xa4cf) ||
  (code >= 0xac00 && code <= 0xd7a3) ||
  (code >= 0xf900 && code <= 0xfaff) ||
  (code >= 0xff00 && code <= 0xff60);

/** Width of `text` in 1/1000 em. */
export function textWidth(text: string, bold: boolean, monospace = false): number {
  if (monospace) return text.length * MONOSPACE_WIDTH;
  const table = bold ? BOLD : REGULAR;
  const other = bold ? OTHER.bold : OTHER.regular;
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 32 && code < 127) width += table[code - 32];
    else if (code >= 0xdc00 && code <= 0xdfff)
      continue; // the second half of a surrogate pair
    else width += isWide(code) ? WIDE : other;
  }
  return width;
}
