/**
 * RDA maDMP export: the fixtures validate against 1.1 and 1.2 (ajv and python-jsonschema), and
 * each mapping rule holds: semantic answers first, fallbacks from the plan otherwise.
 */
import { statusOf } from '../../../src/http/errors';
import { generatePlanJson } from '../../../fixtures/generate';
import { reference } from '../../../fixtures/lib/wire';
import { ExtraDataType, SystemFieldType } from '../../../fixtures/lib/wire';
import type { Dataset, MaDmpDocument } from '../../../src/formats/rda/madmp';
import {
  ajvErrors,
  dmpOf,
  exportDescriptionWire,
  exportPlanWire,
  fixture,
  nullPaths,
  planWithQuestions,
  pythonValidate,
  REFERENCE_TYPE,
  referenceField,
  type TestBlueprintField,
  testId,
  testPlanWire,
  testReference,
  thrown,
  type Wire,
} from '../../builders/rda';

const datasetOf = (raw: Wire): Dataset => dmpOf(raw).dataset[0];

function extraField(
  semantics: string[],
  label: string,
  value: TestBlueprintField['value'],
  dataType: number = ExtraDataType.Text,
): TestBlueprintField {
  return { field: { kind: 'extra', id: testId('extra'), label, dataType: dataType as 0, semantics }, value };
}

describe('fixtures validate against both schema versions', () => {
  // Exported inside each test, not once for the file: mutation testing then knows which tests
  // reach which mapping code, instead of running every test for every planted bug.
  const exports: Record<string, () => MaDmpDocument> = {
    'plan-full.json': () => exportPlanWire(fixture('plan-full.json')).document,
    'description-full.json': () => exportDescriptionWire(fixture('description-full.json')).document,
    'generatePlanJson(12)': () => exportPlanWire(JSON.parse(generatePlanJson(12))).document,
    'plan-minimal.json': () => exportPlanWire(fixture('plan-minimal.json')).document,
  };

  it.each(Object.keys(exports))('%s: ajv finds no error against 1.1 or 1.2, and there is no null', (name) => {
    const document = exports[name]();
    expect(ajvErrors('1.1', document)).toEqual([]);
    expect(ajvErrors('1.2', document)).toEqual([]);
    expect(nullPaths(document)).toEqual([]);
  });

  it('python-jsonschema (Draft 7 for 1.1, 2020-12 for 1.2) agrees, and does reject a broken document', () => {
    const documents = Object.values(exports).map((exportDocument) => exportDocument());
    const broken = structuredClone(documents[0]) as Wire;
    broken.dmp.language = 'en';
    delete broken.dmp.contact.mbox;
    const results = pythonValidate([...documents, broken]);
    for (const result of results.slice(0, -1)) expect([result['1.1'], result['1.2']]).toEqual([[], []]);
    const rejected = results.at(-1)!;
    expect(rejected['1.1'].join('\n')).toMatch(/language/);
    expect(rejected['1.2'].join('\n')).toMatch(/mbox/);
  });

  it('writes UTF-8 JSON indented with two spaces', () => {
    const planFull = exportPlanWire(fixture('plan-full.json'));
    const text = new TextDecoder().decode(planFull.bytes);
    expect(text.startsWith('{\n  "dmp": {\n    "title"')).toBe(true);
    expect(JSON.parse(text)).toEqual(planFull.document);
    expect(text).toContain('Ιωάννα Γεωργίου');
  });

  it('plan-full: one dataset per non-canceled description, with its distributions and licences', () => {
    const dmp = dmpOf(fixture('plan-full.json'));
    expect(dmp.dataset.map((d) => d.title)).toEqual(
      expect.arrayContaining([
        'Seagrass transect measurements',
        'Hydrophone recordings',
        'Fisher community interviews',
      ]),
    );
    // Hidden answers here have no RDA mapping; test/formats/rda/visibility.test.ts hides mapped ones.
    expect(JSON.stringify(dmp)).not.toMatch(/CANCELED-|HIDDEN-|EXCLUDED-/);
    const seagrass = dmp.dataset.find((d) => d.title === 'Seagrass transect measurements')!;
    expect(seagrass.dataset_id).toEqual({ identifier: 'https://doi.org/10.5281/zenodo.7654321', type: 'doi' });
    expect(seagrass.distribution).toEqual([
      expect.objectContaining({
        title: 'Survey tables (CSV)',
        data_access: 'open',
        byte_size: 52428800,
        format: ['text/csv'],
        host: { title: 'Zenodo', url: 'https://zenodo.org' },
        license: [{ license_ref: 'https://creativecommons.org/licenses/by/4.0/', start_date: '2025-10-01' }],
      }),
      expect.objectContaining({ title: 'Raw quadrat photographs', data_access: 'shared', byte_size: 5368709120 }),
    ]);
  });
});

