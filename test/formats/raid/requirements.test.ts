/**
 * What RAiD requires and a plan may lack: a 422 naming the field to fill (every problem at once),
 * never a record the RAiD service would refuse. Values outside a controlled list or not a date
 * are left out with a warning, as OpenCDMP's transformer drops them; RAiD's documented defaults
 * and the plan's own data fill the gaps.
 */
import { raidSchemaErrors } from '../../../src/formats/raid/schema';
import { PEOPLE, RAID_BLUEPRINT_FIELDS as B } from '../../../fixtures/raid/build';
import { exportRaid, raidPlanWire, setBlueprintValue, thrown } from '../../builders/raid';
import { CONTRIBUTOR_QUESTION, ORCID_A, ORCID_B, raidTestPlan } from '../../builders/raidPlans';

const V = 'https://vocabulary.raid.org';
const problemOf = (call: () => unknown) => {
  const error = thrown(call);
  expect(error.kind).toBe('unprocessable');
  return error;
};

describe('RAiD export: what the plan must fill', () => {
  it('needs a contributor with an ORCID: a plan with none gets a 422 saying where to add one', () => {
    const error = problemOf(() => exportRaid(raidTestPlan({ questions: [] })));
    expect(error.message).toMatch(/at least one contributor with an ORCID/);
    expect(error.details).toEqual([
      {
        path: 'a blueprint or template field with the semantic raid.contributor.id',
        message: expect.stringContaining('researchers'),
      },
    ]);
  });

  it('names the question and the ORCID whose check digit is wrong', () => {
    const error = problemOf(() =>
      exportRaid(
        raidTestPlan({
          questions: [
            {
              ...CONTRIBUTOR_QUESTION,
              items: [{ ...CONTRIBUTOR_QUESTION.items[0], 'raid.contributor.id': '0000-0002-1825-0098' }],
            },
          ],
        }),
      ),
    );
    expect(error.details).toEqual([
      {
        path: "description 'Project record', question 'Contributor', field 'raid.contributor.id'",
        message: '"0000-0002-1825-0098" is not a valid ORCID: its check digit is wrong (raid.contributor.id).',
      },
    ]);
  });

  it('needs the whole identifier once one of its fields is answered, and lists every missing part', () => {
    const raw = raidPlanWire();
    setBlueprintValue(raw, B.agency);
    setBlueprintValue(raw, B.version);
    setBlueprintValue(raw, B.owner, 'value', 'https://ror.org/00rqy9423');
    const error = problemOf(() => exportRaid(raw));
    expect(error.details.map((d) => d.path)).toEqual([
      "blueprint field 'Registration agency (ROR)'",
      "blueprint field 'Owner (ROR)'",
      "blueprint field 'RAiD record version'",
    ]);
    expect(error.details[1].message).toBe(
      `"https://ror.org/00rqy9423" is not the owner's ROR id (raid.identifier.owner.id).`,
    );
  });

  it('writes no identifier when none of its fields is answered: the body of a new RAiD', () => {
    const raw = raidPlanWire();
    for (const field of [B.raidId, B.agency, B.owner, B.servicePoint, B.version, B.license])
      setBlueprintValue(raw, field);
    const record = exportRaid(raw).document;
    expect(record.identifier).toBeUndefined();
    expect(raidSchemaErrors(record)).toEqual([]);
  });

  it('needs the embargo end and a statement for embargoed access', () => {
    const raw = raidPlanWire();
    setBlueprintValue(raw, B.accessType, 'value', 'https://vocabularies.coar-repositories.org/access_rights/c_f1cf/');
    setBlueprintValue(raw, B.accessStatement);
    const error = problemOf(() => exportRaid(raw));
    expect(error.details).toEqual([
      {
        path: 'a blueprint or template field with the semantic raid.access.embargoExpiry',
        message: expect.stringContaining('date the embargo ends'),
      },
      {
        path: "blueprint field 'RAiD access statement'",
        message: expect.stringContaining('statement explaining the embargo'),
      },
    ]);
  });

  it('refuses a plan title longer than the 100 characters of a RAiD title, naming the Title field', () => {
    const raw = raidPlanWire();
    raw.label = 'A'.repeat(101);
    const error = problemOf(() => exportRaid(raw));
    expect(error.details).toEqual([
      {
        path: "blueprint field 'Title'",
        message: expect.stringMatching(/101 characters; a RAiD title has at most 100/),
      },
    ]);
  });

  it('refuses two primary descriptions and a second primary title over the same time', () => {
    const error = problemOf(() =>
      exportRaid(
        raidTestPlan({
          questions: [
            CONTRIBUTOR_QUESTION,
            {
              title: 'Descriptions',
              keys: ['raid.description.text', 'raid.description.type.id'],
              items: [
                { 'raid.description.text': 'One.', 'raid.description.type.id': 'Primary' },
                { 'raid.description.text': 'Two.', 'raid.description.type.id': 'Primary' },
              ],
            },
            {
              title: 'Titles',
              keys: ['raid.title.text', 'raid.title.type.id'],
              items: [{ 'raid.title.text': 'Another name', 'raid.title.type.id': 'Primary' }],
            },
          ],
        }),
      ),
    );
    expect(error.details.map((d) => d.message)).toEqual([
      expect.stringContaining('"Another name" is a second primary title'),
      '2 descriptions are Primary; RAiD takes exactly one (raid.description.type.id).',
    ]);
  });

  it('refuses an end date before the start date', () => {
    const error = problemOf(() =>
      exportRaid(raidTestPlan({ singles: { 'raid.date.startDate': '2025-05', 'raid.date.endDate': '2024' } })),
    );
    expect(error.details).toEqual([
      {
        path: "blueprint field 'raid.date.endDate'",
        message: expect.stringContaining('The end date 2024 is before the start date 2025-05'),
      },
    ]);
  });

  it('needs a related object’s identifier, type and category', () => {
    const error = problemOf(() =>
      exportRaid(
        raidTestPlan({
          questions: [
            CONTRIBUTOR_QUESTION,
            {
              title: 'Output',
              keys: ['raid.relatedObject.id'],
              items: [{ 'raid.relatedObject.id': 'https://example.org/page' }],
            },
          ],
        }),
      ),
    );
    expect(error.details[0].message).toMatch(/no identifier RAiD takes.*no type RAiD knows.*input, output or internal/);
  });
});

