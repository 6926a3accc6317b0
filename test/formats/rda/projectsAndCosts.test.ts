/**
 * RDA export of the plan-level objects: projects and their funding (from plan references, reference
 * answers and text answers), costs, ethics, the generic dataset, and the 1.2 alternate and related
 * identifiers. In-process, so mutation testing of export/projects.ts, costs.ts, ethics.ts and
 * RdaMapper.ts can credit each case.
 */
import { reference } from '../../../fixtures/lib/wire';
import type { TestBlueprintField, TestField, TestQuestion, Wire } from '../../builders/rda';
import { ajvErrors, exportPlanWire, referenceField, testId, testPlanWire, testReference } from '../../builders/rda';

const extraField = (semantics: string[], label: string, text: string): TestBlueprintField => ({
  field: { kind: 'extra', id: testId('extra'), label, dataType: 0, semantics },
  value: { text },
});
const textField = (semantic: string, label = semantic.replace(/^rda\.dmp\./, '')): TestField => ({
  type: 'freetext',
  label,
  semantics: [semantic],
});
const refs = (...specs: ReturnType<typeof testReference>[]) => ({ references: specs.map((s) => reference(s)) });

function exported(questions: TestQuestion[], extra: Parameters<typeof testPlanWire>[0] = {}) {
  return exportPlanWire(testPlanWire({ ...extra, descriptions: [{ label: 'Dataset one', questions }] }));
}

const EC = testReference('funders', 'European Commission', '501100000780', [['pidTypeField', 'fundref']]);
const EC_FUNDING = {
  name: 'European Commission',
  funder_name: 'European Commission',
  funder_id: { identifier: 'https://doi.org/10.13039/501100000780', type: 'fundref' },
};

describe('projects and funding from answers', () => {
  it('takes projects from a project reference answer and the grant and status answers; only the first project is funded', () => {
    const result = exported(
      [
        {
          title: 'Project',
          fields: [
            {
              type: 'referenceTypes',
              label: 'Projects',
              semantics: ['rda.dmp.project'],
              referenceCode: 'projects',
              multipleSelect: true,
            },
            {
              type: 'referenceTypes',
              label: 'Grant',
              semantics: ['rda.dmp.project.funding.grant_id'],
              referenceCode: 'grants',
            },
            textField('rda.dmp.project.funding.funding_status'),
          ],
          items: [
            [
              refs(testReference('projects', 'REEF', null), testReference('projects', 'KELP', null)),
              refs(testReference('grants', 'Reef grant', '101094523')),
              'granted',
            ],
          ],
        },
      ],
      { blueprintFields: [referenceField('funders', 'funders', [EC])] },
    );
    expect(result.document.dmp.project).toEqual([
      {
        title: 'REEF',
        funding: [{ ...EC_FUNDING, grant_id: { identifier: '101094523', type: 'other' }, funding_status: 'granted' }],
      },
      { title: 'KELP' },
    ]);
    expect(result.warnings).toEqual([]);
  });

  const textProjects = (rdaVersion: string) =>
    exported(
      [
        {
          title: 'Projects',
          repeats: true,
          fields: [
            textField('rda.dmp.project.title'),
            textField('rda.dmp.project.description'),
            textField('rda.dmp.project.start'),
            textField('rda.dmp.project.end'),
            textField('rda.dmp.project.project_id'),
            textField('rda.dmp.project.funding.funder_id.identifier'),
            textField('rda.dmp.project.funding.grant_id.identifier'),
            textField('rda.dmp.project.funding.funding_status'),
          ],
          items: [
            [
              'Seagrass survey',
              'Transects in the bay',
              '2025-03-01',
              '2027-12-31',
              '10.5281/zenodo.42',
              '501100000780',
              'G-77',
              'applied',
            ],
            ['Seagrass survey', 'A second copy of the same project', null, null, null, null, null, null],
            ['Kelp watch', null, 'since 2020', 'soon', 'PRJ-7', null, null, null],
          ],
        },
        { title: 'Other project', fields: [textField('rda.dmp.project', 'Project')], items: [['Harbour mapping']] },
      ],
      { rdaVersion },
    );

  it('writes projects given as text answers, each title once, with dates, funding and project ids', () => {
    const result = textProjects('1.2');
    expect(result.document.dmp.project).toEqual([
      {
        title: 'Seagrass survey',
        description: 'Transects in the bay',
        start: '2025-03-01',
        end: '2027-12-31',
        funding: [
          {
            funder_id: { identifier: 'https://doi.org/10.13039/501100000780', type: 'fundref' },
            grant_id: { identifier: 'G-77', type: 'other' },
            funding_status: 'applied',
          },
        ],
        project_id: [{ identifier: 'https://doi.org/10.5281/zenodo.42', type: 'doi' }],
      },
      { title: 'Kelp watch', project_id: [{ identifier: 'PRJ-7', type: 'other' }] },
      { title: 'Harbour mapping' },
    ]);
    expect(result.warnings).toEqual([
      `question 'Projects' of description 'Dataset one', field 'project.start': "since 2020" is not a date with day, month and year (0000 to 9999); dmp.project.start is left out.`,
      `question 'Projects' of description 'Dataset one', field 'project.end': "soon" is not a date with day, month and year (0000 to 9999); dmp.project.end is left out.`,
    ]);
    expect(ajvErrors('1.2', result.document)).toEqual([]);
  });

  it('writes project_id in the output valid against 1.1 too: 1.1 allows keys it does not define below the top', () => {
    const result = textProjects('1.1');
    expect(result.document.dmp.project?.map((p) => p.project_id)).toEqual([
      [{ identifier: 'https://doi.org/10.5281/zenodo.42', type: 'doi' }],
      [{ identifier: 'PRJ-7', type: 'other' }],
      undefined,
    ]);
    expect(ajvErrors('1.1', result.document)).toEqual([]);
    expect(ajvErrors('1.2', result.document)).toEqual([]);
  });

  it('gives a plan project its id in 1.2 (a DOI as its URL, another id as written) and a ROR funder the ror type', () => {
    const dmp = exportPlanWire(
      testPlanWire({
        rdaVersion: '1.2',
        blueprintFields: [
          referenceField('projects', 'projects', [
            testReference('projects', 'REEF', '10.5281/zenodo.99'),
            testReference('projects', 'KELP', 'kelp-1'),
          ]),
          referenceField('funders', 'funders', [
            testReference('funders', 'Some Foundation', 'https://ror.org/05aeg1s42'),
          ]),
        ],
      }),
    ).document.dmp;
    expect(dmp.project).toEqual([
      {
        title: 'REEF',
        project_id: [{ identifier: 'https://doi.org/10.5281/zenodo.99', type: 'doi' }],
        funding: [
          {
            name: 'Some Foundation',
            funder_name: 'Some Foundation',
            funder_id: { identifier: 'https://ror.org/05aeg1s42', type: 'ror' },
          },
        ],
      },
      { title: 'KELP', project_id: [{ identifier: 'kelp-1', type: 'other' }] },
    ]);
  });
});