describe('semantic answers override fallbacks in a real plan', () => {
  /** Every template field (in every description and nested copy) whose semantics include `key`. */
  function templateFields(raw: Wire, key: string): Wire[] {
    const found: Wire[] = [];
    const walk = (node: Wire) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if (Array.isArray(node.semantics) && node.semantics.includes(key) && node.data) found.push(node);
        Object.values(node).forEach(walk);
      }
    };
    walk(raw.descriptions);
    return found;
  }

  it('without rda.dataset.title the description label is the dataset title', () => {
    const raw = fixture('plan-full.json');
    const before = dmpOf(raw).dataset.map((d) => d.title);
    for (const field of templateFields(raw, 'rda.dataset.title')) field.semantics = [];
    const after = dmpOf(raw).dataset.map((d) => d.title);
    expect(before).toContain('Hydrophone recordings');
    expect(after).not.toContain('Hydrophone recordings');
    expect(after).toContain('Underwater acoustic recordings');
  });

  it('moving rda.dmp.description to another blueprint field changes dmp.description', () => {
    const raw = fixture('plan-full.json');
    const fields = raw.planBlueprint.definition.sections.flatMap((s: Wire) => s.fields);
    fields.find((f: Wire) => f.semantics?.includes('rda.dmp.description')).semantics = [];
    fields.find((f: Wire) => f.label === 'Release policy').semantics = ['rda.dmp.description'];
    expect(dmpOf(raw).description).toBe('Data are released within twelve months of collection.');
  });

  it('a dataset without rda.dataset.dataset_id is identified by its description id', () => {
    const raw = fixture('plan-full.json');
    for (const field of templateFields(raw, 'rda.dataset.dataset_id')) field.semantics = [];
    const seagrass = dmpOf(raw).dataset.find((d) => d.title === 'Seagrass transect measurements')!;
    const description = raw.descriptions.find((d: Wire) => d.label === 'Seagrass survey observations');
    expect(seagrass.dataset_id).toEqual({ identifier: description.id, type: 'other' });
  });
});

