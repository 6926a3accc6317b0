/**
 * The pieces pdfkit lays text out in (EmbeddedFont.layout): each word with the space or tab after
 * it, the last piece being whatever is left. Its layouts are cached per piece, so code that reuses
 * them (lineMeasuring.ts, lineDrawing.ts) must cut text exactly the same way.
 */

/** Visits the pieces in order; `visit` returning false stops. False when stopped. */
export function eachPdfkitWord(text: string, visit: (word: string) => boolean | void): boolean {
  let start = 0;
  for (let index = 0; index < text.length; ) {
    const char = text.charCodeAt(index++);
    if (char !== 0x20 && char !== 0x09 && index < text.length) continue;
    if (visit(text.slice(start, index)) === false) return false;
    start = index;
  }
  return true;
}
