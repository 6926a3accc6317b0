import fc from 'fast-check';
import LineBreaker = require('linebreak');
import {
  BREAK,
  breakOpportunities,
  EMERGENCY_BREAK,
  hyphenationPoints,
  NO_BREAK,
} from '../../../src/formats/pdf/breaks';

/** Where the `linebreak` package (UAX #14) alone allows a break. */
function uax14(text: string): number[] {
  const positions: number[] = [];
  const breaker = new LineBreaker(text);
  for (let found = breaker.nextBreak(); found !== null; found = breaker.nextBreak())
    if (found.position < text.length) positions.push(found.position);
  return positions;
}
const allowed = (text: string): number[] =>
  [...breakOpportunities(text)].flatMap((kind, index) => (kind === BREAK ? [index] : []));
const pieces = (text: string, kinds = [BREAK, EMERGENCY_BREAK]): string[] => {
  const breaks = breakOpportunities(text);
  const result: string[] = [];
  let start = 0;
  for (let index = 1; index <= text.length; index++) {
    if (index === text.length || kinds.includes(breaks[index])) {
      result.push(text.slice(start, index));
      start = index;
    }
  }
  return result;
};

describe('breakOpportunities', () => {
  it('agrees with UAX #14 on plain text, where it answers without running the algorithm', () => {
    const plain = fc.string({ unit: fc.constantFrom(...'ab Z9 .,:;\'"'.split('')), maxLength: 40 });
    fc.assert(
      fc.property(plain, (text) => expect(allowed(text)).toEqual(uax14(text))),
      { numRuns: 500 },
    );
  });

  it('breaks between ideographs but not before closing punctuation, and after a zero-width space', () => {
    expect(pieces('数据管理。计划')).toEqual(['数', '据', '管', '理。', '计', '划']);
    expect(pieces('Long\u200bword\u200bchain')).toEqual(['Long\u200b', 'word\u200b', 'chain']);
  });

  it('never breaks before a hyphen or dash, even after a space', () => {
    expect(pieces('data - analysis, well-kept 1990 – 2000')).toEqual([
      'data - ',
      'analysis, ',
      'well-',
      'kept ',
      '1990 – ',
      '2000',
    ]);
    expect(uax14('data - analysis')).toContain(5);
  });

  it('keeps the opportunities inside a URL for emergencies', () => {
    const text = 'See https://doi.org/10.5281/zenodo.1 now';
    expect(pieces(text, [BREAK])).toEqual(['See ', 'https://doi.org/10.5281/zenodo.1 ', 'now']);
    expect(pieces(text)).toEqual(['See ', 'https://', 'doi.org/10.5281/', 'zenodo.1 ', 'now']);
    expect(breakOpportunities(text)[0]).toBe(NO_BREAK);
  });
});

describe('hyphenationPoints', () => {
  it('hyphenates words with the patterns of their language', () => {
    const split = (word: string, language?: string) => {
      const points = hyphenationPoints(word, language);
      return [0, ...points].map((start, index) => word.slice(start, points[index]));
    };
    expect(split('Correspondence')).toEqual(['Cor', 're', 'spon', 'dence']);
    expect(split('Handschriftenabteilung', 'de-DE').length).toBeGreaterThan(3);
  });

  it('leaves codes, acronyms, sequences and languages without patterns alone', () => {
    expect(hyphenationPoints('ACGTACGTACGTACGT', 'en')).toEqual([]);
    expect(hyphenationPoints('dataManagementPlan', 'en')).toEqual([]);
    expect(hyphenationPoints('x'.repeat(500), 'en')).toEqual([]);
    expect(hyphenationPoints('Correspondence', 'xx')).toEqual([]);
  });
});