describe('plan-level mapping', () => {
  it('takes the title from the plan, and a rda.dmp.title answer over it', () => {
    expect(dmpOf(testPlanWire({ label: 'Coral reef survey' })).title).toBe('Coral reef survey');
    const raw = testPlanWire({
      label: 'Coral reef survey',
      blueprintFields: [extraField(['rda.dmp.title'], 'Official title', { text: 'CORAL-2 DMP' })],
    });
    expect(dmpOf(raw).title).toBe('CORAL-2 DMP');
  });

  it('writes the description as plain text, not HTML', () => {
    const dmp = dmpOf(
      testPlanWire({
        descriptionHtml: '<p>Reef <strong>surveys</strong> &amp; sampling</p><ul><li>two sites</li></ul>',
      }),
    );
    expect(dmp.description).toContain('Reef surveys & sampling');
    expect(dmp.description).toContain('two sites');
    expect(dmp.description).not.toMatch(/<|&amp;/);
  });

  it('writes created and modified as RFC 3339 with a zone', () => {
    const dmp = dmpOf(
      testPlanWire({ createdAt: '2024-11-04T09:15:30.123456Z', updatedAt: '2025-04-12T16:42:07.987654321Z' }),
    );
    expect(dmp.created).toBe('2024-11-04T09:15:30Z');
    expect(dmp.modified).toBe('2025-04-12T16:42:07Z');
  });

  it("skips (with a warning) a created answer that is no date in the years 0000 to 9999, for the plan's own time", () => {
    const result = exportPlanWire(
      testPlanWire({
        createdAt: '2024-11-04T09:15:30Z',
        blueprintFields: [extraField(['rda.dmp.created'], 'Created on', { text: '20245-01-01' })],
      }),
    );
    expect(result.document.dmp.created).toBe('2024-11-04T09:15:30Z');
    expect(result.warnings.join('\n')).toMatch(/Created on.*"20245-01-01" is not a date in the years 0000 to 9999/);
    const answered = exportPlanWire(
      testPlanWire({ blueprintFields: [extraField(['rda.dmp.created'], 'Created on', { text: '2023-05-06' })] }),
    );
    expect(answered.document.dmp.created).toBe('2023-05-06T00:00:00Z');
  });

  it.each([
    ['de', 'deu'],
    ['de-CH', 'deu'],
    ['fr', 'fra'],
    ['nl', 'nld'],
    ['zh', 'zho'],
    ['el', 'ell'],
  ])('maps the plan language %s to the ISO 639-2/T code %s', (language, expected) => {
    expect(dmpOf(testPlanWire({ language })).language).toBe(expected);
  });

  it('falls back to eng with a warning for an unknown language; a semantic answer overrides the plan language', () => {
    const result = exportPlanWire(testPlanWire({ language: 'xx' }));
    expect(result.document.dmp.language).toBe('eng');
    expect(result.warnings.join('\n')).toMatch(/"xx".*"eng"/);
    const raw = testPlanWire({
      language: 'en',
      blueprintFields: [extraField(['rda.dmp.language'], 'Language of the plan', { text: 'spa' })],
    });
    expect(dmpOf(raw).language).toBe('spa');
  });

  it('uses a Zenodo DOI as dmp_id, else another DOI, else the plan id', () => {
    const both = testPlanWire({
      dois: [
        ['10.1234/other.5', 'Dataverse'],
        ['10.5281/zenodo.42', 'Zenodo'],
      ],
    });
    expect(dmpOf(both).dmp_id).toEqual({ identifier: 'https://doi.org/10.5281/zenodo.42', type: 'doi' });
    const other = testPlanWire({ dois: [['10.1234/other.5', 'Dataverse']] });
    expect(dmpOf(other).dmp_id).toEqual({ identifier: 'https://doi.org/10.1234/other.5', type: 'doi' });
    const none = testPlanWire({});
    expect(dmpOf(none).dmp_id).toEqual({ identifier: none.id, type: 'other' });
    const semantic = testPlanWire({
      dois: [['10.5281/zenodo.42', 'Zenodo']],
      blueprintFields: [extraField(['rda.dmp.dmp_id'], 'Handle', { text: 'https://hdl.handle.net/11234/abc' })],
    });
    expect(dmpOf(semantic).dmp_id).toEqual({ identifier: 'https://hdl.handle.net/11234/abc', type: 'handle' });
  });
});