describe('RAiD export: values left out, defaults and fallbacks', () => {
  it('leaves out a value outside a controlled list and a date it cannot read, with a warning, and uses the default', () => {
    const { document, warnings } = exportRaid(
      raidTestPlan({
        singles: { 'raid.access.type.id': 'Restricted', 'raid.date.startDate': 'spring 2025' },
        questions: [
          {
            ...CONTRIBUTOR_QUESTION,
            keys: [...CONTRIBUTOR_QUESTION.keys, 'raid.contributor.position.id'],
            items: [{ ...CONTRIBUTOR_QUESTION.items[0], 'raid.contributor.position.id': 'Boss' }],
          },
        ],
      }),
    );
    expect(document.access.type.id).toBe('https://vocabularies.coar-repositories.org/access_rights/c_abf2/');
    expect(document.date.startDate).toBe('2025-06-01'); // the plan's creation
    expect(document.contributor[0].position[0].id).toBe(`${V}/contributor.position.schema/307`);
    expect(warnings).toEqual([
      expect.stringContaining('"spring 2025" is not a date'),
      expect.stringContaining('"Restricted" is not in the RAiD list for raid.access.type.id'),
      expect.stringContaining('"Boss" is not in the RAiD list for raid.contributor.position.id'),
    ]);
  });

  it('makes the first contributor the leader and contact when no answer flags one', () => {
    const { document, warnings } = exportRaid(
      raidTestPlan({
        questions: [
          {
            title: 'People',
            keys: ['raid.contributor.id'],
            items: [{ 'raid.contributor.id': ORCID_A }, { 'raid.contributor.id': ORCID_B }],
          },
        ],
      }),
    );
    expect(document.contributor.map((c) => [c.leader, c.contact, c.position[0].id])).toEqual([
      [true, true, `${V}/contributor.position.schema/307`],
      [undefined, undefined, `${V}/contributor.position.schema/311`],
    ]);
    expect(warnings).toHaveLength(2);
  });

  it('takes contributors, organisations, the project and reused datasets from the blueprint when no question names them', () => {
    const raw = raidPlanWire();
    raw.descriptions = [];
    const record = exportRaid(raw).document;
    expect(raidSchemaErrors(record)).toEqual([]);
    expect(record.contributor).toEqual([
      expect.objectContaining({
        id: `https://orcid.org/${PEOPLE.carberry.orcid}`,
        leader: true,
        contact: true,
        position: [expect.objectContaining({ id: `${V}/contributor.position.schema/307` })],
      }),
      expect.objectContaining({
        id: `https://orcid.org/${PEOPLE.haak.orcid}`,
        role: [],
        position: [expect.objectContaining({ id: `${V}/contributor.position.schema/311` })],
      }),
    ]);
    expect(record.organisation!.map((o) => [o.id, o.role[0].id])).toEqual([
      ['https://ror.org/00rqy9422', `${V}/organisation.role.schema/182`],
      ['https://ror.org/027bh9e22', `${V}/organisation.role.schema/183`],
    ]);
    expect(record.alternateIdentifier).toEqual([
      { id: 'corda_____he::101099999', type: 'Project identifier (openaire)' },
    ]);
    expect(record.relatedObject!.map((o) => o.id)).toEqual([
      'https://doi.org/10.5281/zenodo.1234567',
      'https://doi.org/10.5061/dryad.abc123',
    ]);
    // No description answers: the plan's own description is the primary one.
    expect(record.description).toEqual([
      expect.objectContaining({
        text: expect.stringContaining('Long-term monitoring'),
        type: expect.objectContaining({ id: `${V}/description.type.id/326` }),
      }),
    ]);
  });

  it('leaves withheld answers out (WITHHOLD by semantic), falling back as for unanswered ones', () => {
    const record = exportRaid(raidPlanWire(), ['raid.contributor.*', 'raid.alternateUrl.url']).document;
    expect(record.alternateUrl).toBeUndefined();
    expect(record.contributor.map((c) => c.id)).toEqual([
      `https://orcid.org/${PEOPLE.carberry.orcid}`,
      `https://orcid.org/${PEOPLE.haak.orcid}`,
    ]);
  });
});