describe('a funder answered in a description', () => {
  it('funds the plan by the funder a funder_id reference answer names', () => {
    const result = exported([
      {
        title: 'Funding',
        fields: [
          {
            type: 'referenceTypes',
            label: 'Funder',
            semantics: ['rda.dmp.project.funding.funder_id'],
            referenceCode: 'funders',
          },
        ],
        items: [[refs(EC)]],
      },
    ]);
    expect(result.document.dmp.project).toEqual([{ title: 'Test plan', funding: [EC_FUNDING] }]);
  });
});

describe('funders and grants of the plan', () => {
  const fundref = (digits: string) => ({ identifier: `https://doi.org/10.13039/${digits}`, type: 'fundref' });
  const NSF = testReference('funders', 'National Science Foundation', '501100008982');
  const grantA = testReference('grants', 'Grant A', 'A-1');
  const grantB = testReference('grants', 'Grant B', 'B-2');

  it('pairs as many funders as grants in order, each grant its own project', () => {
    const result = exportPlanWire(
      testPlanWire({
        blueprintFields: [
          referenceField('grants', 'grants', [grantA, grantB]),
          referenceField('funders', 'funders', [EC, NSF]),
        ],
      }),
    );
    expect(result.document.dmp.project).toEqual([
      {
        title: 'Grant A',
        funding: [{ ...EC_FUNDING, grant_id: { identifier: 'A-1', type: 'other' } }],
        project_id: [{ identifier: 'A-1', type: 'other' }],
      },
      {
        title: 'Grant B',
        funding: [
          {
            name: 'National Science Foundation',
            funder_name: 'National Science Foundation',
            funder_id: fundref('501100008982'),
            grant_id: { identifier: 'B-2', type: 'other' },
          },
        ],
        project_id: [{ identifier: 'B-2', type: 'other' }],
      },
    ]);
    expect(result.warnings).toEqual([]);
  });

  it('with two funders and one grant funds the plan by both and reports the grant', () => {
    const result = exportPlanWire(
      testPlanWire({
        blueprintFields: [
          referenceField('grants', 'grants', [grantA]),
          referenceField('funders', 'funders', [EC, NSF]),
        ],
      }),
    );
    expect(result.document.dmp.project).toEqual([
      {
        title: 'Test plan',
        funding: [
          EC_FUNDING,
          {
            name: 'National Science Foundation',
            funder_name: 'National Science Foundation',
            funder_id: fundref('501100008982'),
          },
        ],
      },
    ]);
    expect(result.warnings).toEqual([
      "Grant 'Grant A' is not in the RDA funding: RDA needs its funder, and the plan names 2 funders.",
    ]);
  });

  it('names a funder by its trimmed label, but not when the label is only its id or link', () => {
    const funders = [
      testReference('funders', '  Padded Foundation ', '501100000001'),
      testReference('funders', '501100000002', '501100000002'),
      testReference('funders', '501100000003', ' 501100000003 '),
      testReference('funders', 'https://funder.example.org', null, [['url', 'https://funder.example.org']]),
    ];
    const dmp = exportPlanWire(testPlanWire({ blueprintFields: [referenceField('funders', 'funders', funders)] }))
      .document.dmp;
    expect(dmp.project?.[0].funding).toEqual([
      { name: 'Padded Foundation', funder_name: 'Padded Foundation', funder_id: fundref('501100000001') },
      { funder_id: fundref('501100000002') },
      { funder_id: fundref('501100000003') },
      { funder_id: { identifier: 'https://funder.example.org', type: 'url' } },
    ]);
  });
});

