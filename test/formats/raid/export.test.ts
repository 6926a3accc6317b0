/**
 * The RAiD export of the fixture plan (fixtures/raid/plan-raid.json): every value its `raid.*`
 * semantics answer, and what the plan itself gives, lands where OpenCDMP's semantics reference
 * says, as the RAiD 1.6.3 IRIs; the record validates against schemas/raid.
 */
import { raidSchemaErrors } from '../../../src/formats/raid/schema';
import { ORGANISATIONS, PEOPLE, RAID_FIXTURE as F } from '../../../fixtures/raid/build';
import { exportRaid, exportRaidDescription, raidPlanWire, recordOf } from '../../builders/raid';

const TITLE = 'https://vocabulary.raid.org/title.type.id/';
const TITLE_SCHEMA = 'https://vocabulary.raid.org/title.type.schema/376';
const DESCRIPTION = 'https://vocabulary.raid.org/description.type.id/';
const POSITION = 'https://vocabulary.raid.org/contributor.position.schema/';
const ORG_ROLE = 'https://vocabulary.raid.org/organisation.role.schema/';
const OBJECT_TYPE = 'https://vocabulary.raid.org/relatedObject.type.schema/';
const CATEGORY = 'https://vocabulary.raid.org/relatedObject.category.id/';
const ISO_639_3 = 'https://www.iso.org/standard/74575.html';

