/**
 * Issue 12, one block per numbered defect: what an RDA export must say (licences, people,
 * annexes, funder names, dates, licence ids, round trips) and what an import must read from real
 * producers' files (HTML, fragments, dates, contact lists, unnamed funders, wrapped files,
 * near-miss options, odd words). Values are checked where a reader of the plan looks for them.
 */
import { rdaImporter } from '../../../src/service/formats';
import {
  dmpOf,
  envelope,
  exportPlanWire,
  planWithQuestions,
  REFERENCE_TYPE,
  type TestBlueprintField,
  testId,
  testPlanWire,
  type TestQuestion,
  testReference,
  type Wire,
} from '../../builders/rda';
import { answersOf, importInto, importThenExport, textField } from '../../builders/rdaRoundTrip';

const DIST = 'rda.dataset.distribution';
const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';

describe('1. licences and hosts asked once reach every repeated distribution', () => {
  const licence = (answer: string): TestQuestion => ({
    title: 'Licence',
    fields: [textField(`${DIST}.license`)],
    items: [[answer]],
  });
  const repositories = (access: [string | null, string | null]): TestQuestion => ({
    title: 'Repositories',
    repeats: true,
    fields: [textField(`${DIST}.host.title`), textField(`${DIST}.host.url`), textField(`${DIST}.data_access`)],
    items: [
      ['Zenodo', 'https://zenodo.org', access[0]],
      ['PANGAEA', 'https://www.pangaea.de', access[1]],
    ],
  });
  const licenceOf = { license: [{ license_ref: CC_BY, start_date: '2025-01-02' }] };

  it('a licence question next to a repeating repositories question licenses each repository', () => {
    const [dataset] = dmpOf(planWithQuestions([licence('CC-BY-4.0'), repositories(['open', 'shared'])])).dataset;
    expect(dataset.distribution).toEqual([
      { title: 'Zenodo', data_access: 'open', host: { title: 'Zenodo', url: 'https://zenodo.org' }, ...licenceOf },
      {
        title: 'PANGAEA',
        data_access: 'shared',
        host: { title: 'PANGAEA', url: 'https://www.pangaea.de' },
        ...licenceOf,
      },
    ]);
  });

  it('without a data access answer a distribution with a licence or host is kept as "closed", whatever its licence, and logged', () => {
    const licensed = exportPlanWire(planWithQuestions([licence('CC-BY-4.0'), repositories([null, 'shared'])]));
    // A licence says nothing about access: CC-BY data may sit behind a login.
    expect(
      licensed.document.dmp.dataset[0].distribution?.map((d) => [d.title, d.data_access, d.license?.[0].license_ref]),
    ).toEqual([
      ['Zenodo', 'closed', CC_BY],
      ['PANGAEA', 'shared', CC_BY],
    ]);
    expect(licensed.warnings.join('\n')).toMatch(/Distribution 'Zenodo'.*"closed" until one is answered/);
  });

  it('a licence-only answer is a distribution of the dataset; a title alone is one too; nothing at all is none', () => {
    const [dataset] = dmpOf(planWithQuestions([licence('CC0-1.0')])).dataset;
    expect(dataset.distribution).toEqual([
      {
        title: 'Dataset one',
        data_access: 'closed',
        license: [{ license_ref: 'https://creativecommons.org/publicdomain/zero/1.0/', start_date: '2025-01-02' }],
      },
    ]);
    const titleOnly = exportPlanWire(
      planWithQuestions([{ title: 'Copies', fields: [textField(`${DIST}.title`)], items: [['Working copy']] }]),
    );
    expect(titleOnly.document.dmp.dataset[0].distribution).toEqual([{ title: 'Working copy', data_access: 'closed' }]);
    expect(titleOnly.warnings.join('\n')).toMatch(/Distribution 'Working copy'.*"closed" until one is answered/);
    // A format alone names no distribution.
    const formatOnly = exportPlanWire(
      planWithQuestions([{ title: 'Formats', fields: [textField(`${DIST}.format`)], items: [['text/csv']] }]),
    );
    expect(formatOnly.document.dmp.dataset[0].distribution).toBeUndefined();
    expect(formatOnly.warnings.join('\n')).toMatch(
      /Distribution 'Dataset one'.*names no title, host, licence or link; it is left out/,
    );
  });
});

