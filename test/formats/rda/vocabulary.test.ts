/** The small converters the mapping relies on: languages, sizes, numbers, identifiers, access words. */
import { parseFunderIdentifier, parseIdentifier, rdaIdentifier } from '../../../src/formats/rda/identifiers';
import { DMP_ID_TYPES, FUNDER_ID_TYPES, GRANT_ID_TYPES, PERSON_ID_TYPES } from '../../../src/formats/rda/madmp';
import { vocabulary } from '../../../src/formats/rda/schemas';
import {
  dateOfPickedInstant,
  dateOfText,
  parseByteSize,
  parseLocaleNumber,
  toRdaDateTime,
} from '../../../src/formats/rda/text';
import {
  LANGUAGE_TABLE,
  toCertification,
  toCountry,
  toCurrency,
  toDataAccess,
  toIso6391,
  toRdaLanguage,
  toYesNoUnknown,
} from '../../../src/formats/rda/vocabulary';

describe('languages', () => {
  it("the ISO 639-1 table covers the schemas' 185 codes exactly (plus nothing else)", () => {
    const schemaCodes = vocabulary('LanguageCode');
    const mapped = new Set(LANGUAGE_TABLE.map(([, three]) => three));
    expect(schemaCodes.size).toBe(185);
    expect([...mapped].filter((c) => !schemaCodes.has(c))).toEqual([]);
    expect([...schemaCodes].filter((c) => !mapped.has(c))).toEqual([]);
  });

  it.each([
    ['en', 'eng'],
    ['en-GB', 'eng'],
    ['pt_BR', 'por'],
    ['ger', 'deu'],
    ['fre', 'fra'],
    ['deu', 'deu'],
    ['gsw', null],
    ['', null],
  ])('%s -> %s', (input, expected) => {
    expect(toRdaLanguage(input)).toBe(expected);
  });

  it('maps back to ISO 639-1 for the planning service', () => {
    expect([toIso6391('deu'), toIso6391('ger'), toIso6391('en'), toIso6391('xyz')]).toEqual(['de', 'de', 'en', null]);
  });
});

describe('sizes and numbers', () => {
  it.each([
    ['52428800', 52428800],
    ['5 GB', 5_000_000_000],
    ['500MB', 500_000_000],
    ['1.5 TiB', 1_649_267_441_664],
    ['2,5 GB', 2_500_000_000],
    ['1,000 MB', 1_000_000_000],
    ['about 5 GB', null],
    ['5 parsecs', null],
    ['5 GB.', null],
  ])('byte size of %j is %j', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });

  // Their time (under 1 ms; the old pattern backtracked for over 20 s) is in `npm run bench:hostile`.
  it('reads a size padded with spaces, and refuses one padded with 4,000', () => {
    expect(parseByteSize(`  5${' '.repeat(50)}GB `)).toBe(5_000_000_000);
    for (const text of [`5${' '.repeat(4000)}GB.`, `1${' '.repeat(4000)}!`, '1 '.repeat(4000)])
      expect(parseByteSize(text)).toBeNull();
  });

  it.each([
    ['48500', 48500],
    ['48,500.50', 48500.5],
    ['48.500,50', 48500.5],
    ['1 000', 1000],
    ['2,5', 2.5],
    ['0.125', 0.125],
    ['abc', null],
  ])('number of %j is %j', (text, value) => {
    expect(parseLocaleNumber(text)).toBe(value);
  });
});

describe('dates', () => {
  // Pickers send the user's local midnight in UTC.
  it.each([
    ['+13:30 (the widest zone east covered)', '2025-09-30T10:30:00Z'],
    ['+13:00, New Zealand summer time and Tonga', '2025-09-30T11:00:00Z'],
    ['+03:00, Athens in summer', '2025-09-30T21:00:00Z'],
    ['UTC', '2025-10-01T00:00:00Z'],
    ['-05:00, New York', '2025-10-01T05:00:00Z'],
    ['-10:00, Hawaii', '2025-10-01T10:00:00Z'],
  ])('1 October picked at %s is 2025-10-01', (_zone, instant) => {
    expect(dateOfPickedInstant(new Date(instant))).toBe('2025-10-01');
  });

  it('reads the leading date of a text and rejects impossible dates', () => {
    expect(dateOfText('2024-01-01T00:00:00Z')).toBe('2024-01-01');
    expect(dateOfText('March 3, 2025')).toBe('2025-03-03');
    expect(dateOfText('2023-02-29')).toBeNull();
    expect(dateOfText('soon')).toBeNull();
  });

  it('gives null, never a "+010000-…" date or an exception, outside the years 0000 to 9999', () => {
    expect([dateOfText('20245-01-01'), dateOfText('12/31/20245'), dateOfText('March 3, 20250')]).toEqual([
      null,
      null,
      null,
    ]);
    const year10000 = new Date(Date.parse('+010000-01-01T00:00:00Z'));
    expect([dateOfPickedInstant(year10000), toRdaDateTime(year10000)]).toEqual([null, null]);
    expect([dateOfPickedInstant(new Date(NaN)), toRdaDateTime(new Date(NaN))]).toEqual([null, null]);
    expect(toRdaDateTime(new Date('9999-12-31T23:59:59.999Z'))).toBe('9999-12-31T23:59:59Z');
  });
});

