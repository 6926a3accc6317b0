/**
 * Plan-level RDA mapping (RdaMapper.ts: description, dates, language, ids; people.ts: contact,
 * contributors): the exact warnings a user reads, where the contact and its id come from, the
 * 422 that says which field to fill, and how people listed twice become one contributor. Every
 * export runs in this process so that mutation testing credits these tests.
 */
import { statusOf } from '../../../src/http/errors';
import { reference, ExtraDataType, SystemFieldType } from '../../../fixtures/lib/wire';
import { decodePlan } from '../../../src/contract/decode';
import { renderRda } from '../../../src/formats/rda/export/export';
import { rdaVersionChoice } from '../../../src/formats/rda/version';
import { buildPlanView } from '../../../src/plan/buildPlanView';
import {
  ajvErrors,
  CONTEXT,
  dmpOf,
  exportPlanWire,
  planWithQuestions,
  referenceField,
  type TestBlueprintField,
  testId,
  type TestPlan,
  testPlanWire,
  testReference,
  thrown,
} from '../../builders/rda';

const ORCID = { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' };

const textField = (semantics: string[], label: string, text?: string): TestBlueprintField => ({
  field: { kind: 'extra', id: testId('extra'), label, dataType: ExtraDataType.Text, semantics },
  value: text === undefined ? undefined : { text },
});
const systemField = (
  systemFieldType: (typeof SystemFieldType)[keyof typeof SystemFieldType],
  label: string | undefined,
  semantics: string[] = [],
): TestBlueprintField => ({
  field: { kind: 'system', id: testId('system'), label, systemFieldType, semantics },
});
const josiah = (id: string, email: string) =>
  testReference('researchers', 'Josiah Carberry', id, [['primaryEmail', email]]);

describe('created, modified and language', () => {
  it('names dmp.created and dmp.modified in the warning about an answer that is no date', () => {
    const result = exportPlanWire(
      testPlanWire({
        blueprintFields: [
          textField(['rda.dmp.created'], 'Created on', '20245-01-01'),
          textField(['rda.dmp.modified'], 'Last change', 'soon'),
        ],
      }),
    );
    expect(result.warnings).toEqual([
      'blueprint field \'Created on\': "20245-01-01" is not a date in the years 0000 to 9999; it is not used for dmp.created.',
      'blueprint field \'Last change\': "soon" is not a date in the years 0000 to 9999; it is not used for dmp.modified.',
    ]);
    expect(result.document.dmp.created).toBe('2025-01-02T03:04:05Z');
    expect(result.document.dmp.modified).toBe('2025-02-03T04:05:06Z');
  });

  it('quotes an empty text for an answer that has none (links to plans tagged as a date and a language)', () => {
    const raw = planWithQuestions([
      {
        title: 'Links',
        fields: [
          { type: 'internalEntitiesPlans', label: 'Related plans', semantics: ['rda.dmp.created', 'rda.dmp.language'] },
        ],
        items: [[[testId('linked-plan')]]],
      },
    ]);
    const result = exportPlanWire(raw);
    const source = "question 'Links' of description 'Dataset one', field 'Related plans'";
    expect(result.warnings).toEqual([
      `${source}: "" is not a date in the years 0000 to 9999; it is not used for dmp.created.`,
      `${source}: "" is not a language the RDA schemas know; the plan language is used.`,
    ]);
    expect(result.document.dmp.language).toBe('eng');
  });

  it('uses the export time, with a warning, for a plan that has neither a created nor an updated time', () => {
    const raw = testPlanWire({});
    raw.createdAt = null;
    raw.updatedAt = null;
    const view = buildPlanView(decodePlan(raw), { transformerId: CONTEXT.transformerId });
    const result = renderRda(view, [], rdaVersionChoice(view.configuration), new Date('2026-11-24T16:30:00.250Z'));
    expect(result.document.dmp.created).toBe('2026-11-24T16:30:00Z');
    expect(result.document.dmp.modified).toBe('2026-11-24T16:30:00Z');
    expect(result.warnings).toEqual([
      'The plan has no created time; the export time is used for dmp.created.',
      'The plan has no modified time; the export time is used for dmp.modified.',
    ]);
  });

  it('names the answer that is no language, and takes the plan language instead', () => {
    const result = exportPlanWire(
      testPlanWire({
        language: 'de',
        blueprintFields: [textField(['rda.dmp.language'], 'Language of the plan', 'Klingon')],
      }),
    );
    expect(result.document.dmp.language).toBe('deu');
    expect(result.warnings).toEqual([
      'blueprint field \'Language of the plan\': "Klingon" is not a language the RDA schemas know; the plan language is used.',
    ]);
  });

  it('says the plan has no language (quoted empty) when it has none, and writes eng', () => {
    const result = exportPlanWire(testPlanWire({ language: null }));
    expect(result.document.dmp.language).toBe('eng');
    expect(result.warnings).toEqual(['The plan language "" has no RDA language code; "eng" is used.']);
  });
});

describe('1.2 identifiers', () => {
  it("writes the previous version's DOI as related_identifier (IsNewVersionOf), valid against 1.2", () => {
    const raw = testPlanWire({ rdaVersion: '1.2' });
    raw.previousDOI = '10.5281/zenodo.41';
    const { document } = exportPlanWire(raw);
    expect(document.dmp.related_identifier).toEqual([
      { identifier: 'https://doi.org/10.5281/zenodo.41', type: 'doi', relation_type: 'IsNewVersionOf' },
    ]);
    expect(Object.keys(document.dmp)).not.toContain('');
    expect(ajvErrors('1.2', document)).toEqual([]);
  });
});

describe('contact', () => {
  it('names the plan contact whose e-mail is not valid, by name', () => {
    const result = exportPlanWire(
      testPlanWire({
        contacts: [
          ['No', 'Mail', 'not-an-address'],
          ['Ana', 'Silva', 'ana.silva@example.org'],
        ],
      }),
    );
    expect(result.document.dmp.contact.mbox).toBe('ana.silva@example.org');
    expect(result.warnings).toEqual([
      'plan contact \'No Mail\': "not-an-address" is not a valid e-mail address for the RDA contact.',
    ]);
  });

  it('names the blueprint Contact field, not the plan contact, when that field answers for the contact', () => {
    const result = exportPlanWire(
      testPlanWire({
        contacts: [
          ['No', 'Mail', 'not-an-address'],
          ['Ana', 'Silva', 'ana.silva@example.org'],
        ],
        blueprintFields: [
          systemField(SystemFieldType.Contact, 'Contact persons', ['rda.dmp.contact.mbox']),
          textField(['rda.dmp.contact.contact_id.identifier'], 'Contact ORCID', '0000-0002-1825-0097'),
        ],
      }),
    );
    expect(result.warnings).toEqual([
      'blueprint field \'Contact persons\': "not-an-address" is not a valid e-mail address for the RDA contact.',
    ]);
    // The ORCID answered for the contact goes with the person the Contact field names.
    expect(result.document.dmp.contact).toEqual({
      name: 'Ana Silva',
      mbox: 'ana.silva@example.org',
      contact_id: ORCID,
    });
  });

  it('names the plan member whose e-mail is not valid, and falls to an owner', () => {
    const result = exportPlanWire(
      testPlanWire({
        creatorEmail: 'clara.creator(at)example.org',
        members: [{ name: 'Olga Owner', email: 'olga@example.org', roles: ['Owner'] }],
      }),
    );
    expect(result.document.dmp.contact).toEqual({
      name: 'Olga Owner',
      mbox: 'olga@example.org',
      contact_id: { identifier: 'olga@example.org', type: 'other' },
    });
    expect(result.warnings).toEqual([
      'plan member \'Clara Creator\': "clara.creator(at)example.org" is not a valid e-mail address for the RDA contact.',
    ]);
  });

  it('takes an owner, not another member, when the creator has no e-mail; and warns about no one', () => {
    const result = exportPlanWire(
      testPlanWire({
        creatorEmail: null,
        members: [
          { name: 'Vera Viewer', email: 'vera@example.org', roles: ['Viewer'] },
          { name: 'Olga Owner', email: 'olga@example.org', roles: ['Owner'] },
        ],
      }),
    );
    expect(result.document.dmp.contact.name).toBe('Olga Owner');
    expect(result.warnings).toEqual([]);
  });

  it('trims spaces around a contact e-mail instead of refusing it', () => {
    const result = exportPlanWire(testPlanWire({ contacts: [['Ana', 'Silva', ' ana.silva@example.org ']] }));
    expect(result.document.dmp.contact).toEqual({
      name: 'Ana Silva',
      mbox: 'ana.silva@example.org',
      contact_id: { identifier: 'ana.silva@example.org', type: 'other' },
    });
    expect(result.warnings).toEqual([]);
  });

  it('takes from a Users field the first member with an e-mail, under their own name', () => {
    const dmp = dmpOf(
      testPlanWire({
        creatorEmail: null,
        members: [
          { name: 'Nils Nomail', email: null, roles: ['Viewer'] },
          { name: 'Mia Member', email: 'mia@example.org', roles: ['Viewer'] },
        ],
        blueprintFields: [
          systemField(SystemFieldType.User, 'Responsible people', ['rda.dmp.contact.name', 'rda.dmp.contact.mbox']),
        ],
      }),
    );
    expect(dmp.contact).toEqual({
      name: 'Mia Member',
      mbox: 'mia@example.org',
      contact_id: { identifier: 'mia@example.org', type: 'other' },
    });
  });
});

describe("the contact's id", () => {
  it('is the ORCID of the researcher with the same e-mail, whatever its case', () => {
    const dmp = dmpOf(
      testPlanWire({
        contacts: [['Josiah', 'Carberry', 'Josiah@Example.org']],
        blueprintFields: [
          referenceField('researchers', 'Researchers', [josiah('orcid:0000-0002-1825-0097', 'josiah@EXAMPLE.org')]),
        ],
      }),
    );
    expect(dmp.contact).toEqual({ name: 'Josiah Carberry', mbox: 'Josiah@Example.org', contact_id: ORCID });
  });

  it('is the e-mail when that researcher has no ORCID', () => {
    const dmp = dmpOf(
      testPlanWire({
        contacts: [['Josiah', 'Carberry', 'josiah@example.org']],
        blueprintFields: [referenceField('researchers', 'Researchers', [josiah('staff-17', 'josiah@example.org')])],
      }),
    );
    expect(dmp.contact.contact_id).toEqual({ identifier: 'josiah@example.org', type: 'other' });
  });

  it('comes from a researcher a description names as contributor too', () => {
    const raw = planWithQuestions(
      [
        {
          title: 'People',
          fields: [
            {
              type: 'referenceTypes',
              label: 'Researchers',
              semantics: ['rda.dmp.contributor'],
              referenceCode: 'researchers',
            },
          ],
          items: [[{ references: [reference(josiah('0000-0002-1825-0097', 'josiah@example.org'))] }]],
        },
      ],
      { contacts: [['Josiah', 'Carberry', 'josiah@example.org']] },
    );
    expect(dmpOf(raw).contact.contact_id).toEqual(ORCID);
  });

  it('is not an ORCID from a catalogue other than researchers, which lists no contributor', () => {
    const dmp = dmpOf(
      testPlanWire({
        contacts: [['Josiah', 'Carberry', 'josiah@example.org']],
        blueprintFields: [
          referenceField('staff', 'Staff directory', [
            testReference('staff', 'Josiah Carberry', '0000-0002-1825-0097', [['primaryEmail', 'josiah@example.org']]),
          ]),
        ],
      }),
    );
    expect(dmp.contact.contact_id).toEqual({ identifier: 'josiah@example.org', type: 'other' });
    expect(dmp.contributor).toBeUndefined();
  });
});

describe('1.2 contact affiliation', () => {
  const orgs = (refs: ReturnType<typeof testReference>[], semantics: string[] = []) =>
    referenceField('organisations', 'Organisations', refs, semantics);
  const aegean = () => testReference('organisations', 'Aegean Institute', '05aeg1s42', [['pidTypeField', 'ror']]);
  const AEGEAN = { name: 'Aegean Institute', affiliation_id: { identifier: 'https://ror.org/05aeg1s42', type: 'ror' } };
  const base: TestPlan = { rdaVersion: '1.2', contacts: [['Ana', 'Silva', 'ana@example.org']] };

  it('lists an organisation once when it is both the affiliation answer and a plan organisation', () => {
    const dmp = dmpOf(testPlanWire({ ...base, blueprintFields: [orgs([aegean()], ['rda.dmp.contact.affiliation'])] }));
    expect(dmp.contact.affiliation).toEqual([AEGEAN]);
  });

  it('writes the affiliation in the output valid against 1.1 too, which allows keys it does not define below the top', () => {
    const dmp = dmpOf(
      testPlanWire({
        ...base,
        rdaVersion: '1.1',
        blueprintFields: [orgs([aegean()], ['rda.dmp.contact.affiliation'])],
      }),
    );
    expect(dmp.contact).toEqual({
      name: 'Ana Silva',
      mbox: 'ana@example.org',
      contact_id: { identifier: 'ana@example.org', type: 'other' },
      affiliation: [AEGEAN],
    });
    expect([ajvErrors('1.1', { dmp }), ajvErrors('1.2', { dmp })]).toEqual([[], []]);
  });

  it('takes the affiliation a description answers', () => {
    const raw = planWithQuestions(
      [
        {
          title: 'Contact',
          fields: [
            {
              type: 'referenceTypes',
              label: 'Affiliation',
              semantics: ['rda.dmp.contact.affiliation'],
              referenceCode: 'organisations',
            },
          ],
          items: [[{ references: [reference(aegean())] }]],
        },
      ],
      base,
    );
    expect(dmpOf(raw).contact.affiliation).toEqual([AEGEAN]);
  });

  it('keeps organisations without ids apart, and identifies one without an external id by its website', () => {
    const raw = testPlanWire({
      ...base,
      blueprintFields: [
        orgs([
          testReference('organisations', 'Reef Lab', null, [['website', 'https://reeflab.example.org']]),
          testReference('organisations', 'Kelp Lab', null, [['website', 'https://kelplab.example.org']]),
        ]),
      ],
    });
    for (const r of raw.references) r.reference.id = null;
    const { document } = exportPlanWire(raw);
    expect(document.dmp.contact.affiliation).toEqual([
      { name: 'Reef Lab', affiliation_id: { identifier: 'https://reeflab.example.org', type: 'url' } },
      { name: 'Kelp Lab', affiliation_id: { identifier: 'https://kelplab.example.org', type: 'url' } },
    ]);
    expect(ajvErrors('1.2', document)).toEqual([]);
  });
});

describe('no contact e-mail: 422', () => {
  const noEmail = (spec: TestPlan) => thrown(() => exportPlanWire(testPlanWire({ creatorEmail: null, ...spec })));

  it('says what RDA requires, and names the creator whose account could hold an e-mail', () => {
    const error = noEmail({});
    expect(statusOf(error)).toBe(422);
    expect(error.message).toBe('The plan has no contact e-mail address, which an RDA maDMP requires.');
    expect(error.details).toEqual([
      {
        path: 'Contact',
        message:
          "Add a contact with an e-mail address to the plan: the blueprint needs a 'Contact' field, or add an e-mail address to the account of the plan's creator (Clara Creator).",
      },
    ]);
  });

  it('names no creator when the creator has no name', () => {
    const raw = testPlanWire({ creatorEmail: null });
    raw.creator.name = null;
    const error = thrown(() => exportPlanWire(raw));
    expect(error.details[0].message).toBe(
      "Add a contact with an e-mail address to the plan: the blueprint needs a 'Contact' field, or add an e-mail address to the account of the plan's creator.",
    );
  });

  it('points to the field that asks for the contact e-mail, when it is not the Contact field', () => {
    const error = noEmail({ blueprintFields: [textField(['rda.dmp.contact.mbox'], 'Contact e-mail')] });
    expect(error.details).toEqual([
      {
        path: 'Contact e-mail',
        message:
          "Add a contact with an e-mail address to the plan (blueprint field 'Contact e-mail'), or an e-mail address to the account of the plan's creator (Clara Creator).",
      },
    ]);
  });

  it('points to the Contact field among others, by its label or, unlabelled, as Contact', () => {
    const labelled = noEmail({
      blueprintFields: [textField([], 'Budget notes'), systemField(SystemFieldType.Contact, 'People to ask')],
    });
    expect(labelled.details[0]).toEqual({
      path: 'People to ask',
      message: expect.stringContaining("(blueprint field 'People to ask')"),
    });
    const unlabelled = noEmail({
      blueprintFields: [textField([], 'Budget notes'), systemField(SystemFieldType.Contact, undefined)],
    });
    expect(unlabelled.details[0]).toEqual({
      path: 'Contact',
      message: expect.stringContaining("(blueprint field 'Contact')"),
    });
  });
});

describe('contributors', () => {
  it("merges a data steward into the researcher with the same e-mail; other catalogues' entries are no contributors", () => {
    const dmp = dmpOf(
      testPlanWire({
        blueprintFields: [
          referenceField('researchers', 'Researchers', [
            testReference('researchers', 'Local Person', 'staff-17', [['primaryEmail', 'local@example.org']]),
          ]),
          referenceField('organisations', 'Organisations', [
            testReference('organisations', 'Aegean Institute', '05aeg1s42', [['pidTypeField', 'ror']]),
          ]),
        ],
        members: [{ name: 'Local Person', email: 'LOCAL@example.org', roles: ['DataSteward'] }],
      }),
    );
    expect(dmp.contributor).toEqual([
      {
        name: 'Local Person',
        mbox: 'local@example.org',
        role: ['Researcher', 'DataManager'],
        contributor_id: { identifier: 'staff-17', type: 'other' },
      },
    ]);
  });

  it("writes a member's e-mail without the spaces around it", () => {
    const dmp = dmpOf(
      testPlanWire({ members: [{ name: 'Dora Steward', email: '  dora@example.org ', roles: ['DataSteward'] }] }),
    );
    expect(dmp.contributor).toEqual([
      {
        name: 'Dora Steward',
        mbox: 'dora@example.org',
        role: ['DataManager'],
        contributor_id: { identifier: 'dora@example.org', type: 'other' },
      },
    ]);
  });

  it('merges a researcher a description names into the plan researcher with the same id, without an e-mail', () => {
    const local = () => testReference('researchers', 'Local Person', 'staff-17');
    const raw = planWithQuestions(
      [
        {
          title: 'People',
          fields: [
            { type: 'referenceTypes', semantics: ['rda.dmp.contributor'], referenceCode: 'researchers' },
            {
              type: 'select',
              semantics: ['rda.dmp.contributor.role'],
              options: [{ label: 'Data curator', value: 'DataCurator' }],
            },
          ],
          items: [[{ references: [reference(local())] }, ['DataCurator']]],
        },
      ],
      { blueprintFields: [referenceField('researchers', 'Researchers', [local()])] },
    );
    expect(dmpOf(raw).contributor).toEqual([
      {
        name: 'Local Person',
        role: ['DataCurator', 'Researcher'],
        contributor_id: { identifier: 'staff-17', type: 'other' },
      },
    ]);
  });

  it("trims a researcher's e-mail, and identifies one whose external id is blank by that e-mail", () => {
    const dmp = dmpOf(
      testPlanWire({
        blueprintFields: [
          referenceField('researchers', 'Researchers', [
            testReference('researchers', 'Pat Doe', '  ', [['primaryEmail', ' pat@example.org ']]),
          ]),
        ],
      }),
    );
    expect(dmp.contributor).toEqual([
      {
        name: 'Pat Doe',
        mbox: 'pat@example.org',
        role: ['Researcher'],
        contributor_id: { identifier: 'pat@example.org', type: 'other' },
      },
    ]);
  });

  it('reads a contributor written as one text answer, with the id answered for them', () => {
    const raw = planWithQuestions([
      {
        title: 'People',
        repeats: true,
        fields: [
          { type: 'freetext', semantics: ['rda.dmp.contributor'] },
          { type: 'freetext', semantics: ['rda.dmp.contributor.contributor_id'] },
        ],
        items: [['Rui Costa', '0000-0002-1825-0097']],
      },
    ]);
    expect(dmpOf(raw).contributor).toEqual([{ name: 'Rui Costa', role: ['Researcher'], contributor_id: ORCID }]);
  });
});

describe('projects from references', () => {
  // The catalogue's identifier of the project, as written (no scheme to resolve it by).
  const REEF_ID = [{ identifier: 'reef-1', type: 'other' }];

  it('reads start and end dates written as start_date/end_date or start/end', () => {
    const projects = (fields: [string, string][]) =>
      dmpOf(
        testPlanWire({
          blueprintFields: [
            referenceField('projects', 'Project', [testReference('projects', 'REEF', 'reef-1', fields)]),
          ],
        }),
      ).project;
    expect(
      projects([
        ['start_date', '2024-02-01'],
        ['end_date', '2027-01-31'],
      ]),
    ).toEqual([{ title: 'REEF', start: '2024-02-01', end: '2027-01-31', project_id: REEF_ID }]);
    expect(
      projects([
        ['startDate', 'soon'],
        ['start', '2024-03-01'],
        ['end', '2027-02-28'],
      ]),
    ).toEqual([{ title: 'REEF', start: '2024-03-01', end: '2027-02-28', project_id: REEF_ID }]);
  });

  it("takes the project's description from its reference", () => {
    const reef = { ...testReference('projects', 'REEF', 'reef-1'), description: 'Coral reef monitoring in the Aegean' };
    const dmp = dmpOf(testPlanWire({ blueprintFields: [referenceField('projects', 'Project', [reef])] }));
    expect(dmp.project).toEqual([
      { title: 'REEF', description: 'Coral reef monitoring in the Aegean', project_id: REEF_ID },
    ]);
  });
});
