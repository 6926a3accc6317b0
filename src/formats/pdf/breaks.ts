/**
 * Where a line may break, and where a word may be hyphenated.
 *
 * Break opportunities come from the Unicode line-breaking algorithm (UAX #14, the `linebreak`
 * package, the one pdfkit and pdfmake use), with two rules of our own on top:
 * - no line starts with a hyphen or dash ("data - analysis" keeps "data -" together);
 * - inside a URL the opportunities (after "/", before "?"...) are kept for emergencies: they are
 *   used only when the URL does not fit on a line of its own.
 *
 * Hyphenation (Liang's patterns, the `hyphen` package) is for words wider than the whole line;
 * patterns are loaded per language on first use.
 */
import LineBreaker = require('linebreak');
import type { HyphenationFunctionSync } from 'hyphen';
import { lookupTable } from '../../lookup';

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

// ---- hyphenation ----

type Patterns = () => HyphenationFunctionSync;

/** Languages with hyphenation patterns, by lower-case BCP 47 tag or primary subtag. */
const HYPHENATION: Record<string, Patterns> = lookupTable({
  af: () => require('hyphen/af').hyphenateSync,
  bg: () => require('hyphen/bg').hyphenateSync,
  ca: () => require('hyphen/ca').hyphenateSync,
  cs: () => require('hyphen/cs').hyphenateSync,
  cy: () => require('hyphen/cy').hyphenateSync,
  da: () => require('hyphen/da').hyphenateSync,
  de: () => require('hyphen/de').hyphenateSync,
  'de-ch': () => require('hyphen/de-ch-1901').hyphenateSync,
  el: () => require('hyphen/el').hyphenateSync,
  en: () => require('hyphen/en-us').hyphenateSync,
  'en-gb': () => require('hyphen/en-gb').hyphenateSync,
  es: () => require('hyphen/es').hyphenateSync,
  et: () => require('hyphen/et').hyphenateSync,
  eu: () => require('hyphen/eu').hyphenateSync,
  fi: () => require('hyphen/fi').hyphenateSync,
  fr: () => require('hyphen/fr').hyphenateSync,
  ga: () => require('hyphen/ga').hyphenateSync,
  gl: () => require('hyphen/gl').hyphenateSync,
  hr: () => require('hyphen/hr').hyphenateSync,
  hu: () => require('hyphen/hu').hyphenateSync,
  id: () => require('hyphen/id').hyphenateSync,
  is: () => require('hyphen/is').hyphenateSync,
  it: () => require('hyphen/it').hyphenateSync,
  la: () => require('hyphen/la').hyphenateSync,
  lt: () => require('hyphen/lt').hyphenateSync,
  lv: () => require('hyphen/lv').hyphenateSync,
  mk: () => require('hyphen/mk').hyphenateSync,
  nb: () => require('hyphen/nb').hyphenateSync,
  nl: () => require('hyphen/nl').hyphenateSync,
  nn: () => require('hyphen/nn').hyphenateSync,
  no: () => require('hyphen/nb').hyphenateSync,
  pl: () => require('hyphen/pl').hyphenateSync,
  pt: () => require('hyphen/pt').hyphenateSync,
  ro: () => require('hyphen/ro').hyphenateSync,
  ru: () => require('hyphen/ru').hyphenateSync,
  sk: () => require('hyphen/sk').hyphenateSync,
  sl: () => require('hyphen/sl').hyphenateSync,
  sq: () => require('hyphen/sq').hyphenateSync,
  sr: () => require('hyphen/sr').hyphenateSync,
  sv: () => require('hyphen/sv').hyphenateSync,
  tr: () => require('hyphen/tr').hyphenateSync,
  uk: () => require('hyphen/uk').hyphenateSync,
});

const hyphenators = new Map<string, HyphenationFunctionSync | null>();

function hyphenatorFor(language: string | undefined): HyphenationFunctionSync | null {
  const tag = (language ?? 'en').toLowerCase().replace(/_/g, '-');
  let hyphenator = hyphenators.get(tag);
  if (hyphenator === undefined) {
    const patterns = HYPHENATION[tag] ?? HYPHENATION[tag.split('-')[0]];
    hyphenator = patterns ? patterns() : null;
    hyphenators.set(tag, hyphenator);
  }
  return hyphenator;
}

const SOFT_HYPHEN = '\u00ad';
/**
 * Words as dictionaries hyphenate them: lower case, perhaps capitalised, of a word's length. Codes,
 * acronyms, identifiers and pasted sequences are cut where they must break, never hyphenated.
 */
const HYPHENATABLE = /^\p{Lu}?[\p{Ll}\p{M}'\u2019]{2,63}$/u;

/**
 * UTF-16 indices inside `word` where it may be hyphenated in `language` (BCP 47, default
 * English); none for languages without patterns and for anything that is not a word of letters.
 */
export function hyphenationPoints(word: string, language: string | undefined): number[] {
  if (!HYPHENATABLE.test(word)) return [];
  const hyphenate = hyphenatorFor(language);
  if (!hyphenate) return [];
  const points: number[] = [];
  let index = 0;
  for (const char of hyphenate(word, { hyphenChar: SOFT_HYPHEN })) {
    if (char === SOFT_HYPHEN) points.push(index);
    else index += char.length;
  }
  return points;
}
