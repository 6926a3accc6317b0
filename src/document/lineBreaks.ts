/**
 * Where a line may break: shared by the PDF writer, which breaks lines itself, and by the measuring
 * both document writers size table columns with (document/tableColumns.ts).
 *
 * Break opportunities come from the Unicode line-breaking algorithm (UAX #14, the `linebreak`
 * package, the one pdfkit and pdfmake use), with two rules of our own on top:
 * - no line starts with a hyphen or dash ("data - analysis" keeps "data -" together);
 * - inside a URL the opportunities (after "/", before "?"...) are kept for emergencies: they are
 *   used only when the URL does not fit on a line of its own.
 */
import LineBreaker = require('linebreak');

/** No break before this character. */
export const NO_BREAK = 0;
/** A line may break before this character. */
export const BREAK = 1;
/** A line may break here only when the unbreakable stretch around it is wider than the line (URLs). */
export const EMERGENCY_BREAK = 2;

/**
 * ASCII text of letters, digits, spaces and a few marks, for which UAX #14 reduces to "break after
 * spaces, except before . , : ;": the common case, answered without the full algorithm.
 */
const SIMPLE_ASCII = /^[A-Za-z0-9 .,:;'"]*$/;

/** Whether a line of `text` may break only after its spaces (UAX #14 on simple ASCII). */
export const breaksOnlyAfterSpaces = (text: string): boolean => SIMPLE_ASCII.test(text);
/** Space, full stop, comma, colon, semicolon: no break before them (UAX #14 rules LB7 and LB13). */
const noBreakBeforeSimple = (code: number): boolean =>
  code === 0x20 || code === 0x2e || code === 0x2c || code === 0x3a || code === 0x3b;
/** Hyphens and dashes: a line never starts with one. */
const DASHES = /[-\u2010-\u2015\u2212\ufe58\ufe63\uff0d]/;
const URL = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.|\bmailto:|\bdoi:)[^\s]+/giu;

/**
 * For each UTF-16 index of `text`, whether a line may break before it: NO_BREAK, BREAK or
 * EMERGENCY_BREAK. Index 0 is never a break.
 */
export function breakOpportunities(text: string): Uint8Array {
  const breaks = new Uint8Array(text.length);
  if (breaksOnlyAfterSpaces(text)) {
    for (let index = 1; index < text.length; index++) {
      if (text.charCodeAt(index - 1) === 0x20 && !noBreakBeforeSimple(text.charCodeAt(index))) breaks[index] = BREAK;
    }
    return breaks;
  }
  const breaker = new LineBreaker(text);
  for (let found = breaker.nextBreak(); found !== null; found = breaker.nextBreak()) {
    if (found.position < text.length && !DASHES.test(text[found.position])) breaks[found.position] = BREAK;
  }
  if (text.includes(':') || text.includes('www.')) {
    for (const match of text.matchAll(URL)) {
      const end = match.index + match[0].length;
      for (let index = match.index + 1; index < end; index++)
        if (breaks[index] === BREAK) breaks[index] = EMERGENCY_BREAK;
    }
  }
  return breaks;
}
