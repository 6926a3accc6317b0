/**
 * Every `raid.*` semantic OpenCDMP defines (backend Semantics.json, category "raid"; the RAiD
 * transformer's semantics reference) lands in its RAiD field. One plan answers all 57 keys as
 * typed text; a scheme URI answered with the one RAiD allows passes silently, any other is
 * reported and ignored.
 */
import { RAID_KEYS } from '../../../src/formats/raid/model';
import { raidSchemaErrors } from '../../../src/formats/raid/schema';
import { exportRaid } from '../../builders/raid';
import { ORCID_A, ORCID_B, raidTestPlan } from '../../builders/raidPlans';

/** The raid category of OpenCDMP's Semantics.json (OpenCDMP/OpenCDMP 4078ff0), in its order. */
const OPENCDMP_RAID_SEMANTICS = [
  'raid.identifier.id', 'raid.identifier.schemaUri', 'raid.identifier.registrationAgency.id',
  'raid.identifier.registrationAgency.schemaUri', 'raid.identifier.owner.id', 'raid.identifier.owner.schemaUri',
  'raid.identifier.owner.servicePoint', 'raid.identifier.license', 'raid.identifier.version', 'raid.date.startDate',
  'raid.date.endDate', 'raid.title.text', 'raid.title.type.id', 'raid.title.type.schemaUri', 'raid.title.language.id',
  'raid.title.language.schemaUri', 'raid.title.startDate', 'raid.title.endDate', 'raid.description.text',
  'raid.description.type.id', 'raid.description.type.schemaUri', 'raid.description.language.id',
  'raid.description.language.schemaUri', 'raid.contributor.id', 'raid.contributor.schemaUri',
  'raid.contributor.position.id', 'raid.contributor.position.schemaUri', 'raid.contributor.position.startDate',
  'raid.contributor.position.endDate', 'raid.contributor.leader', 'raid.contributor.contact', 'raid.contributor.role.id',
  'raid.contributor.role.schemaUri', 'raid.organisation.id', 'raid.organisation.schemaUri', 'raid.organisation.role.id',
  'raid.organisation.role.schemaUri', 'raid.organisation.role.startDate', 'raid.organisation.role.endDate',
  'raid.relatedObject.id', 'raid.relatedObject.schemaUri', 'raid.relatedObject.type.id',
  'raid.relatedObject.type.schemaUri', 'raid.relatedObject.category.id', 'raid.relatedObject.category.schemaUri',
  'raid.alternateIdentifier.id', 'raid.alternateIdentifier.type', 'raid.alternateUrl.url', 'raid.relatedRaid.id',
  'raid.relatedRaid.type.id', 'raid.relatedRaid.type.schemaUri', 'raid.access.type.id', 'raid.access.type.schemaUri',
  'raid.access.embargoExpiry', 'raid.access.statement.text', 'raid.access.statement.language.id',
  'raid.access.statement.language.schemaUri',
]; // prettier-ignore

const V = 'https://vocabulary.raid.org';

/** Blueprint fields: the single values. */
const SINGLES: Record<string, string> = {
  'raid.identifier.id': '10.82841/abc123',
  'raid.identifier.schemaUri': 'https://raid.org/',
  'raid.identifier.registrationAgency.id': '038sjwq14',
  'raid.identifier.registrationAgency.schemaUri': 'https://ror.org',
  'raid.identifier.owner.id': 'https://ror.org/00rqy9422',
  'raid.identifier.owner.schemaUri': 'https://ror.org/',
  'raid.identifier.owner.servicePoint': '20000001',
  'raid.identifier.license': 'Creative Commons CC-0',
  'raid.identifier.version': '2',
  'raid.date.startDate': '2025',
  'raid.date.endDate': '2027-06',
  'raid.access.type.id': 'Embargoed access',
  'raid.access.type.schemaUri': 'https://vocabularies.coar-repositories.org/access_rights/',
  'raid.access.embargoExpiry': '2026-01-31',
  'raid.access.statement.text': 'Under embargo until the consortium agreement is signed.',
  'raid.access.statement.language.id': 'el',
  'raid.access.statement.language.schemaUri': 'https://www.iso.org/standard/74575.html',
};

const question = (title: string, item: Record<string, string>) => ({ title, keys: Object.keys(item), items: [item] });

