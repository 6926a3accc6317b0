/**
 * One description -> one RDA dataset (DatasetMapper), for what rdaMapping's mutation run of
 * 2026-11-24 16:07 found unguarded: texts joined, 1.1 and 1.2 fields, the warnings for answers
 * that cannot be read (each naming its question and field), bare group keys, metadata standards
 * as references, distributions asked once, links, hosts from references, and a host or licence
 * taken whole. Each export runs in this process, so mutation testing can credit it.
 */
import type { TemplateFieldType } from '../../../src/contract/model';
import type { Dataset, Distribution } from '../../../src/formats/rda/madmp';
import { reference } from '../../../fixtures/lib/wire';
import {
  ajvErrors,
  exportPlanWire,
  planWithQuestions,
  testReference,
  type TestPlan,
  type TestQuestion,
} from '../../builders/rda';

const D = 'rda.dataset.distribution';
const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';
/** Rich text holding a picture and no words: an answer with no text. */
const PICTURE_ONLY = '<p><img src="data:image/png;base64,iVBORw0KGgo="></p>';

/** A field labelled after the last part of its one semantic key. */
const field = (type: TemplateFieldType, semantic: string, label = semantic.split('.').pop()!) => ({
  type,
  semantics: [semantic],
  label,
});
const text = (semantic: string, label?: string) => field('freetext', semantic, label);
const refs = (code: string, ...specs: [label: string, id: string][]) => ({
  references: specs.map(([label, id]) => reference(testReference(code, label, id))),
});
/** Where a warning says an answer came from. */
const from = (question: string, label: string) =>
  `question '${question}' of description 'Dataset one', field '${label}'`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function exported(
  questions: TestQuestion[],
  extra: Partial<TestPlan> = {},
): { dataset: Dataset; warnings: string[]; document: unknown } {
  const rendering = exportPlanWire(planWithQuestions(questions, extra));
  return { dataset: rendering.document.dmp.dataset[0], warnings: rendering.warnings, document: rendering.document };
}

describe('dataset texts', () => {
  it('joins several preservation statements with a blank line, skipping an answer with no text', () => {
    const { dataset } = exported([
      {
        title: 'Preservation',
        fields: [
          field('textarea', 'rda.dataset.preservation_statement', 'kept'),
          field('richTextarea', 'rda.dataset.preservation_statement', 'diagram'),
          field('textarea', 'rda.dataset.preservation_statement', 'migrated'),
        ],
        items: [['Kept 10 years.', PICTURE_ONLY, 'Migrated yearly.']],
      },
    ]);
    expect(dataset.preservation_statement).toBe('Kept 10 years.\n\nMigrated yearly.');
  });

  it('takes keywords from the description tags trimmed, once each, without blank ones', () => {
    const raw = planWithQuestions([]);
    raw.descriptions[0].tags = [' coral ', 'coral', '  ', 'photo'];
    expect(exportPlanWire(raw).document.dmp.dataset[0].keyword).toEqual(['coral', 'photo']);
  });
});

describe('1.1 and 1.2 fields', () => {
  const questions: TestQuestion[] = [
    {
      title: 'Reuse',
      fields: [
        field('textarea', 'rda.dataset.rights'),
        field('textarea', 'rda.dataset.rights', 'more rights'),
        text('rda.dataset.is_reused'),
      ],
      items: [['Owned by the consortium', 'Third-party images under their own terms', 'yes']],
    },
    {
      title: 'Distribution',
      fields: [text(`${D}.title`), text(`${D}.data_access`), field('datePicker', `${D}.issued`)],
      items: [['Tables', 'open', { date: '2026-05-01T00:00:00Z' }]],
    },
  ];

  it('the default output (valid against 1.1) has is_reused, rights, alternate_identifier and distribution issued too', () => {
    const { dataset, document } = exported([
      ...questions,
      {
        title: 'Identity',
        fields: [field('datasetIdentifier', 'rda.dataset.dataset_id')],
        items: [[{ identifier: '10.1234/reef', type: 'doi' }]],
      },
    ]);
    // Keys 1.1 does not define, which it allows below the top.
    expect(dataset.is_reused).toBe(true);
    expect(dataset.rights).toBe('Owned by the consortium\n\nThird-party images under their own terms');
    // The dataset id is the DOI answered; the description's own id is the alternate one.
    expect(dataset.dataset_id).toEqual({ identifier: 'https://doi.org/10.1234/reef', type: 'doi' });
    expect(dataset.alternate_identifier).toEqual([{ identifier: expect.stringMatching(UUID), type: 'other' }]);
    expect(dataset.distribution).toEqual([{ title: 'Tables', data_access: 'open', issued: '2026-05-01' }]);
    expect(ajvErrors('1.1', document)).toEqual([]);
    expect(ajvErrors('1.2', document)).toEqual([]);
  });

  it('1.2 joins the rights answers with a blank line', () => {
    const { dataset } = exported(questions, { rdaVersion: '1.2' });
    expect(dataset.rights).toBe('Owned by the consortium\n\nThird-party images under their own terms');
    expect(dataset.is_reused).toBe(true);
  });

  it('1.2 leaves out is_reused when reuse is not answered, and alternate_identifier when the dataset id is the description id', () => {
    const { dataset } = exported(
      [{ title: 'Reuse', fields: [field('textarea', 'rda.dataset.rights')], items: [['Owned by the consortium']] }],
      { rdaVersion: '1.2' },
    );
    expect(dataset.rights).toBe('Owned by the consortium');
    expect(dataset).not.toHaveProperty('is_reused');
    expect(dataset).not.toHaveProperty('alternate_identifier');
  });
});