describe('RAiD export of the fixture plan', () => {
  const raw = raidPlanWire();
  const rendering = exportRaid(raw);
  const record = rendering.document;

  it('is a RAiD metadata record that validates against the RAiD 1.6.3 schema, written as UTF-8 JSON', () => {
    expect(raidSchemaErrors(record)).toEqual([]);
    expect(JSON.parse(new TextDecoder().decode(rendering.bytes))).toEqual(record);
    expect(Object.keys(record)).toEqual([
      'identifier',
      'title',
      'date',
      'description',
      'access',
      'alternateUrl',
      'contributor',
      'organisation',
      'relatedRaid',
      'relatedObject',
      'alternateIdentifier',
    ]);
  });

  it('puts the plan title first, as the primary title from the day the plan was created, in the plan language', () => {
    expect(record.title[0]).toEqual({
      text: F.title,
      type: { id: `${TITLE}380`, schemaUri: TITLE_SCHEMA },
      startDate: '2025-03-01',
      language: { id: 'eng', schemaUri: ISO_639_3 },
    });
  });

  it('ends the primary title on the day a finalized plan was finalized', () => {
    const finalized = raidPlanWire();
    finalized.status = { id: finalized.status.id, name: 'Finalized', internalStatus: 1 };
    finalized.finalizedAt = Date.parse('2025-10-02T12:00:00Z') / 1000;
    expect(recordOf(finalized).title[0]).toMatchObject({ startDate: '2025-03-01', endDate: '2025-10-02' });
  });

  it('adds the blueprint short title and every answered title with its type, language and start (raid.title.*)', () => {
    expect(record.title.slice(1)).toEqual([
      { text: F.shortTitle, type: { id: `${TITLE}379`, schemaUri: TITLE_SCHEMA }, startDate: '2025-03-01' },
      {
        text: F.titles[0].text,
        type: { id: `${TITLE}379`, schemaUri: TITLE_SCHEMA },
        startDate: F.titles[0].startDate,
        language: { id: 'eng', schemaUri: ISO_639_3 },
      },
      {
        // Picked as "es" (ISO 639-1): RAiD wants ISO 639-3.
        text: F.titles[1].text,
        type: { id: `${TITLE}379`, schemaUri: TITLE_SCHEMA },
        startDate: '2024-09',
        language: { id: 'spa', schemaUri: ISO_639_3 },
      },
      // An acronym with no date of its own starts with the plan's title.
      { text: F.titles[2].text, type: { id: `${TITLE}378`, schemaUri: TITLE_SCHEMA }, startDate: '2025-03-01' },
    ]);
  });

  it('takes the dates from raid.date.*: the blueprint start, the end of the last description that answers it', () => {
    expect(record.date).toEqual({ startDate: F.startDate, endDate: F.descriptionEndDate });
    expect(rendering.warnings).toContainEqual(
      expect.stringMatching(/raid\.date\.endDate: description 'Follow-up season'.*replaces/),
    );
  });

  it('writes the answered descriptions with their types from option values named like Java enums (raid.description.*)', () => {
    expect(record.description).toEqual([
      {
        text: F.descriptions[0].text,
        type: { id: `${DESCRIPTION}326`, schemaUri: 'https://vocabulary.raid.org/description.type.schema/320' },
        language: { id: 'eng', schemaUri: ISO_639_3 },
      },
      {
        text: F.descriptions[1].text,
        type: { id: `${DESCRIPTION}323`, schemaUri: 'https://vocabulary.raid.org/description.type.schema/320' },
        language: { id: 'eng', schemaUri: ISO_639_3 },
      },
    ]);
  });

  it('reads the access type "OpenAccess" as COAR open access, with the statement as plain text (raid.access.*)', () => {
    expect(record.access).toEqual({
      type: {
        id: 'https://vocabularies.coar-repositories.org/access_rights/c_abf2/',
        schemaUri: 'https://vocabularies.coar-repositories.org/access_rights/',
      },
      statement: { text: F.accessStatement },
    });
  });

  it('writes the identifier of the RAiD being updated, with the schemes and licence RAiD allows (raid.identifier.*)', () => {
    expect(record.identifier).toEqual({
      id: F.raidId,
      schemaUri: 'https://raid.org/',
      registrationAgency: { id: `https://ror.org/${ORGANISATIONS.ardc.ror}`, schemaUri: 'https://ror.org/' },
      // Typed as a bare ROR id; written as its URL.
      owner: {
        id: `https://ror.org/${ORGANISATIONS.uq.ror}`,
        schemaUri: 'https://ror.org/',
        servicePoint: F.servicePoint,
      },
      // Typed "CC0".
      license: 'Creative Commons CC-0',
      version: F.version,
    });
  });

  it('writes each contributor with an ORCID from the researcher reference, one position, CRediT roles and the flags (raid.contributor.*)', () => {
    const [carberry, haak, third] = record.contributor;
    expect(carberry).toEqual({
      id: `https://orcid.org/${PEOPLE.carberry.orcid}`,
      schemaUri: 'https://orcid.org/',
      position: [{ id: `${POSITION}307`, schemaUri: `${POSITION}305`, startDate: F.contributors[0].start }],
      role: [
        { id: 'https://credit.niso.org/contributor-roles/conceptualization/', schemaUri: 'https://credit.niso.org/' },
        { id: 'https://credit.niso.org/contributor-roles/supervision/', schemaUri: 'https://credit.niso.org/' },
      ],
      leader: true,
    });
    expect(haak).toMatchObject({
      id: `https://orcid.org/${PEOPLE.haak.orcid}`,
      position: [{ id: `${POSITION}308`, startDate: F.contributors[1].start }],
      role: [{ id: 'https://credit.niso.org/contributor-roles/data-curation/' }],
      contact: true,
    });
    expect(haak.leader).toBeUndefined();
    // No position answered: not the first contributor, so "Other Participant", from the record's start.
    // "No such role" is no CRediT role: left out, with a warning.
    expect(third).toEqual({
      id: `https://orcid.org/${PEOPLE.example.orcid}`,
      schemaUri: 'https://orcid.org/',
      position: [{ id: `${POSITION}311`, schemaUri: `${POSITION}305`, startDate: F.startDate }],
      role: [{ id: 'https://credit.niso.org/contributor-roles/investigation/', schemaUri: 'https://credit.niso.org/' }],
    });
    expect(rendering.warnings).toContainEqual(expect.stringContaining('"No such role" is not in the RAiD list'));
  });

  it('writes each organisation by ROR with the role its option label names and a partial start date (raid.organisation.*)', () => {
    expect(record.organisation).toEqual([
      {
        id: `https://ror.org/${ORGANISATIONS.uq.ror}`,
        schemaUri: 'https://ror.org/',
        role: [{ id: `${ORG_ROLE}182`, schemaUri: `${ORG_ROLE}359`, startDate: '2024-07' }],
      },
      {
        id: `https://ror.org/${ORGANISATIONS.qut.ror}`,
        schemaUri: 'https://ror.org/',
        role: [{ id: `${ORG_ROLE}184`, schemaUri: `${ORG_ROLE}359`, startDate: '2024' }],
      },
    ]);
  });

  it('writes the answered related objects, then the plan DOI as its output management plan and the DOIs it references (raid.relatedObject.*)', () => {
    const category = (n: number) => ({
      id: `${CATEGORY}${n}`,
      schemaUri: 'https://vocabulary.raid.org/relatedObject.category.schema/385',
    });
    const type = (n: number) => ({ id: `${OBJECT_TYPE}${n}`, schemaUri: `${OBJECT_TYPE}329` });
    expect(record.relatedObject).toEqual([
      {
        id: `https://doi.org/${F.relatedObjects[0].id}`,
        schemaUri: 'https://doi.org/',
        type: type(269),
        category: [category(190)],
      },
      {
        id: F.relatedObjects[1].id,
        schemaUri: 'https://doi.org/',
        type: type(250),
        category: [category(191), category(190)],
      },
      { id: `https://doi.org/${F.planDoi}`, schemaUri: 'https://doi.org/', type: type(247), category: [category(190)] },
      {
        id: `https://doi.org/${F.datasetDoi}`,
        schemaUri: 'https://doi.org/',
        type: type(269),
        category: [category(190)],
      },
    ]);
  });

  it('writes alternate identifiers, alternate URLs and related RAiDs (raid.alternateIdentifier.*, raid.alternateUrl.url, raid.relatedRaid.*)', () => {
    expect(record.alternateIdentifier).toEqual([
      { id: F.alternateIdentifiers[0].id, type: F.alternateIdentifiers[0].type },
    ]);
    expect(record.alternateUrl).toEqual([{ url: F.alternateUrls[0] }]);
    expect(record.relatedRaid).toEqual([
      {
        id: `https://raid.org/${F.relatedRaids[0].id}`,
        type: {
          id: 'https://vocabulary.raid.org/relatedRaid.type.schema/202',
          schemaUri: 'https://vocabulary.raid.org/relatedRaid.type.schema/367',
        },
      },
    ]);
  });

  it('leaves out hidden answers and canceled descriptions', () => {
    const text = new TextDecoder().decode(rendering.bytes);
    expect(text).not.toContain(F.alternateUrls[1]);
    expect(text).not.toContain('CANCELED-');
  });

  it('exports one description as the plan record with only that description’s answers', () => {
    const described = raidPlanWire().descriptions[1];
    const single = exportRaidDescription(described).document;
    expect(raidSchemaErrors(single)).toEqual([]);
    expect(single.title[0].text).toBe(F.title);
    expect(single.date).toEqual({ startDate: F.startDate, endDate: F.descriptionEndDate });
    // That description names no contributor: the blueprint's researchers stand in.
    expect(single.contributor.map((c) => c.id)).toEqual([
      `https://orcid.org/${PEOPLE.carberry.orcid}`,
      `https://orcid.org/${PEOPLE.haak.orcid}`,
    ]);
    expect(single.alternateUrl).toBeUndefined();
  });
});