describe('contact', () => {
  const contactField = (semantics: string[]): TestBlueprintField => ({
    field: {
      kind: 'system',
      id: testId('contact'),
      label: 'Contact persons',
      systemFieldType: SystemFieldType.Contact,
      semantics,
    },
  });

  it('takes the first plan contact with a valid e-mail, skipping (with a warning) one without', () => {
    const result = exportPlanWire(
      testPlanWire({
        contacts: [
          ['No', 'Mail', 'not-an-address'],
          ['Ana', 'Silva', 'ana.silva@example.org'],
        ],
        blueprintFields: [contactField(['rda.dmp.contact.name', 'rda.dmp.contact.mbox'])],
      }),
    );
    expect(result.document.dmp.contact).toEqual({
      name: 'Ana Silva',
      mbox: 'ana.silva@example.org',
      contact_id: { identifier: 'ana.silva@example.org', type: 'other' },
    });
    expect(result.warnings.join('\n')).toMatch(/not-an-address/);
  });

  it('falls back to the plan creator, identified by their e-mail (an account id identifies no researcher)', () => {
    const raw = testPlanWire({ creatorEmail: 'clara@example.org' });
    expect(dmpOf(raw).contact).toEqual({
      name: 'Clara Creator',
      mbox: 'clara@example.org',
      contact_id: { identifier: 'clara@example.org', type: 'other' },
    });
  });

  it('semantic answers override the plan contact, and name the ORCID given', () => {
    const raw = testPlanWire({
      contacts: [['Ana', 'Silva', 'ana.silva@example.org']],
      blueprintFields: [
        extraField(['rda.dmp.contact.name'], 'Data contact', { text: 'Data Desk' }),
        extraField(['rda.dmp.contact.mbox'], 'Data contact e-mail', { text: 'data-desk@example.org' }),
        extraField(['rda.dmp.contact.contact_id.identifier'], 'Contact ORCID', { text: '0000-0002-1825-0097' }),
      ],
    });
    expect(dmpOf(raw).contact).toEqual({
      name: 'Data Desk',
      mbox: 'data-desk@example.org',
      contact_id: { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' },
    });
  });

  it('answers 422 naming the plan field to fill when no e-mail exists anywhere', () => {
    const withoutEmail = fixture('plan-minimal.json');
    withoutEmail.creator.contacts = [];
    withoutEmail.users[0].user.contacts = [];
    const error = thrown(() => exportPlanWire(withoutEmail));
    expect(statusOf(error)).toBe(422);
    expect(error.details).toEqual([
      { path: 'Contact', message: expect.stringMatching(/Add a contact with an e-mail address/) },
    ]);
    expect(JSON.stringify(error.details)).not.toMatch(/\/dmp|#\//);
    const withField = thrown(() =>
      exportPlanWire(testPlanWire({ creatorEmail: null, blueprintFields: [contactField(['rda.dmp.contact.mbox'])] })),
    );
    expect(withField.details[0]).toEqual({
      path: 'Contact persons',
      message: expect.stringContaining("blueprint field 'Contact persons'"),
    });
  });
});

describe('contributors', () => {
  const researchers = (refs: ReturnType<typeof testReference>[], semantics: string[] = []): TestBlueprintField => ({
    field: {
      kind: 'referenceType',
      id: testId('researchers'),
      label: 'Researchers',
      referenceType: REFERENCE_TYPE('researchers'),
      multipleSelect: true,
      semantics,
    },
    references: refs,
  });

  it('lists researchers with ORCIDs (URL form) and data stewards as DataManager; no viewers, reviewers or account ids', () => {
    const dmp = dmpOf(
      testPlanWire({
        blueprintFields: [
          researchers([
            testReference('researchers', 'Josiah Carberry', 'orcid:0000-0002-1825-0097', [
              ['primaryEmail', 'josiah@example.org'],
            ]),
            testReference('researchers', 'Local Person', 'staff-17'),
          ]),
        ],
        members: [
          { name: 'Dana Steward', email: 'dana@example.org', roles: ['Owner', 'DataSteward'] },
          { name: 'Josiah Carberry', email: 'josiah@example.org', roles: ['Reviewer'] },
          { name: 'Vera Viewer', email: 'vera@example.org', roles: ['Viewer', 'DescriptionContributor'] },
        ],
      }),
    );
    expect(dmp.contributor).toEqual([
      {
        name: 'Josiah Carberry',
        mbox: 'josiah@example.org',
        role: ['Researcher'],
        contributor_id: { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' },
      },
      { name: 'Local Person', role: ['Researcher'], contributor_id: { identifier: 'staff-17', type: 'other' } },
      {
        name: 'Dana Steward',
        mbox: 'dana@example.org',
        role: ['DataManager'],
        contributor_id: { identifier: 'dana@example.org', type: 'other' },
      },
    ]);
    expect(JSON.stringify(dmp)).not.toMatch(/Vera|Owner|Reviewer|Viewer/);
  });

  // Its time (0.6 s; 12 s when each member scanned the list) is in `npm run bench:hostile`.
  it('merges 20,000 data stewards, each listed in two roles, into one contributor each', () => {
    const raw = fixture('plan-minimal.json');
    const [template] = raw.users;
    const members = Array.from({ length: 20_000 }, (_, i) => ({
      ...template,
      user: {
        ...template.user,
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        name: `Member ${i}`,
        contacts: [{ ...template.user.contacts[0], value: `m${i}@example.org` }],
      },
    }));
    raw.users = [...members, ...members.map((m) => ({ ...m, role: 4 }))];
    const contributors = dmpOf(raw).contributor ?? [];
    expect(contributors.filter((c) => c.name.startsWith('Member '))).toHaveLength(20_000);
    expect(contributors.find((c) => c.name === 'Member 7')?.role).toEqual(['DataManager']);
  }, 60_000);

  it('reads contributors from repeated rda.dmp.contributor.* answers in a description', () => {
    const dmp = dmpOf(
      planWithQuestions([
        {
          title: 'People',
          repeats: true,
          fields: [
            { type: 'freetext', semantics: ['rda.dmp.contributor.name'] },
            { type: 'freetext', semantics: ['rda.dmp.contributor.mbox'] },
            {
              type: 'select',
              semantics: ['rda.dmp.contributor.role'],
              multipleSelect: true,
              options: [{ label: 'Data curator', value: 'DataCurator' }],
            },
          ],
          items: [
            ['Rui Costa', 'rui@example.org', ['DataCurator']],
            ['Lee Park', null, null],
          ],
        },
      ]),
    );
    expect(dmp.contributor).toEqual([
      {
        name: 'Rui Costa',
        mbox: 'rui@example.org',
        role: ['DataCurator'],
        contributor_id: { identifier: 'rui@example.org', type: 'other' },
      },
      // The question asks for roles and none is answered: none is invented.
      { name: 'Lee Park', role: [], contributor_id: { identifier: 'Lee Park', type: 'other' } },
    ]);
  });
});

describe('projects and funding', () => {
  const funder = testReference('funders', 'European Commission', '501100000780', [['pidTypeField', 'fundref']]);
  const grant = testReference('grants', 'Reef grant', '101094523', [
    ['startDate', '2024-01-01T00:00:00Z'],
    ['endDate', '2026-06-30T00:00:00Z'],
  ]);

  it('funds the project with the grant and its funder; dates are YYYY-MM-DD', () => {
    const project = testReference('projects', 'REEF', 'reef-1', [
      ['startDate', '2024-02-01T00:00:00Z'],
      ['endDate', '2027-01-31'],
    ]);
    const dmp = dmpOf(
      testPlanWire({
        blueprintFields: [
          referenceField('projects', 'projects', [project]),
          referenceField('grants', 'grants', [grant]),
          referenceField('funders', 'funders', [funder]),
        ],
      }),
    );
    expect(dmp.project).toEqual([
      {
        title: 'REEF',
        start: '2024-02-01',
        end: '2027-01-31',
        funding: [
          {
            name: 'European Commission',
            funder_name: 'European Commission',
            funder_id: { identifier: 'https://doi.org/10.13039/501100000780', type: 'fundref' },
            grant_id: { identifier: '101094523', type: 'other' },
          },
        ],
        project_id: [{ identifier: 'reef-1', type: 'other' }],
      },
    ]);
  });

  it('without a project the grant stands for it; a ROR funder is a url (valid in 1.1)', () => {
    const ror = testReference('funders', 'Some Foundation', 'https://ror.org/05aeg1s42');
    const dmp = dmpOf(
      testPlanWire({
        blueprintFields: [referenceField('grants', 'grants', [grant]), referenceField('funders', 'funders', [ror])],
      }),
    );
    expect(dmp.project).toEqual([
      {
        title: 'Reef grant',
        start: '2024-01-01',
        end: '2026-06-30',
        funding: [
          {
            name: 'Some Foundation',
            funder_name: 'Some Foundation',
            funder_id: { identifier: 'https://ror.org/05aeg1s42', type: 'url' },
            grant_id: { identifier: '101094523', type: 'other' },
          },
        ],
        project_id: [{ identifier: '101094523', type: 'other' }],
      },
    ]);
  });

  it("keeps a grant number that looks like a FundRef id (DFG 501865131) as the grant's own; only a funder's bare id is FundRef", () => {
    const dfg = testReference('funders', 'Deutsche Forschungsgemeinschaft', '501100001659');
    const dfgGrant = testReference('grants', 'Seagrass genomics', '501865131');
    const dmp = dmpOf(
      testPlanWire({
        blueprintFields: [referenceField('grants', 'grants', [dfgGrant]), referenceField('funders', 'funders', [dfg])],
      }),
    );
    expect(dmp.project?.[0].funding).toEqual([
      {
        name: 'Deutsche Forschungsgemeinschaft',
        funder_name: 'Deutsche Forschungsgemeinschaft',
        funder_id: { identifier: 'https://doi.org/10.13039/501100001659', type: 'fundref' },
        grant_id: { identifier: '501865131', type: 'other' },
      },
    ]);
  });

  it('leaves out a project date the schemas cannot hold instead of failing the export', () => {
    const project = testReference('projects', 'REEF', 'reef-1', [
      ['startDate', '01/02/20245'],
      ['endDate', '2027-01-31'],
    ]);
    const result = exportPlanWire(
      testPlanWire({ blueprintFields: [referenceField('projects', 'projects', [project])] }),
    );
    expect(result.document.dmp.project).toEqual([
      { title: 'REEF', end: '2027-01-31', project_id: [{ identifier: 'reef-1', type: 'other' }] },
    ]);
  });

  it('reports a grant it cannot attach to a funder', () => {
    const result = exportPlanWire(testPlanWire({ blueprintFields: [referenceField('grants', 'grants', [grant])] }));
    expect(result.document.dmp.project).toBeUndefined();
    expect(result.warnings.join('\n')).toMatch(/Grant 'Reef grant'.*funder/);
  });
});

describe('costs and ethics', () => {
  const costQuestion = (items: (string | null)[][]) =>
    planWithQuestions([
      {
        title: 'Costs',
        repeats: true,
        fields: [
          { type: 'freetext', semantics: ['rda.dmp.cost.title'] },
          { type: 'freetext', semantics: ['rda.dmp.cost.value'] },
          { type: 'freetext', semantics: ['rda.dmp.cost.currency_code'] },
        ],
        items,
      },
    ]);

  it('writes numbers and upper-case listed currencies; drops (with a warning) a currency not in the list', () => {
    const result = exportPlanWire(
      costQuestion([
        ['Storage', '1.200,50', 'eur'],
        ['Staff', '3000 USD', null],
        ['Travel', '800', 'VES'],
      ]),
    );
    expect(result.document.dmp.cost).toEqual([
      { title: 'Storage', value: 1200.5, currency_code: 'EUR' },
      { title: 'Staff', value: 3000, currency_code: 'USD' },
      { title: 'Travel', value: 800 },
    ]);
    expect(result.warnings.join('\n')).toMatch(/"VES"/);
  });

  it('ethical issues are unknown by default and read yes/no answers', () => {
    expect(dmpOf(testPlanWire({})).ethical_issues_exist).toBe('unknown');
    const raw = testPlanWire({
      blueprintFields: [extraField(['rda.dmp.ethical_issues_exist'], 'Ethics?', { text: 'Yes' })],
    });
    expect(dmpOf(raw).ethical_issues_exist).toBe('yes');
  });

  it('gives a report only when it is a URI (1.1); other report text joins the description', () => {
    const url = testPlanWire({
      blueprintFields: [
        extraField(['rda.dmp.ethical_issues_report'], 'Report', { text: 'https://ethics.example.org/r/1' }),
      ],
    });
    expect(dmpOf(url).ethical_issues_report).toBe('https://ethics.example.org/r/1');
    const text = dmpOf(
      testPlanWire({
        blueprintFields: [extraField(['rda.dmp.ethical_issues_report'], 'Report', { text: 'see annex B' })],
      }),
    );
    expect(text.ethical_issues_report).toBeUndefined();
    expect(text.ethical_issues_description).toBe('Ethics report: see annex B');
  });
});

describe('datasets', () => {
  it('one per non-canceled description, with fallbacks from the description', () => {
    const dmp = dmpOf(
      testPlanWire({
        descriptions: [
          {
            label: 'Reef photos',
            description: '<p>Photos of <em>reefs</em></p>',
            tags: ['coral', 'photo'],
            templateType: 'Image',
            questions: [],
          },
          { label: 'CANCELED-old', canceled: true, questions: [] },
        ],
      }),
    );
    expect(dmp.dataset).toHaveLength(1);
    expect(dmp.dataset[0]).toEqual({
      title: 'Reef photos',
      dataset_id: { identifier: expect.stringMatching(/^[0-9a-f-]{36}$/), type: 'other' },
      personal_data: 'unknown',
      sensitive_data: 'unknown',
      description: 'Photos of reefs',
      type: 'Image',
      keyword: ['coral', 'photo'],
    });
  });

  it('a plan without descriptions still has one generic dataset', () => {
    const dmp = dmpOf(testPlanWire({ descriptions: [] }));
    expect(dmp.dataset).toEqual([
      expect.objectContaining({ title: 'Test plan: all data', personal_data: 'unknown', sensitive_data: 'unknown' }),
    ]);
  });

  it('semantic answers override every fallback', () => {
    const dataset = datasetOf(
      testPlanWire({
        descriptions: [
          {
            label: 'Label fallback',
            description: '<p>Description fallback</p>',
            tags: ['tag-fallback'],
            questions: [
              {
                title: 'Identity',
                fields: [
                  { type: 'freetext', semantics: ['rda.dataset.title'] },
                  { type: 'textarea', semantics: ['rda.dataset.description'] },
                  { type: 'datasetIdentifier', semantics: ['rda.dataset.dataset_id'] },
                  { type: 'tags', semantics: ['rda.dataset.keyword'] },
                  { type: 'datePicker', semantics: ['rda.dataset.issued'] },
                  { type: 'freetext', semantics: ['rda.dataset.type'] },
                  { type: 'select', semantics: ['rda.dataset.language'], options: [{ label: 'Greek', value: 'el' }] },
                ],
                items: [
                  [
                    'Semantic title',
                    'Semantic description',
                    { identifier: 'doi:10.1234/ABC', type: 'doi' },
                    ['reefs'],
                    { date: '2025-09-30T22:00:00Z' },
                    'Software',
                    ['el'],
                  ],
                ],
              },
            ],
          },
        ],
      }),
    );
    expect(dataset).toEqual(
      expect.objectContaining({
        title: 'Semantic title',
        description: 'Semantic description',
        dataset_id: { identifier: 'https://doi.org/10.1234/ABC', type: 'doi' },
        keyword: ['reefs'],
        // A date picked at local midnight east of UTC arrives as the evening before, in UTC.
        issued: '2025-10-01',
        type: 'Software',
        language: 'ell',
      }),
    );
  });

  it.each([
    ['New Zealand summer time (UTC+13)', '2025-09-30T11:00:00Z'],
    ['Athens (UTC+3)', '2025-09-30T21:00:00Z'],
    ['UTC', '2025-10-01T00:00:00Z'],
    ['Hawaii (UTC-10)', '2025-10-01T10:00:00Z'],
  ])('a date picked as 1 October in %s is issued 2025-10-01', (_zone, instant) => {
    const dataset = datasetOf(
      planWithQuestions([
        {
          title: 'Release',
          fields: [{ type: 'datePicker', semantics: ['rda.dataset.issued'] }],
          items: [[{ date: instant }]],
        },
      ]),
    );
    expect(dataset.issued).toBe('2025-10-01');
  });

  it('leaves out dates written as text that the schemas cannot hold (a year past 9999) instead of failing the export', () => {
    const dataset = datasetOf(
      planWithQuestions([
        {
          title: 'Release',
          fields: [
            { type: 'freetext', semantics: ['rda.dataset.issued'] },
            { type: 'freetext', semantics: ['rda.dataset.distribution.data_access'] },
            { type: 'freetext', semantics: ['rda.dataset.distribution.available_until'] },
          ],
          items: [['20245-01-01', 'open', 'March 3, 20250']],
        },
      ]),
    );
    expect(dataset.issued).toBeUndefined();
    expect(dataset.distribution).toEqual([{ title: 'Dataset one', data_access: 'open' }]);
  });

  it('reads personal and sensitive data as yes/no/unknown from options and booleans', () => {
    const dataset = datasetOf(
      planWithQuestions([
        {
          title: 'Privacy',
          fields: [
            {
              type: 'radiobox',
              semantics: ['rda.dataset.personal_data'],
              options: [
                { label: 'Yes, personal data', value: 'p1' },
                { label: 'No personal data', value: 'p2' },
              ],
            },
            { type: 'booleanDecision', semantics: ['rda.dataset.sensitive_data'] },
          ],
          items: [['p1', false]],
        },
      ]),
    );
    expect([dataset.personal_data, dataset.sensitive_data]).toEqual(['yes', 'no']);
  });

  it('writes preservation, quality (one entry per paragraph), security, technical resources and metadata', () => {
    const dataset = datasetOf(
      planWithQuestions([
        {
          title: 'Preservation',
          fields: [
            { type: 'textarea', semantics: ['rda.dataset.preservation_statement'] },
            { type: 'richTextarea', semantics: ['rda.dataset.data_quality_assurance'] },
          ],
          items: [['Kept 10 years.', '<p>Double entry.</p><p>Range checks.</p>']],
        },
        {
          title: 'Security',
          repeats: true,
          fields: [
            { type: 'freetext', semantics: ['rda.dataset.security_and_privacy.title'] },
            { type: 'textarea', semantics: ['rda.dataset.security_and_privacy.description'] },
          ],
          items: [
            ['Encryption', 'AES-256 at rest'],
            ['Access control', null],
          ],
        },
        {
          title: 'Instruments',
          repeats: true,
          fields: [{ type: 'freetext', semantics: ['rda.dataset.technical_resource.name'] }],
          items: [['CTD profiler']],
        },
        {
          title: 'Metadata',
          fields: [
            { type: 'freetext', semantics: ['rda.dataset.metadata.metadata_standard_id'] },
            { type: 'freetext', semantics: ['rda.dataset.metadata.description'] },
          ],
          items: [['https://doi.org/10.25504/FAIRsharing.zv11j3', 'Darwin Core']],
        },
      ]),
    );
    expect(dataset).toEqual(
      expect.objectContaining({
        preservation_statement: 'Kept 10 years.',
        data_quality_assurance: ['Double entry.', 'Range checks.'],
        security_and_privacy: [{ title: 'Encryption', description: 'AES-256 at rest' }, { title: 'Access control' }],
        technical_resource: [{ name: 'CTD profiler' }],
        metadata: [
          {
            metadata_standard_id: { identifier: 'https://doi.org/10.25504/FAIRsharing.zv11j3', type: 'url' },
            language: 'eng',
            description: 'Darwin Core',
          },
        ],
      }),
    );
  });
});

describe('distributions', () => {
  const distributions = (
    items: unknown[][],
    extraFields: { type: 'freetext' | 'datePicker'; semantics: string[] }[] = [],
  ) =>
    datasetOrWarnings(
      planWithQuestions([
        {
          title: 'Distributions',
          repeats: true,
          fields: [
            { type: 'freetext', semantics: ['rda.dataset.distribution.title'] },
            { type: 'freetext', semantics: ['rda.dataset.distribution.data_access'] },
            { type: 'freetext', semantics: ['rda.dataset.distribution.byte_size'] },
            { type: 'freetext', semantics: ['rda.dataset.distribution.host.title'] },
            { type: 'freetext', semantics: ['rda.dataset.distribution.host.url'] },
            {
              type: 'referenceTypes',
              semantics: ['rda.dataset.distribution.license'],
              referenceCode: 'licenses',
              multipleSelect: true,
            },
            ...extraFields,
          ],
          items: items as never,
        },
        {
          title: 'Release',
          fields: [{ type: 'datePicker', semantics: ['rda.dataset.issued'] }],
          items: [[{ date: '2026-03-01T00:00:00Z' }]],
        },
      ]),
    );
  function datasetOrWarnings(raw: Wire) {
    const result = exportPlanWire(raw);
    return { dataset: result.document.dmp.dataset[0], warnings: result.warnings.join('\n') };
  }
  const ccBy = { references: [reference(testReference('licenses', 'CC BY 4.0', 'CC-BY-4.0'))] };

  it('each item of a repeating question is one distribution; access words map to open/shared/closed', () => {
    const { dataset } = distributions([
      ['Public tables', 'public', '5 GB', 'Zenodo', 'https://zenodo.org', ccBy],
      ['On request', 'Restricted', '1.5 TiB', null, null, null],
      ['Under embargo', 'embargoed', '1024', null, null, null],
    ]);
    expect(dataset.distribution).toEqual([
      {
        title: 'Public tables',
        data_access: 'open',
        byte_size: 5_000_000_000,
        host: { title: 'Zenodo', url: 'https://zenodo.org' },
        // No licence start date answered: the dataset's issued date.
        license: [{ license_ref: 'https://creativecommons.org/licenses/by/4.0/', start_date: '2026-03-01' }],
      },
      { title: 'On request', data_access: 'shared', byte_size: 1_649_267_441_664 },
      { title: 'Under embargo', data_access: 'closed', byte_size: 1024 },
    ]);
  });

  it('drops a host without a public URL, and gives a distribution without data access "closed", with warnings', () => {
    const { dataset, warnings } = distributions([
      ['Intranet copy', 'closed', null, 'NAS', 'http://192.168.1.5/share', null],
      ['No access given', null, null, null, null, null],
    ]);
    expect(dataset.distribution).toEqual([
      { title: 'Intranet copy', data_access: 'closed' },
      { title: 'No access given', data_access: 'closed' },
    ]);
    expect(warnings).toMatch(/192\.168\.1\.5.*host is left out/);
    expect(warnings).toMatch(/'No access given'.*"closed" until one is answered/);
  });

  it('uses the answered licence start date first', () => {
    const { dataset } = distributions(
      [['Tables', 'open', null, null, null, ccBy, { date: '2027-01-01T00:00:00Z' }]],
      [{ type: 'datePicker', semantics: ['rda.dataset.distribution.license.start_date'] }],
    );
    expect(dataset.distribution![0].license).toEqual([
      { license_ref: 'https://creativecommons.org/licenses/by/4.0/', start_date: '2027-01-01' },
    ]);
  });
});

describe('description export', () => {
  it('is a maDMP with that one dataset and the plan-level data of its plan', () => {
    const dmp = exportDescriptionWire(fixture('description-full.json')).document.dmp;
    expect(dmp.dataset.map((d) => d.title)).toEqual(['Seagrass transect measurements']);
    expect(dmp.title).toBe(fixture('description-full.json').plan.label);
    expect(dmp.contact.mbox).toBe('eleni.papadopoulou@example.org');
    expect(dmp.project?.[0].funding?.[0].grant_id).toEqual({ identifier: '101094523', type: 'other' });
  });
});
