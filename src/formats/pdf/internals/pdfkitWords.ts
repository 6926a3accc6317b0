/**
 * The pieces pdfkit lays text out in (EmbeddedFont.layout): each word with the space or tab after
 * it, the last piece being whatever is left. Its layouts are cached per piece, so code that reuses
 * them (lineMeasuring.ts, lineDrawing.ts) must cut text exactly the same way. What those keep
 * per font of a document (a word's glyphs, a short run's width) is kept by keptPerFont.
 */

/** Visits the pieces in order; `visit` returning false stops. False when stopped. */
export function eachPdfkitWord(text: string, visit: (word: string) => boolean | void): boolean {
  let start = 0;
  for (let index = 0; index < text.length;) {
    const char = text.charCodeAt(index++);
    if (char !== 0x20 && char !== 0x09 && index < text.length) continue;
    if (visit(text.slice(start, index)) === false) return false;
    start = index;
  }
  return true;
}

/** Texts up to this long are kept per font (labels and short answers recur); longer lines seldom do. */
export const KEPT_TEXT_LENGTH = 64;

/**
 * A value per font of a document and text, worked out once by `compute` (a function of the font
 * and the text, so that a look-up allocates nothing). Texts longer than `maxLength` are worked
 * out every time and never kept. The fonts are the document's: what is kept goes with it.
 */
export function keptPerFont<Font extends object, T>(
  compute: (font: Font, text: string) => T,
  maxLength = Number.POSITIVE_INFINITY,
): (font: Font, text: string) => T {
  const byFont = new WeakMap<Font, Map<string, T>>();
  return (font, text) => {
    if (text.length > maxLength) return compute(font, text);
    let kept = byFont.get(font);
    if (!kept) byFont.set(font, (kept = new Map()));
    if (kept.has(text)) return kept.get(text) as T;
    const value = compute(font, text);
    kept.set(text, value);
    return value;
  };
}