describe('2. who is published', () => {
  it('roles become DataCite contributorTypes where one fits (data steward, CRediT URIs), others stay as given', () => {
    const [contributor] =
      dmpOf(
        planWithQuestions([
          {
            title: 'People',
            repeats: true,
            fields: [textField('rda.dmp.contributor.name'), { type: 'tags', semantics: ['rda.dmp.contributor.role'] }],
            items: [
              [
                'Ada',
                [
                  'Data Steward',
                  'http://credit.niso.org/contributor-roles/data-curation/',
                  'contact person',
                  'Lab technician',
                ],
              ],
            ],
          },
        ]),
      ).contributor ?? [];
    expect(contributor.role).toEqual(['DataManager', 'DataCurator', 'ContactPerson', 'Lab technician']);
  });
});

describe('3. an annex is not a dataset', () => {
  const dataQuestion: TestQuestion = {
    title: 'Data',
    fields: [textField('rda.dataset.title')],
    items: [['Survey data']],
  };
  const annexQuestions: TestQuestion[] = [
    {
      title: 'Costs',
      repeats: true,
      fields: [
        textField('rda.dmp.cost.title'),
        textField('rda.dmp.cost.value'),
        textField('rda.dmp.cost.currency_code'),
      ],
      items: [['Storage', '1000', 'EUR']],
    },
    { title: 'Ethics', fields: [textField('rda.dmp.ethical_issues_exist')], items: [['yes']] },
  ];

  it("feeds the annex's answers to the plan-level keys and leaves it out of dataset", () => {
    const dmp = dmpOf(
      testPlanWire({
        descriptions: [
          { label: 'Data', questions: [dataQuestion] },
          { label: 'Costs annex', questions: annexQuestions },
        ],
      }),
    );
    expect(dmp.dataset.map((d) => d.title)).toEqual(['Survey data']);
    expect(dmp.cost).toEqual([{ title: 'Storage', value: 1000, currency_code: 'EUR' }]);
    expect(dmp.ethical_issues_exist).toBe('yes');
  });

  it('a plan with only an annex still has its one generic dataset', () => {
    const dmp = dmpOf(
      testPlanWire({ label: 'Annex plan', descriptions: [{ label: 'Costs annex', questions: annexQuestions }] }),
    );
    expect(dmp.dataset.map((d) => d.title)).toEqual(['Annex plan: all data']);
  });
});

describe('4. funder names survive our own round trip', () => {
  const funders: TestBlueprintField = {
    field: {
      kind: 'referenceType',
      id: testId('funders'),
      label: 'Funder',
      referenceType: REFERENCE_TYPE('funders'),
      multipleSelect: true,
    },
    references: [testReference('funders', 'European Commission', '501100000780', [['pidTypeField', 'fundref']])],
  };

  it('are written as name and funder_name, and read back into the funder reference', async () => {
    const first = dmpOf(testPlanWire({ blueprintFields: [funders] }));
    expect(first.project?.[0].funding?.[0]).toMatchObject({
      name: 'European Commission',
      funder_name: 'European Commission',
    });
    const emptyFunders: TestBlueprintField = { field: funders.field };
    const { imported, exported } = await importThenExport(
      { dmp: { ...first, dataset: [] } },
      { blueprintFields: [emptyFunders], questions: [] },
    );
    expect(imported.references.map((r: Wire) => [r.reference.label, r.reference.reference])).toEqual([
      ['European Commission', '501100000780'],
    ]);
    expect(exported.dmp.project[0].funding[0]).toMatchObject({
      name: 'European Commission',
      funder_id: first.project?.[0].funding?.[0].funder_id,
    });
  });
});

describe('13. typed dates are read with explicit formats in the plan language', () => {
  const issuedOf = (answers: string[], language = 'en') =>
    dmpOf(
      testPlanWire({
        language,
        descriptions: answers.map((answer, i) => ({
          label: `D${i}`,
          questions: [{ title: 'When', fields: [textField('rda.dataset.issued')], items: [[answer]] }],
        })),
      }),
    ).dataset.map((d) => d.issued ?? null);

  it('day first for dotted dates, month names, unambiguous slashes; nothing for what is not a whole date', () => {
    expect(
      issuedOf([
        '01.02.2025',
        'since 2020',
        '01/02/2025',
        '03/15/2025',
        'March 3, 2025',
        '2025-04-30T22:00:00Z',
        '31.02.2025',
      ]),
    ).toEqual(['2025-02-01', null, null, '2025-03-15', '2025-03-03', '2025-04-30', null]);
  });

  it('says which answers are no date', () => {
    const result = exportPlanWire(
      planWithQuestions([{ title: 'When', fields: [textField('rda.dataset.issued')], items: [['since 2020']] }]),
    );
    expect(result.document.dmp.dataset[0].issued).toBeUndefined();
    expect(result.warnings.join('\n')).toMatch(
      /"since 2020" is not a date with day, month and year.*dataset.issued is left out/,
    );
  });

  it("reads month names in the plan's language", () => {
    expect(issuedOf(['1. Februar 2025', 'Februar 2025', '3 March 2025'], 'de')).toEqual([
      '2025-02-01',
      null,
      '2025-03-03',
    ]);
  });
});