describe('answers that cannot be read are named in a warning', () => {
  it('personal or sensitive data that is not yes, no or unknown is "unknown", with the answer quoted', () => {
    const { dataset, warnings } = exported([
      {
        title: 'Privacy',
        fields: [
          text('rda.dataset.personal_data', 'personal'),
          field('richTextarea', 'rda.dataset.sensitive_data', 'sensitive'),
        ],
        items: [['depends on the site', PICTURE_ONLY]],
      },
    ]);
    expect([dataset.personal_data, dataset.sensitive_data]).toEqual(['unknown', 'unknown']);
    expect(warnings).toEqual([
      `${from('Privacy', 'personal')}: "depends on the site" is not yes, no or unknown; "unknown" is used.`,
      `${from('Privacy', 'sensitive')}: "" is not yes, no or unknown; "unknown" is used.`,
    ]);
  });

  it('a language the RDA schemas do not know is left out with a warning; a known one is written without', () => {
    const language = (answer: string) =>
      exported([
        { title: 'Language', fields: [field('richTextarea', 'rda.dataset.language', 'language')], items: [[answer]] },
      ]);
    const known = language('de');
    expect(known.dataset.language).toBe('deu');
    expect(known.warnings).toEqual([]);
    for (const [answer, quoted] of [
      ['Klingon', 'Klingon'],
      [PICTURE_ONLY, ''],
    ]) {
      const unknown = language(answer);
      expect(unknown.dataset).not.toHaveProperty('language');
      expect(unknown.warnings).toEqual([
        `${from('Language', 'language')}: "${quoted}" is not a language the RDA schemas know; the dataset language is left out.`,
      ]);
    }
  });
});

describe('security, technical resources and metadata', () => {
  it('a security answer to the bare group key is the description of a measure titled "Security and privacy"; an item with no text is no measure', () => {
    const { dataset } = exported([
      {
        title: 'Security',
        repeats: true,
        fields: [field('textarea', 'rda.dataset.security_and_privacy')],
        items: [['Stored encrypted, access by named staff only']],
      },
      {
        title: 'Other measures',
        repeats: true,
        fields: [field('richTextarea', 'rda.dataset.security_and_privacy.title')],
        items: [[PICTURE_ONLY]],
      },
    ]);
    expect(dataset.security_and_privacy).toEqual([
      { title: 'Security and privacy', description: 'Stored encrypted, access by named staff only' },
    ]);
  });

  it('a technical resource is named by its bare group key or by name, with its description', () => {
    const { dataset } = exported([
      { title: 'Instrument', repeats: true, fields: [text('rda.dataset.technical_resource')], items: [['Glider']] },
      {
        title: 'Instruments',
        repeats: true,
        fields: [
          text('rda.dataset.technical_resource.name'),
          field('textarea', 'rda.dataset.technical_resource.description'),
        ],
        items: [['CTD profiler', 'Sea-Bird SBE 911plus']],
      },
    ]);
    expect(dataset.technical_resource).toEqual([
      { name: 'Glider' },
      { name: 'CTD profiler', description: 'Sea-Bird SBE 911plus' },
    ]);
  });

  it('each metadata standard chosen as a reference is one metadata entry in the answered language; one without a standard is none', () => {
    const { dataset } = exported([
      {
        title: 'Metadata',
        repeats: true,
        fields: [
          {
            type: 'referenceTypes',
            semantics: ['rda.dataset.metadata.metadata_standard_id'],
            referenceCode: 'metadataStandards',
            multipleSelect: true,
            label: 'standards',
          },
          text('rda.dataset.metadata.language'),
          text('rda.dataset.metadata.description'),
        ],
        items: [
          [
            refs(
              'metadataStandards',
              ['Darwin Core', 'https://dwc.tdwg.org/'],
              ['EML', 'https://eml.ecoinformatics.org/'],
            ),
            'de',
            'Both kept',
          ],
          [null, null, 'A standard still to choose'],
        ],
      },
    ]);
    expect(dataset.metadata).toEqual([
      {
        metadata_standard_id: { identifier: 'https://dwc.tdwg.org/', type: 'url' },
        language: 'deu',
        description: 'Both kept',
      },
      {
        metadata_standard_id: { identifier: 'https://eml.ecoinformatics.org/', type: 'url' },
        language: 'deu',
        description: 'Both kept',
      },
    ]);
  });
});

