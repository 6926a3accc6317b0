/**
 * Where a line may break (document/lineBreaks.ts, shared with the DOCX writer's measuring), and
 * where a word may be hyphenated: Liang's patterns (the `hyphen` package), for words wider than the
 * whole line; patterns are loaded per language on first use.
 */
import type { HyphenationFunctionSync } from 'hyphen';
import { lookupTable } from '../../lookup';

export { BREAK, breakOpportunities, breaksOnlyAfterSpaces, EMERGENCY_BREAK, NO_BREAK } from '../../document/lineBreaks';

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
