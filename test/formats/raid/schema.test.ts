/**
 * schemas/raid/raid-metadata-1.6.3.schema.json: its controlled lists are the exporter's, and it
 * refuses what the RAiD documentation and service refuse. Also the committed RAiD fixtures are
 * what fixtures/raid/build.ts writes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readPackageJson } from '../../../src/paths';
import {
  isOrcidWithBadCheckDigit,
  objectIdOf,
  orcidOf,
  personIdOf,
  raidIdOf,
  rorOf,
} from '../../../src/formats/raid/identifiers';
import { iso6393Of } from '../../../src/formats/raid/languages';
import { raidDateOfText } from '../../../src/formats/raid/dates';
import { RAID_SCHEMA_FILE, raidSchemaErrors } from '../../../src/formats/raid/schema';
import * as V from '../../../src/formats/raid/vocabulary';
import { buildRaidFixtures } from '../../../fixtures/raid/build';
import { raidPlanWire, recordOf } from '../../builders/raid';

type Schema = { $defs: Record<string, { properties: Record<string, { enum?: string[]; const?: string }> }> };
const schema = readPackageJson<Schema>(RAID_SCHEMA_FILE);

const LISTS: [string, V.Vocabulary][] = [
  ['TitleType', V.TITLE_TYPE],
  ['DescriptionType', V.DESCRIPTION_TYPE],
  ['ContributorPosition', V.CONTRIBUTOR_POSITION],
  ['ContributorRole', V.CONTRIBUTOR_ROLE],
  ['OrganisationRole', V.ORGANISATION_ROLE],
  ['RelatedObjectType', V.RELATED_OBJECT_TYPE],
  ['RelatedObjectCategory', V.RELATED_OBJECT_CATEGORY],
  ['RelatedRaidType', V.RELATED_RAID_TYPE],
  ['AccessType', V.ACCESS_TYPE],
];

describe('the RAiD schema', () => {
  it.each(LISTS)('lists exactly the exporter’s %s ids', (definition, vocabulary) => {
    expect(schema.$defs[definition].properties.id.enum).toEqual(vocabulary.terms.map((t) => t.id));
    const schemaUri = schema.$defs[definition].properties.schemaUri;
    expect(schemaUri.const ?? schemaUri.enum?.[0]).toBe(vocabulary.schemaUri);
  });

  const valid = () => recordOf(raidPlanWire());

  it('accepts the fixture’s record and refuses each thing RAiD refuses', () => {
    expect(raidSchemaErrors(valid())).toEqual([]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const broken: [string, (r: any) => void, string][] = [
      ['no primary title', (r) => r.title.splice(0, 1), '/title'],
      ['no leader', (r) => r.contributor.forEach((c: { leader?: boolean }) => delete c.leader), '/contributor'],
      ['two primary descriptions', (r) => (r.description[1].type.id = V.PRIMARY_DESCRIPTION), '/description'],
      ['a date that is no day', (r) => (r.date.startDate = '2024-02-30x'), '/date/startDate'],
      ['a month 13', (r) => (r.date.endDate = '2024-13'), '/date/endDate'],
      ['a long title', (r) => (r.title[1].text = 'x'.repeat(101)), '/title/1/text'],
      ['an unknown language', (r) => (r.title[0].language.id = 'xq9'), '/title/0/language/id'],
      ['an unknown key', (r) => (r.metadataSchema = 'x'), ''],
      [
        'an ORCID id with the ISNI scheme',
        (r) => (r.contributor[0].schemaUri = 'https://isni.org/'),
        '/contributor/0/id',
      ],
      ['embargo without expiry', (r) => (r.access.type.id = V.EMBARGOED_ACCESS), '/access'],
      ['two lead organisations', (r) => (r.organisation[1].role[0].id = V.LEAD_RESEARCH_ORGANISATION), '/organisation'],
      [
        'a closed access type',
        (r) => (r.access.type.id = 'https://vocabularies.coar-repositories.org/access_rights/c_14cb/'),
        '/access/type/id',
      ],
    ];
    for (const [what, change, at] of broken) {
      const record = valid();
      change(record);
      const errors = raidSchemaErrors(record);
      expect({ what, paths: errors.map((e) => e.instancePath) }).toEqual({ what, paths: expect.arrayContaining([at]) });
    }
  });

  it('refuses a record of the RAiD service before 1.6 (old title and description IRIs)', () => {
    const record = valid();
    record.title[0].type.id = 'https://vocabulary.raid.org/title.type.schema/5';
    expect(raidSchemaErrors(record).map((e) => e.instancePath)).toContain('/title/0/type/id');
  });
});

describe('RAiD identifiers, dates and languages', () => {
  it('read ORCIDs in every common form and check their check digit', () => {
    for (const form of [
      '0000-0002-1694-233X',
      '0000-0002-1694-233x',
      'https://orcid.org/0000-0002-1694-233X',
      'orcid:000000021694233X',
    ])
      expect(orcidOf(form)).toBe('https://orcid.org/0000-0002-1694-233X');
    expect(orcidOf('0000-0002-1694-2331')).toBeNull();
    expect(isOrcidWithBadCheckDigit('0000-0002-1694-2331')).toBe(true);
    expect(personIdOf('isni:0000000121032683')).toEqual({
      id: 'https://isni.org/isni/0000000121032683',
      schemaUri: 'https://isni.org/',
    });
  });

  it('read ROR ids and check their checksum', () => {
    expect(rorOf('https://ror.org/027bh9e22')).toBe('https://ror.org/027bh9e22');
    expect(rorOf('ror:03PNV4752')).toBe('https://ror.org/03pnv4752');
    expect(rorOf('027bh9e2')).toBeNull(); // the documentation's own typo for Leiden University
    expect(rorOf('027bh9e23')).toBeNull();
  });

  it('read related objects and RAiD names', () => {
    expect(objectIdOf('doi:10.1000/xyz')).toEqual({ id: 'https://doi.org/10.1000/xyz', schemaUri: 'https://doi.org/' });
    expect(objectIdOf('https://hdl.handle.net/1234/5')).toEqual({
      id: 'http://hdl.handle.net/1234/5',
      schemaUri: 'http://hdl.handle.net/',
    });
    expect(objectIdOf('978-3-16-148410-0')).toEqual({
      id: '9783161484100',
      schemaUri: 'https://www.isbn-international.org/',
    });
    expect(objectIdOf('https://example.org/a-page')).toBeNull();
    expect(raidIdOf('10.25.10.1234/a1b2c')).toBe('https://raid.org/10.25.10.1234/a1b2c');
    expect(raidIdOf('https://raid.org.au/10378.1/1696639')).toBe('https://raid.org.au/10378.1/1696639');
    expect(raidIdOf('my project')).toBeNull();
  });

  it('read dates of year, month or day precision only', () => {
    expect(['2024', '2024-02', '2024-02-29', '2024-02-29T10:00:00Z'].map(raidDateOfText)).toEqual([
      '2024',
      '2024-02',
      '2024-02-29',
      '2024-02-29',
    ]);
    expect(['2023-02-29', '24', '2024-2', '01/02/2024', 'since 2020'].map(raidDateOfText)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('turn 639-1 codes, 639-2/B codes and English names into ISO 639-3', () => {
    expect(['en', 'el-GR', 'ger', 'deu', 'Spanish', 'xq9'].map(iso6393Of)).toEqual([
      'eng',
      'ell',
      'deu',
      'deu',
      'spa',
      null,
    ]);
  });
});

describe('the RAiD fixtures', () => {
  it('are exactly what fixtures/raid/build.ts writes (regenerate with `npx tsx fixtures/raid/build.ts`)', () => {
    for (const [name, text] of Object.entries(buildRaidFixtures()))
      expect(readFileSync(path.join(__dirname, '../../../fixtures/raid', name), 'utf8')).toBe(text);
  });
});