describe('identifiers', () => {
  it.each([
    ['orcid:0000-0002-1825-0097', null, { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' }],
    [
      'https://orcid.org/0000-0002-1825-009x',
      null,
      { identifier: 'https://orcid.org/0000-0002-1825-009X', type: 'orcid' },
    ],
    ['0000-0002-1825-0097', null, { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' }],
    ['some-login', null, { identifier: 'some-login', type: 'other' }],
  ])('person id %s', (raw, hint, expected) => {
    expect(rdaIdentifier(parseIdentifier(raw, hint), PERSON_ID_TYPES)).toEqual(expected);
  });

  it.each([
    ['doi:10.5281/zenodo.1', null, { identifier: 'https://doi.org/10.5281/zenodo.1', type: 'doi' }],
    ['https://dx.doi.org/10.5281/zenodo.1', null, { identifier: 'https://doi.org/10.5281/zenodo.1', type: 'doi' }],
    ['hdl:11234/abc', null, { identifier: 'https://hdl.handle.net/11234/abc', type: 'handle' }],
    ['21.T11148/8f3b', 'handle', { identifier: 'https://hdl.handle.net/21.T11148/8f3b', type: 'handle' }],
    ['ark:/13030/tf5p30086k', null, { identifier: 'ark:/13030/tf5p30086k', type: 'ark' }],
    ['https://example.org/dmp/1', null, { identifier: 'https://example.org/dmp/1', type: 'url' }],
    ['5d1c-local', null, { identifier: '5d1c-local', type: 'other' }],
  ])('dmp or dataset id %s', (raw, hint, expected) => {
    expect(rdaIdentifier(parseIdentifier(raw, hint), DMP_ID_TYPES)).toEqual(expected);
  });

  it.each([
    ['501100000780', 'fundref', { identifier: 'https://doi.org/10.13039/501100000780', type: 'fundref' }],
    [
      'http://dx.doi.org/10.13039/501100000780',
      null,
      { identifier: 'https://doi.org/10.13039/501100000780', type: 'fundref' },
    ],
    ['ror:05aeg1s42', null, { identifier: 'https://ror.org/05aeg1s42', type: 'url' }],
    ['Wellcome', null, { identifier: 'Wellcome', type: 'other' }],
    ['501100001659', null, { identifier: 'https://doi.org/10.13039/501100001659', type: 'fundref' }],
  ])('funder id %s', (raw, hint, expected) => {
    expect(rdaIdentifier(parseFunderIdentifier(raw, hint), FUNDER_ID_TYPES)).toEqual(expected);
  });

  it('reads bare digits starting with 50 as FundRef only for a funder: grant numbers look alike', () => {
    expect(rdaIdentifier(parseIdentifier('501865131'), GRANT_ID_TYPES)).toEqual({
      identifier: '501865131',
      type: 'other',
    });
    expect(rdaIdentifier(parseIdentifier('5012345', 'other'), DMP_ID_TYPES)).toEqual({
      identifier: '5012345',
      type: 'other',
    });
    expect(rdaIdentifier(parseFunderIdentifier('501865131', 'other'), FUNDER_ID_TYPES)).toEqual({
      identifier: '501865131',
      type: 'other',
    });
  });
});

describe('controlled words', () => {
  it.each([
    [['open'], 'open'],
    [['Public'], 'open'],
    [['restricted'], 'shared'],
    [['on request'], 'shared'],
    [['embargoed'], 'closed'],
    [['Closed access'], 'closed'],
    [['whatever'], null],
    // Behind a login: shared with whoever may log in.
    [['ELIXIR AAI'], 'shared'],
    [['eduGAIN login'], 'shared'],
    [['Single sign-on (SSO)'], 'shared'],
    [['requires an institutional account'], 'shared'],
    [['Authenticated users'], 'shared'],
    // A login named only to say there is none.
    [['no login needed'], null],
    [['without registration'], null],
    // Letters inside a word ("aai" in "Kaaien") name no login.
    [['Kaaien'], null],
  ])('data access %j -> %s', (words, expected) => {
    expect(toDataAccess(words)).toBe(expected);
  });

  it('yes/no/unknown from words and option labels', () => {
    expect(toYesNoUnknown(['Yes, personal data'])).toBe('yes');
    expect(toYesNoUnknown(['No personal data'])).toBe('no');
    expect(toYesNoUnknown(['Not yet known'])).toBe('unknown');
    expect(toYesNoUnknown(['perhaps later'])).toBeNull();
  });

  it('currencies, countries and certifications from the schema lists', () => {
    expect([toCurrency('eur'), toCurrency('VES'), toCountry('uk'), toCountry('EU')]).toEqual(['EUR', null, 'GB', null]);
    expect([
      toCertification(['CoreTrustSeal']),
      toCertification(['ISO 16363']),
      toCertification(['gold star']),
    ]).toEqual(['coretrustseal', 'iso16363', null]);
  });
});