describe('14. licences are looked up in the SPDX list', () => {
  it('maps SPDX ids and common names beyond a short table to licence URLs', () => {
    const names = [
      'CC-BY-SA-3.0',
      'GPL-2.0',
      'MPL-2.0',
      'Apache 2',
      'CC BY-NC 4.0',
      'GNU General Public License v3.0 only',
      'ODbL',
      'BSD-2-Clause',
    ];
    const [dataset] = dmpOf(
      planWithQuestions([
        {
          title: 'Copies',
          repeats: true,
          fields: [textField(`${DIST}.license`), textField(`${DIST}.data_access`)],
          items: names.map((name) => [name, 'open']),
        },
      ]),
    ).dataset;
    expect(dataset.distribution?.map((d) => d.license?.[0].license_ref)).toEqual([
      'https://creativecommons.org/licenses/by-sa/3.0/',
      'https://www.gnu.org/licenses/old-licenses/gpl-2.0-standalone.html',
      'https://www.mozilla.org/MPL/2.0/',
      'https://www.apache.org/licenses/LICENSE-2.0',
      'https://creativecommons.org/licenses/by-nc/4.0/',
      'https://www.gnu.org/licenses/gpl-3.0.html',
      'https://opendatacommons.org/licenses/odbl/1-0/',
      'https://opensource.org/licenses/BSD-2-Clause',
    ]);
  });
});

describe('15. a distribution without data access in the file', () => {
  const file = {
    dmp: {
      title: 'T',
      contact: { name: 'Ann Lee', mbox: 'ann@example.org' },
      dataset: [
        {
          title: 'Archive',
          dataset_id: { identifier: 'a1', type: 'other' },
          distribution: [
            {
              title: 'Archive copy',
              host: { title: 'Zenodo', url: 'https://zenodo.org' },
              license: [{ license_ref: CC_BY, start_date: '2026-01-01' }],
            },
          ],
        },
      ],
    },
  };

  it('is noted in the imported description, and exported again with its host and licence (and a log line)', async () => {
    const { imported, exported, warnings } = await importThenExport(file);
    expect(imported.descriptions[0].description).toMatch(
      /Notes from the RDA import:.*Distribution 'Archive copy' has no data access/s,
    );
    expect(exported.dmp.dataset[0].distribution).toEqual([
      {
        title: 'Archive copy',
        data_access: 'closed',
        host: { title: 'Zenodo', url: 'https://zenodo.org' },
        license: [{ license_ref: CC_BY, start_date: '2026-01-01' }],
      },
    ]);
    expect(warnings.join('\n')).toMatch(/Distribution 'Archive copy'.*"closed" until one is answered/);
  });
});

// ---- import ----

describe('5. HTML in descriptions', () => {
  const file = {
    dmp: {
      title: 'T',
      description: '<div>Plan <b>text</b>&#160;here</div><script>alert(1)</script>',
      dataset: [{ title: 'D', description: '<p>A <i>b</i> &amp; c</p>' }],
    },
  };
  const extra = (dataType: 0 | 1): TestBlueprintField => ({
    field: {
      kind: 'extra',
      id: testId('extra'),
      label: `description ${dataType}`,
      dataType,
      semantics: ['rda.dmp.description'],
    },
  });

  it('is sanitised and kept for rich-text slots, stripped for plain ones, never shown as markup', async () => {
    const questions: TestQuestion[] = [
      {
        title: 'Text',
        fields: [
          textField('rda.dataset.description'),
          { type: 'richTextarea', semantics: ['rda.dataset.description'] },
        ],
        items: [[]],
      },
    ];
    const { imported, template } = await importInto(file, { blueprintFields: [extra(0), extra(1)], questions });
    expect(imported.description).toBe('<div>Plan <b>text</b>\u00a0here</div>');
    const [plain, rich] = imported.properties.planBlueprintValues.map((v: Wire) => v.value);
    expect([plain, rich]).toEqual(['Plan text here', '<div>Plan <b>text</b>\u00a0here</div>']);
    const [d] = imported.descriptions;
    expect(d.description).toBe('<p>A <i>b</i> &amp; c</p>');
    expect(answersOf(d, template, 'rda.dataset.description').map((a) => a.textValue)).toEqual([
      'A b & c',
      '<p>A <i>b</i> &amp; c</p>',
    ]);
    expect(JSON.stringify(imported)).not.toMatch(/&lt;|<script|alert/);
  });
});