const QUESTIONS = [
  question('Title', {
    'raid.title.text': 'Short name',
    'raid.title.type.id': 'Short',
    'raid.title.type.schemaUri': `${V}/title.type.schema/376`,
    'raid.title.language.id': 'English',
    'raid.title.language.schemaUri': 'https://www.iso.org/standard/74575.html',
    'raid.title.startDate': '2025-02',
    'raid.title.endDate': '2026-12-31',
  }),
  question('Description', {
    'raid.description.text': 'What the project does.',
    'raid.description.type.id': `${V}/description.type.id/324`,
    'raid.description.type.schemaUri': `${V}/description.type.schema/320`,
    'raid.description.language.id': 'deu',
    'raid.description.language.schemaUri': 'https://www.iso.org/standard/74575.html',
  }),
  question('Contributor', {
    'raid.contributor.id': `https://orcid.org/${ORCID_A}`,
    'raid.contributor.schemaUri': 'https://orcid.org/',
    'raid.contributor.position.id': 'Principal Investigator',
    'raid.contributor.position.schemaUri': `${V}/contributor.position.schema/305`,
    'raid.contributor.position.startDate': '2025-01-15',
    'raid.contributor.position.endDate': '2026',
    'raid.contributor.leader': 'Yes',
    'raid.contributor.contact': 'TRUE',
    'raid.contributor.role.id': 'Methodology; Software',
    'raid.contributor.role.schemaUri': 'https://credit.niso.org/',
  }),
  question('Organisation', {
    'raid.organisation.id': 'ror:00rqy9422',
    'raid.organisation.schemaUri': 'https://ror.org/',
    'raid.organisation.role.id': 'Lead Research Organization',
    'raid.organisation.role.schemaUri': `${V}/organisation.role.schema/359`,
    'raid.organisation.role.startDate': '2025-01',
    'raid.organisation.role.endDate': '2026-06-30',
  }),
  question('Related object', {
    'raid.relatedObject.id': 'doi:10.1234/abcd.5678',
    'raid.relatedObject.schemaUri': 'https://doi.org/',
    'raid.relatedObject.type.id': 'Software',
    'raid.relatedObject.type.schemaUri': `${V}/relatedObject.type.schema/329`,
    'raid.relatedObject.category.id': 'Input',
    'raid.relatedObject.category.schemaUri': `${V}/relatedObject.category.schema/385`,
  }),
  question('Alternate identifier', {
    'raid.alternateIdentifier.id': 'GRANT-42',
    'raid.alternateIdentifier.type': 'Funder grant number',
  }),
  question('Alternate URL', { 'raid.alternateUrl.url': 'https://osf.io/puwgx/' }),
  question('Related RAiD', {
    'raid.relatedRaid.id': 'https://raid.org/10.82841/parent1',
    'raid.relatedRaid.type.id': 'Continues',
    'raid.relatedRaid.type.schemaUri': `${V}/relatedRaid.type.schema/367`,
  }),
];