describe('costs', () => {
  it('writes each distinct cost once, defaults the title, reads a currency from the value, and warns only of an unlisted currency', () => {
    const result = exported([
      {
        title: 'Costs',
        repeats: true,
        fields: [
          textField('rda.dmp.cost.title'),
          textField('rda.dmp.cost.value'),
          textField('rda.dmp.cost.currency_code'),
          textField('rda.dmp.cost.description'),
        ],
        items: [
          ['Storage', '1200', 'EUR', 'Disks'],
          ['Storage', '1200', 'EUR', 'Disks'],
          [null, '500 EUR', null, null],
          ['Training', null, null, null],
          [null, null, null, 'A note without title or value'],
          ['Travel', '800', 'VES', null],
        ],
      },
      { title: 'Fee', fields: [textField('rda.dmp.cost', 'Cost')], items: [['Archiving fee']] },
    ]);
    expect(result.document.dmp.cost).toEqual([
      { title: 'Storage', description: 'Disks', value: 1200, currency_code: 'EUR' },
      { title: 'Data management costs', value: 500, currency_code: 'EUR' },
      { title: 'Training' },
      { title: 'Travel', value: 800 },
      { title: 'Archiving fee' },
    ]);
    expect(result.warnings).toEqual([
      `question 'Costs' of description 'Dataset one', field 'cost.currency_code': "VES" is not a currency in the RDA list; the cost is given without one.`,
    ]);
  });
});

describe('ethics', () => {
  const entities = (semantic: string): TestField => ({
    type: 'internalEntitiesDescriptions',
    label: 'Linked',
    semantics: [semantic],
  });
  const ethicsQuestion = (fields: TestField[], answers: (string | string[])[]): TestQuestion => ({
    title: 'Ethics',
    fields,
    items: [answers],
  });

  it('warns, naming the answer, of an ethics answer that is not yes, no or unknown', () => {
    const result = exported(
      [
        ethicsQuestion(
          [textField('rda.dmp.ethical_issues_exist', 'Ethics?'), entities('rda.dmp.ethical_issues_exist')],
          ['no', [testId('linked')]],
        ),
      ],
      {
        blueprintFields: [extraField(['rda.dmp.ethical_issues_exist'], 'Issues?', 'ask the board')],
      },
    );
    expect(result.document.dmp.ethical_issues_exist).toBe('no');
    expect(result.warnings).toEqual([
      `blueprint field 'Issues?': "ask the board" is not yes, no or unknown; ethical issues are reported as unknown.`,
      `question 'Ethics' of description 'Dataset one', field 'Linked': "" is not yes, no or unknown; ethical issues are reported as unknown.`,
    ]);
  });

  it('joins distinct descriptions with a blank line, one copy of texts that differ only in spacing', () => {
    const dmp = exported(
      [
        ethicsQuestion(
          [
            textField('rda.dmp.ethical_issues_description', 'Why'),
            textField('rda.dmp.ethical_issues_description', 'Also'),
            entities('rda.dmp.ethical_issues_description'),
          ],
          ['Sea bird  nests are not disturbed.', 'Seabird nests are not disturbed.', [testId('linked')]],
        ),
      ],
      {
        blueprintFields: [
          extraField(['rda.dmp.ethical_issues_description'], 'Ethics', 'Sea bird nests are not disturbed.'),
        ],
      },
    ).document.dmp;
    expect(dmp.ethical_issues_description).toBe(
      'Sea bird nests are not disturbed.\n\nSeabird nests are not disturbed.',
    );
  });

  const reports = (rdaVersion: string) =>
    exported(
      [
        ethicsQuestion(
          [textField('rda.dmp.ethical_issues_report', 'Report'), textField('rda.dmp.ethical_issues_report', 'Link')],
          ['see annex B', 'https://ethics.example.org/r/1'],
        ),
      ],
      {
        rdaVersion,
      },
    ).document.dmp;

  it('1.1: the URI report is the report; other report text joins the description', () => {
    const dmp = reports('1.1');
    expect(dmp.ethical_issues_report).toBe('https://ethics.example.org/r/1');
    expect(dmp.ethical_issues_description).toBe('Ethics report: see annex B');
  });

  it('1.2: every report, one a line', () => {
    const dmp = reports('1.2');
    expect(dmp.ethical_issues_report).toBe('see annex B\nhttps://ethics.example.org/r/1');
    expect(dmp.ethical_issues_description).toBeUndefined();
  });
});