describe("6. OpenCDMP's fragmented distributions", () => {
  it('become one distribution: empty objects dropped, untitled pieces joined to the one before', async () => {
    const fragments = [
      { title: 'Survey tables' },
      { format: ['text/csv'] },
      { byte_size: 1000 },
      {},
      { host: { pid_system: ['doi'] } },
      {},
    ];
    const { imported, template } = await importInto({
      dmp: { title: 'T', dataset: [{ title: 'D', distribution: fragments }] },
    });
    const [d] = imported.descriptions;
    const values = (key: string) => answersOf(d, template, `${DIST}.${key}`).map((a) => a.textValue ?? a.textListValue);
    expect(values('title')).toEqual(['Survey tables']);
    expect(values('format')).toEqual([['text/csv']]);
    expect(values('byte_size')).toEqual(['1000']);
    expect(values('host.pid_system')).toEqual([['doi']]);
  });
});

describe('7. dates as real producers write them', () => {
  it('reads epoch milliseconds (DAMAP), DMPHub\'s "16:01:58:00Z" and Java Date.toString() (Argos project dates)', async () => {
    const file = {
      dmp: {
        title: 'T',
        created: 1702466520326,
        modified: '2020-08-27T16:01:58:00Z',
        project: [{ title: 'P', start: 'Fri Nov 17 11:12:03 UTC 2023', end: 'Sat Nov 30 23:30:00 CET 2024' }],
        dataset: [{ title: 'D', issued: 'Mon Jan 15 09:00:00 GMT 2024' }],
      },
    };
    const { imported, template } = await importInto(file);
    expect(imported.createdAt).toBe(1702466520.326);
    expect(imported.updatedAt).toBe(Date.parse('2020-08-27T16:01:58Z') / 1000);
    const [d] = imported.descriptions;
    const day = (key: string) =>
      answersOf(d, template, key).map((a) => new Date(a.dateValue * 1000).toISOString().slice(0, 10));
    expect(day('rda.dmp.project.start')).toEqual(['2023-11-17']);
    // 23:30 in Central Europe is 22:30 UTC, the same day.
    expect(day('rda.dmp.project.end')).toEqual(['2024-11-30']);
    expect(day('rda.dataset.issued')).toEqual(['2024-01-15']);
  });
});