describe('raid.* semantics', () => {
  it('are exactly the 57 keys of OpenCDMP’s raid category', () => {
    expect([...RAID_KEYS].sort()).toEqual([...OPENCDMP_RAID_SEMANTICS].sort());
    const answered = [...Object.keys(SINGLES), ...QUESTIONS.flatMap((q) => q.keys)];
    expect(answered.sort()).toEqual([...OPENCDMP_RAID_SEMANTICS].sort());
  });

  const rendering = exportRaid(
    raidTestPlan({ singles: SINGLES, questions: QUESTIONS, descriptionHtml: '<p>The plan, <b>briefly</b>.</p>' }),
  );
  const record = rendering.document;

  it('give a record that validates, with no warning when every scheme URI is the one RAiD allows', () => {
    expect(raidSchemaErrors(record)).toEqual([]);
    expect(rendering.warnings).toEqual([]);
  });

  it('fill identifier, date and access from the blueprint (raid.identifier.*, raid.date.*, raid.access.*)', () => {
    expect(record.identifier).toEqual({
      id: 'https://raid.org/10.82841/abc123',
      schemaUri: 'https://raid.org/',
      registrationAgency: { id: 'https://ror.org/038sjwq14', schemaUri: 'https://ror.org/' },
      owner: { id: 'https://ror.org/00rqy9422', schemaUri: 'https://ror.org/', servicePoint: 20000001 },
      license: 'Creative Commons CC-0',
      version: 2,
    });
    expect(record.date).toEqual({ startDate: '2025', endDate: '2027-06' });
    expect(record.access).toEqual({
      type: {
        id: 'https://vocabularies.coar-repositories.org/access_rights/c_f1cf/',
        schemaUri: 'https://vocabularies.coar-repositories.org/access_rights/',
      },
      statement: {
        text: SINGLES['raid.access.statement.text'],
        language: { id: 'ell', schemaUri: 'https://www.iso.org/standard/74575.html' },
      },
      embargoExpiry: '2026-01-31',
    });
  });

  it('fill title and description entries (raid.title.*, raid.description.*)', () => {
    expect(record.title[1]).toEqual({
      text: 'Short name',
      type: { id: `${V}/title.type.id/381`, schemaUri: `${V}/title.type.schema/376` },
      startDate: '2025-02',
      endDate: '2026-12-31',
      language: { id: 'eng', schemaUri: 'https://www.iso.org/standard/74575.html' },
    });
    // The answered description is "Objectives"; the plan's own description is the primary one.
    expect(record.description).toEqual([
      {
        text: 'The plan, briefly.',
        type: { id: `${V}/description.type.id/326`, schemaUri: `${V}/description.type.schema/320` },
        language: { id: 'eng', schemaUri: 'https://www.iso.org/standard/74575.html' },
      },
      {
        text: 'What the project does.',
        type: { id: `${V}/description.type.id/324`, schemaUri: `${V}/description.type.schema/320` },
        language: { id: 'deu', schemaUri: 'https://www.iso.org/standard/74575.html' },
      },
    ]);
  });

  it('fill contributor and organisation entries (raid.contributor.*, raid.organisation.*)', () => {
    expect(record.contributor).toEqual([
      {
        id: `https://orcid.org/${ORCID_A}`,
        schemaUri: 'https://orcid.org/',
        position: [
          {
            id: `${V}/contributor.position.schema/307`,
            schemaUri: `${V}/contributor.position.schema/305`,
            startDate: '2025-01-15',
            endDate: '2026',
          },
        ],
        role: [
          { id: 'https://credit.niso.org/contributor-roles/methodology/', schemaUri: 'https://credit.niso.org/' },
          { id: 'https://credit.niso.org/contributor-roles/software/', schemaUri: 'https://credit.niso.org/' },
        ],
        leader: true,
        contact: true,
      },
    ]);
    expect(record.organisation).toEqual([
      {
        id: 'https://ror.org/00rqy9422',
        schemaUri: 'https://ror.org/',
        role: [
          {
            id: `${V}/organisation.role.schema/182`,
            schemaUri: `${V}/organisation.role.schema/359`,
            startDate: '2025-01',
            endDate: '2026-06-30',
          },
        ],
      },
    ]);
  });

  it('fill related objects, alternate identifiers and URLs, related RAiDs', () => {
    expect(record.relatedObject).toEqual([
      {
        id: 'https://doi.org/10.1234/abcd.5678',
        schemaUri: 'https://doi.org/',
        type: { id: `${V}/relatedObject.type.schema/259`, schemaUri: `${V}/relatedObject.type.schema/329` },
        category: [{ id: `${V}/relatedObject.category.id/191`, schemaUri: `${V}/relatedObject.category.schema/385` }],
      },
    ]);
    expect(record.alternateIdentifier).toEqual([{ id: 'GRANT-42', type: 'Funder grant number' }]);
    expect(record.alternateUrl).toEqual([{ url: 'https://osf.io/puwgx/' }]);
    expect(record.relatedRaid).toEqual([
      {
        id: 'https://raid.org/10.82841/parent1',
        type: { id: `${V}/relatedRaid.type.schema/204`, schemaUri: `${V}/relatedRaid.type.schema/367` },
      },
    ]);
  });

  it('report a scheme URI RAiD does not allow and ignore it', () => {
    const { document, warnings } = exportRaid(
      raidTestPlan({
        questions: [
          question('Contributor', {
            'raid.contributor.id': ORCID_B,
            'raid.contributor.leader': 'yes',
            'raid.contributor.contact': 'yes',
            'raid.contributor.role.id': 'Validation',
            'raid.contributor.role.schemaUri': 'https://example.org/roles/',
          }),
        ],
      }),
    );
    expect(document.contributor[0].role).toEqual([
      { id: 'https://credit.niso.org/contributor-roles/validation/', schemaUri: 'https://credit.niso.org/' },
    ]);
    expect(warnings).toEqual([
      expect.stringContaining('raid.contributor.role.schemaUri "https://example.org/roles/" is not one RAiD allows'),
    ]);
  });
});