describe('the generic dataset', () => {
  it('stands for all data of a plan without descriptions, with the plan id as its id', () => {
    const raw: Wire = testPlanWire({ descriptions: [] });
    expect(exportPlanWire(raw).document.dmp.dataset).toEqual([
      {
        title: 'Test plan: all data',
        dataset_id: { identifier: `${raw.id}#dataset`, type: 'other' },
        personal_data: 'unknown',
        sensitive_data: 'unknown',
        description: 'The plan has no descriptions yet; this dataset stands for all data it covers.',
      },
    ]);
  });

  it('says so when the plan has only an annex', () => {
    const dataset = exported([
      { title: 'Ethics', fields: [textField('rda.dmp.ethical_issues_exist')], items: [['yes']] },
    ]).document.dmp.dataset;
    expect(dataset.map((d) => d.description)).toEqual([
      'The plan describes no dataset of its own; this dataset stands for all data it covers.',
    ]);
  });
});

describe('1.2 alternate and related identifiers', () => {
  it('lists the plan id and each other DOI once beside the DOI that is the dmp_id', () => {
    const raw: Wire = testPlanWire({
      rdaVersion: '1.2',
      dois: [
        ['10.1234/other.1', 'Other'],
        ['10.5281/zenodo.9', 'Zenodo'],
        ['10.1234/other.1', 'Mirror'],
      ],
    });
    const dmp = exportPlanWire(raw).document.dmp;
    expect(dmp.dmp_id).toEqual({ identifier: 'https://doi.org/10.5281/zenodo.9', type: 'doi' });
    expect(dmp.alternate_identifier).toEqual([
      { identifier: raw.id, type: 'other' },
      { identifier: 'https://doi.org/10.1234/other.1', type: 'doi' },
    ]);
  });

  it('writes both lists in a 1.1 export too, valid against 1.1, which allows keys it does not define below the top', () => {
    const raw: Wire = testPlanWire({ rdaVersion: '1.1', dois: [['10.1234/other.1', 'Other']] });
    raw.previousDOI = '10.5281/zenodo.8';
    const dmp = exportPlanWire(raw).document.dmp;
    expect(dmp.dmp_id).toEqual({ identifier: 'https://doi.org/10.1234/other.1', type: 'doi' });
    expect(dmp.alternate_identifier).toEqual([{ identifier: raw.id, type: 'other' }]);
    expect(dmp.related_identifier).toEqual([
      { identifier: 'https://doi.org/10.5281/zenodo.8', type: 'doi', relation_type: 'IsNewVersionOf' },
    ]);
    expect([ajvErrors('1.1', { dmp }), ajvErrors('1.2', { dmp })]).toEqual([[], []]);
  });

  it('has no alternate identifier when the plan id is the dmp_id, and names the previous version', () => {
    const raw: Wire = testPlanWire({ rdaVersion: '1.2' });
    raw.previousDOI = '10.5281/zenodo.8';
    const dmp = exportPlanWire(raw).document.dmp;
    expect(dmp.dmp_id).toEqual({ identifier: raw.id, type: 'other' });
    expect(dmp.alternate_identifier).toBeUndefined();
    expect(dmp.related_identifier).toEqual([
      { identifier: 'https://doi.org/10.5281/zenodo.8', type: 'doi', relation_type: 'IsNewVersionOf' },
    ]);
  });
});