describe('8. the contact as a list', () => {
  it('takes the first contact of a list (DMPTool API v3 drafts)', async () => {
    const contact = [
      { name: 'Ann Lee', mbox: 'ann@example.org', contact_id: [{ identifier: '0000-0002-1825-0097', type: 'orcid' }] },
      { name: 'Bo Kim', mbox: 'bo@example.org' },
    ];
    const { imported, exported } = await importThenExport({ dmp: { title: 'T', contact, dataset: [{ title: 'D' }] } });
    expect(imported.properties.contacts).toEqual([{ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org' }]);
    expect(exported.dmp.contact).toEqual({
      name: 'Ann Lee',
      mbox: 'ann@example.org',
      contact_id: { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' },
    });
  });
});

describe('9. a funder named without identifier', () => {
  it('becomes a funder reference by name, and its grant is in the next export', async () => {
    const funders: TestBlueprintField = {
      field: {
        kind: 'referenceType',
        id: testId('funders'),
        label: 'Funder',
        referenceType: REFERENCE_TYPE('funders'),
        multipleSelect: true,
      },
    };
    const grants: TestBlueprintField = {
      field: {
        kind: 'referenceType',
        id: testId('grants'),
        label: 'Grant',
        referenceType: REFERENCE_TYPE('grants'),
        multipleSelect: true,
      },
    };
    const file = {
      dmp: {
        title: 'T',
        contact: { name: 'Ann Lee', mbox: 'ann@example.org' },
        project: [
          {
            title: 'Example project',
            funding: [
              {
                funder_id: { identifier: '', type: 'fundref' },
                funder_name: 'European Commission',
                grant_id: { identifier: '776242', type: 'other' },
              },
            ],
          },
        ],
        dataset: [],
      },
    };
    const { imported, exported } = await importThenExport(file, { blueprintFields: [funders, grants], questions: [] });
    expect(
      imported.references.map((r: Wire) => [r.reference.type.code, r.reference.label, r.reference.reference]),
    ).toEqual([
      ['funders', 'European Commission', null],
      ['grants', '776242', '776242'],
    ]);
    expect(exported.dmp.project[0].funding).toEqual([
      expect.objectContaining({ name: 'European Commission', grant_id: { identifier: '776242', type: 'other' } }),
    ]);
  });
});

describe('10. /preprocessing/description and wrapped files', () => {
  it('accepts {"items": [{"dmp": …}]} as /preprocessing/plan does', async () => {
    const file = envelope({
      items: [
        { dmp: { title: 'T', dataset: [{ title: 'Wrapped', dataset_id: { identifier: 'w1', type: 'other' } }] } },
      ],
    });
    expect(await rdaImporter.preprocessDescription(file)).toEqual({ id: 'w1', label: 'Wrapped' });
    expect((await rdaImporter.preprocessPlan(file)).preprocessingDescriptionModels).toEqual([
      { id: 'w1', label: 'Wrapped' },
    ]);
  });
});

describe('11. select and radio fields', () => {
  const formatSelect = {
    type: 'select' as const,
    label: 'Formats',
    multipleSelect: true,
    semantics: [`${DIST}.format`],
    options: [
      { label: 'CSV table', value: 'text/csv' },
      { label: 'TIFF image', value: 'image/tiff' },
      { label: 'Other', value: 'other' },
    ],
  };
  const typeRadio = {
    type: 'radiobox' as const,
    label: 'Kind of output',
    semantics: ['rda.dataset.type'],
    options: [
      { label: 'Dataset', value: 'dataset' },
      { label: 'Software', value: 'software' },
    ],
  };
  const file = {
    dmp: {
      title: 'T',
      dataset: [
        {
          title: 'D',
          type: 'Source code',
          distribution: [{ title: 'Copy', data_access: 'open', format: ['CSV', 'image', 'application/x-netcdf'] }],
        },
      ],
    },
  };

  it('match by value, label, media type and synonyms; what matches nothing is noted in the description', async () => {
    const questions: TestQuestion[] = [
      { title: 'Output', fields: [typeRadio], items: [[]] },
      { title: 'Copies', repeats: true, fields: [textField(`${DIST}.title`), formatSelect], items: [[]] },
    ];
    const { imported, template } = await importInto(file, { questions });
    const [d] = imported.descriptions;
    expect(answersOf(d, template, 'rda.dataset.type').map((a) => a.textValue)).toEqual(['software']);
    expect(answersOf(d, template, `${DIST}.format`).map((a) => a.textListValue)).toEqual([['text/csv', 'image/tiff']]);
    expect(d.description).toContain('Copies, Formats: "application/x-netcdf" matches none of the options.');
  });

  it('a text field of the same question and semantics shows the whole value instead', async () => {
    const questions: TestQuestion[] = [
      {
        title: 'Copies',
        repeats: true,
        fields: [textField(`${DIST}.title`), formatSelect, textField(`${DIST}.format`, 'Formats (as given)')],
        items: [[]],
      },
    ];
    const { imported, template } = await importInto(file, { questions });
    const [d] = imported.descriptions;
    expect(answersOf(d, template, `${DIST}.format`).map((a) => a.textListValue ?? a.textValue)).toEqual([
      ['text/csv', 'image/tiff'],
      'CSV, image, application/x-netcdf',
    ]);
    expect(d.description ?? '').not.toContain('matches none');
  });
});

describe("12. small readers' gaps", () => {
  it('reads is_reused "reused"/"produced", personal_data "do not know", and mailto: e-mails', async () => {
    const file = {
      dmp: {
        title: 'T',
        contact: { name: 'Sam Okafor', mbox: 'mailto:sam@example.org' },
        dataset: [
          { title: 'A', is_reused: 'reused', personal_data: 'do not know', sensitive_data: "I don't know" },
          { title: 'B', is_reused: 'produced' },
        ],
      },
    };
    const { imported, exported } = await importThenExport(file);
    expect(imported.properties.contacts[0].email).toBe('sam@example.org');
    expect(exported.dmp.contact.mbox).toBe('sam@example.org');
    expect(exported.dmp.dataset.map((d: Wire) => [d.is_reused, d.personal_data, d.sensitive_data])).toEqual([
      [true, 'unknown', 'unknown'],
      [false, 'unknown', 'unknown'],
    ]);
  });
});