describe('distributions', () => {
  const distributionsOf = (questions: TestQuestion[], extra: Partial<TestPlan> = {}) => {
    const result = exported(questions, extra);
    return { distributions: result.dataset.distribution as Distribution[], warnings: result.warnings };
  };

  it('a distribution question asked once that names a title is a distribution of its own next to the repeated ones', () => {
    const { distributions } = distributionsOf([
      { title: 'Archive', fields: [text(`${D}.title`), text(`${D}.data_access`)], items: [['Archive copy', 'closed']] },
      {
        title: 'Deposits',
        repeats: true,
        fields: [text(`${D}.title`), text(`${D}.data_access`)],
        items: [
          ['Tables', 'open'],
          ['Images', 'shared'],
        ],
      },
    ]);
    expect(distributions.map((d) => [d.title, d.data_access])).toEqual([
      ['Archive copy', 'closed'],
      ['Tables', 'open'],
      ['Images', 'shared'],
    ]);
  });

  it('keeps an access URL of any kind, leaves out a download URL that is not public http(s) with a warning, and takes links from references', () => {
    const { distributions, warnings } = distributionsOf([
      {
        title: 'Links',
        repeats: true,
        fields: [
          text(`${D}.title`),
          text(`${D}.data_access`),
          text(`${D}.access_url`, 'access'),
          text(`${D}.download_url`, 'download'),
          {
            type: 'referenceTypes',
            semantics: [`${D}.download_url`],
            referenceCode: 'datasets',
            label: 'download link',
          },
        ],
        items: [
          ['Intranet', 'shared', 'http://10.0.0.7/data', 'http://10.0.0.7/data/all.zip', null],
          ['Published', 'open', null, null, refs('datasets', ['Tables on Zenodo', 'https://zenodo.org/records/42'])],
        ],
      },
    ]);
    expect(distributions).toEqual([
      { title: 'Intranet', data_access: 'shared', access_url: 'http://10.0.0.7/data' },
      { title: 'Published', data_access: 'open', download_url: 'https://zenodo.org/records/42' },
    ]);
    expect(warnings).toEqual([
      `${from('Links', 'download')}: "http://10.0.0.7/data/all.zip" is not a public http(s) URL; download_url is left out.`,
    ]);
  });

  it('keeps every licence answered, once each', () => {
    const { distributions } = distributionsOf([
      {
        title: 'Deposit',
        fields: [
          text(`${D}.title`),
          text(`${D}.data_access`),
          text(`${D}.license.license_ref`, 'data licence'),
          text(`${D}.license.license_ref`, 'code licence'),
          text(`${D}.license`, 'again'),
        ],
        items: [['Tables', 'open', 'CC-BY-4.0', 'CC0-1.0', 'CC-BY-4.0']],
      },
    ]);
    expect(distributions[0].license?.map((l) => l.license_ref)).toEqual([
      CC_BY,
      'https://creativecommons.org/publicdomain/zero/1.0/',
    ]);
  });

  it('says which data access answer it could not read, and what it gave instead', () => {
    const { distributions, warnings } = distributionsOf([
      {
        title: 'Deposits',
        repeats: true,
        fields: [
          text(`${D}.title`, 'name'),
          text(`${D}.data_access`, 'access'),
          text(`${D}.license`, 'licence'),
          text(`${D}.host.title`, 'repository'),
          text(`${D}.host.url`, 'repository URL'),
        ],
        items: [
          ['Tables', 'sometimes', null, 'Zenodo', 'https://zenodo.org'],
          ['Images', null, 'CC-BY-4.0', null, null],
        ],
      },
    ]);
    // A licence, even an open one, says nothing about access.
    expect(distributions.map((d) => d.data_access)).toEqual(['closed', 'closed']);
    expect(warnings).toEqual([
      `Distribution 'Tables' (${from('Deposits', 'access')}) has "sometimes" is not open, shared or closed; it is given as "closed" until one is answered.`,
      `Distribution 'Images' (${from('Deposits', 'name')}) has no data access answer (open, shared or closed); it is given as "closed" until one is answered.`,
    ]);
  });

  it('warns about a byte size or host it leaves out, naming the field, and about nothing for a distribution without them', () => {
    const { distributions, warnings } = distributionsOf([
      {
        title: 'Copies',
        repeats: true,
        fields: [
          text(`${D}.title`),
          text(`${D}.data_access`),
          text(`${D}.byte_size`, 'size'),
          text(`${D}.host.title`, 'host name'),
          text(`${D}.host.url`, 'host URL'),
        ],
        items: [
          ['Plain', 'open', null, null, null],
          ['Local', 'closed', 'a lot', 'Our NAS', null],
          ['Intranet', 'shared', null, null, 'http://10.0.0.7/data'],
        ],
      },
    ]);
    expect(distributions).toEqual([
      { title: 'Plain', data_access: 'open' },
      { title: 'Local', data_access: 'closed' },
      { title: 'Intranet', data_access: 'shared' },
    ]);
    expect(warnings).toEqual([
      `${from('Copies', 'host name')}: host 'Our NAS' has no URL, which RDA requires; the host is left out.`,
      `${from('Copies', 'size')}: "a lot" is not a size (e.g. 52428800 or 5 GB); byte_size is left out.`,
      `${from('Copies', 'host URL')}: "http://10.0.0.7/data" is not a public http(s) URL; the host is left out.`,
    ]);
  });

  it('takes a host from a repository reference on its title or URL; the URL answer wins, and a bare URL is named by its host name', () => {
    const repository = (label: string, id: string) => refs('repositories', [label, id]);
    const { distributions } = distributionsOf([
      {
        title: 'Repositories',
        repeats: true,
        fields: [
          text(`${D}.title`),
          text(`${D}.data_access`),
          {
            type: 'referenceTypes',
            semantics: [`${D}.host.title`],
            referenceCode: 'repositories',
            label: 'repository',
          },
          {
            type: 'referenceTypes',
            semantics: [`${D}.host.url`],
            referenceCode: 'repositories',
            label: 'repository link',
          },
          text(`${D}.host.url`, 'URL'),
        ],
        items: [
          ['By title', 'open', repository('Zenodo', 'https://zenodo.org'), null, null],
          ['By URL', 'open', null, repository('Zenodo', 'https://zenodo.org'), null],
          [
            'Both',
            'open',
            repository('Zenodo', 'https://zenodo.org'),
            repository('Reef community', 'https://zenodo.org/communities/reef'),
            null,
          ],
          ['Bare URL', 'open', null, null, 'https://data.example.org/reef'],
        ],
      },
    ]);
    expect(distributions.map((d) => d.host)).toEqual([
      { title: 'Zenodo', url: 'https://zenodo.org' },
      { title: 'Zenodo', url: 'https://zenodo.org' },
      { title: 'Zenodo', url: 'https://zenodo.org/communities/reef' },
      { title: 'data.example.org', url: 'https://data.example.org/reef' },
    ]);
  });

  it('a host or licence asked once is taken whole by each distribution that answers none of it, and not mixed into one that answers part of it', () => {
    const { distributions } = distributionsOf([
      {
        title: 'Defaults',
        fields: [
          text(`${D}.host.title`, 'archive'),
          text(`${D}.host.url`, 'archive URL'),
          text(`${D}.license.license_ref`, 'default licence'),
          field('datePicker', `${D}.license.start_date`, 'licence from'),
          text(`${D}.format`, 'default format'),
        ],
        items: [
          [
            'Institutional archive',
            'https://archive.example.org',
            'CC0-1.0',
            { date: '2020-01-01T00:00:00Z' },
            'application/pdf',
          ],
        ],
      },
      {
        title: 'Deposits',
        repeats: true,
        fields: [
          text(`${D}.title`),
          text(`${D}.data_access`),
          text(`${D}.host.url`),
          text(`${D}.license.license_ref`),
          text(`${D}.format`),
        ],
        items: [
          ['Tables', 'open', 'https://zenodo.org', 'CC-BY-4.0', 'text/csv'],
          ['Images', 'open', null, null, null],
        ],
      },
    ]);
    expect(distributions).toEqual([
      // The plan was created on 2025-01-02: the start date of a licence with none answered.
      {
        title: 'Tables',
        data_access: 'open',
        format: ['text/csv'],
        host: { title: 'zenodo.org', url: 'https://zenodo.org' },
        license: [{ license_ref: CC_BY, start_date: '2025-01-02' }],
      },
      {
        title: 'Images',
        data_access: 'open',
        format: ['application/pdf'],
        host: { title: 'Institutional archive', url: 'https://archive.example.org' },
        license: [{ license_ref: 'https://creativecommons.org/publicdomain/zero/1.0/', start_date: '2020-01-01' }],
      },
    ]);
  });
});
