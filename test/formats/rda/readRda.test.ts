/**
 * The liberal reader of uploaded maDMP files, value by value: what each shape producers write
 * becomes in the import (texts from numbers and arrays, identifiers from strings, objects and
 * arrays, numbers with decimal commas, flags in words, fragments joined, keys made unique), and
 * the exact answer to each kind of file that cannot be read.
 */
import { readDatasetFile, readDmp } from '../../../src/formats/rda/import/readRda';
import { MAX_IMPORT_BYTES, parseEnvelopeJson } from '../../../src/contract/envelope';
import { ServiceError } from '../../../src/errors';
import { statusOf } from '../../../src/http/errors';

const dmpOf = (dmp: Record<string, unknown>) => readDmp({ dmp });
const datasetOf = (dataset: Record<string, unknown>) => dmpOf({ title: 'T', dataset: [dataset] }).datasets[0];
const distributionOf = (distribution: Record<string, unknown>) =>
  datasetOf({ title: 'D', distribution: [distribution] }).distributions[0];

/** The ServiceError `run` throws: its status, message and details. */
function refusal(run: () => unknown): { status: number; message: string; details: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError)
      return { status: statusOf(error), message: error.message, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('the uploaded file', () => {
  it('reads base64 wrapped over lines, with a byte order mark before the JSON', () => {
    const wrapped = base64('\uFEFF{"dmp":{"title":"Wrapped"}}').replace(/(.{8})/g, '$1\r\n ');
    expect(parseEnvelopeJson({ file: wrapped }, 'RDA maDMP JSON')).toEqual({ dmp: { title: 'Wrapped' } });
  });

  it.each([
    ['no file', {}],
    ['a blank file', { file: '  \n ' }],
    ['a number', { file: 42 }],
    ['no envelope', null],
  ])('answers 400 naming /file for %s', (_name, envelope) => {
    expect(refusal(() => parseEnvelopeJson(envelope, 'RDA maDMP JSON'))).toEqual({
      status: 400,
      message: 'The upload has no file content: "file" must hold the base64 bytes of the JSON file.',
      details: [{ path: '/file', message: 'must be the file bytes, base64-encoded' }],
    });
  });

  it('answers 400 for text that is not base64, and for bytes that are not UTF-8 or not JSON, naming /file and what it must be', () => {
    expect(refusal(() => parseEnvelopeJson({ file: 'not base64!' }, 'RDA maDMP JSON'))).toEqual({
      status: 400,
      message: 'The upload is not base64-encoded.',
      details: [{ path: '/file', message: 'must be base64' }],
    });
    expect(
      refusal(() =>
        parseEnvelopeJson({ file: Buffer.from([0xff, 0xfe, 0x00, 0x7b]).toString('base64') }, 'RDA maDMP JSON'),
      ),
    ).toEqual({
      status: 400,
      message: 'The file is not UTF-8 text, so it cannot be RDA maDMP JSON.',
      details: [{ path: '/file', message: 'must be UTF-8 JSON' }],
    });
    expect(refusal(() => parseEnvelopeJson({ file: base64('{"dmp": ') }, 'RDA maDMP JSON'))).toEqual({
      status: 400,
      message: expect.stringMatching(/^The file is not JSON: /),
      details: [{ path: '/file', message: 'must be a JSON document' }],
    });
  });

  it('reads a file whose byte order mark was written twice, and keeps U+FEFF inside a text', () => {
    // TextDecoder drops one mark; a tool that adds its own to a file that has one leaves a second.
    expect(parseEnvelopeJson({ file: base64('\uFEFF\uFEFF{"dmp":{"title":"Twice"}}') }, 'RDA maDMP JSON')).toEqual({
      dmp: { title: 'Twice' },
    });
    expect(parseEnvelopeJson({ file: base64('{"dmp":{"title":"Zero\uFEFFwidth"}}') }, 'RDA maDMP JSON')).toEqual({
      dmp: { title: 'Zero\uFEFFwidth' },
    });
  });

  it('reads a file of exactly 20 MB and refuses one byte more with 413, counting the padding', () => {
    // MAX_IMPORT_BYTES is 2 more than a multiple of 3: its base64 ends in one "=".
    const atLimit = Buffer.alloc(MAX_IMPORT_BYTES, 0x20).toString('base64');
    expect(atLimit.endsWith('=') && !atLimit.endsWith('==')).toBe(true);
    expect(refusal(() => parseEnvelopeJson({ file: atLimit }, 'RDA maDMP JSON')).status).toBe(400); // blank JSON, but read
    const over = Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x20).toString('base64');
    expect(refusal(() => parseEnvelopeJson({ file: over }, 'RDA maDMP JSON'))).toEqual({
      status: 413,
      message: 'The file is too large to import (20.0 MB; at most 20 MB).',
      details: [{ path: '/file', message: `must be at most ${MAX_IMPORT_BYTES} bytes` }],
    });
  });

  it('tells the size of a file too large to the tenth of a MB, counting "==" padding', () => {
    // 21,128,806 bytes are 20.1499996 MB, one byte more 20.15000057: base64 ends in "==" (3n + 1 bytes).
    const file = Buffer.alloc(21_128_806, 0x20).toString('base64');
    expect(file.endsWith('==')).toBe(true);
    expect(refusal(() => parseEnvelopeJson({ file }, 'RDA maDMP JSON')).message).toBe(
      'The file is too large to import (20.1 MB; at most 20 MB).',
    );
  });
});

describe('which files are maDMPs', () => {
  it('takes the dmp of the first item of a list (DMPRoadmap API)', () => {
    expect(readDmp({ items: [{ dmp: { title: 'First' } }, { dmp: { title: 'Second' } }] }).title).toBe('First');
  });

  it.each([
    ['no dmp', { title: 'x' }],
    ['a dmp that is a list', { dmp: [{ title: 'x' }] }],
    ['a dmp with neither title nor datasets', { dmp: { description: 'only this' } }],
    ['an empty list of items', { items: [] }],
    ['an item without dmp', { items: [{ title: 'x' }] }],
  ])('refuses %s with 400 naming /dmp', (_name, json) => {
    expect(refusal(() => readDmp(json))).toEqual({
      status: 400,
      message: 'The file is not an RDA maDMP: it needs a "dmp" object with at least a title or datasets.',
      details: [{ path: '/dmp', message: 'must be an object with "title" or "dataset"' }],
    });
  });

  it('refuses a file that is JSON null with 400, and skips null where objects are listed', () => {
    expect(refusal(() => readDmp(null)).status).toBe(400);
    expect(refusal(() => readDatasetFile(null)).status).toBe(400);
    expect(readDmp({ dmp: { title: 'T', contributor: [null, { name: 'Ada' }], dataset: [null] } })).toMatchObject({
      contributors: [{ name: 'Ada' }],
      datasets: [],
    });
  });

  it('accepts a dmp with datasets but no title', () => {
    expect(readDmp({ dmp: { dataset: { title: 'Only data' } } }).datasets.map((d) => d.title)).toEqual(['Only data']);
  });
});

describe('a description file', () => {
  it('takes the first dataset of a maDMP and keeps the maDMP', () => {
    const { dataset, dmp } = readDatasetFile({ dmp: { title: 'P', dataset: [{ title: 'A' }, { title: 'B' }] } });
    expect(dataset.title).toBe('A');
    expect(dmp?.title).toBe('P');
  });

  it('refuses a maDMP without datasets with 400 naming /dmp/dataset', () => {
    expect(refusal(() => readDatasetFile({ dmp: { title: 'P' } }))).toEqual({
      status: 400,
      message: 'The maDMP has no dataset to import as a description.',
      details: [{ path: '/dmp/dataset', message: 'must hold a dataset' }],
    });
  });

  it('reads a bare dataset, {"dataset": {…}} and {"dataset": […]}, by title or by dataset_id alone', () => {
    expect(readDatasetFile({ title: 'Bare' }).dataset.title).toBe('Bare');
    expect(readDatasetFile({ dataset: { title: 'Wrapped' } }).dataset.title).toBe('Wrapped');
    expect(readDatasetFile({ dataset: [{ title: 'Listed' }, { title: 'Second' }] }).dataset.title).toBe('Listed');
    const byId = readDatasetFile({ dataset_id: { identifier: '10.5281/zenodo.1', type: 'doi' } });
    expect(byId).toEqual({ dataset: expect.objectContaining({ key: '10.5281/zenodo.1', title: null }), dmp: null });
  });

  it.each([
    ['a list', [{ title: 'x' }]],
    ['a dataset with neither title nor dataset_id', { description: 'x' }],
    ['text', 'a dataset'],
  ])('refuses %s with 400 naming the root', (_name, json) => {
    expect(refusal(() => readDatasetFile(json))).toEqual({
      status: 400,
      message:
        'The file is neither an RDA maDMP nor an RDA dataset: it needs "dmp", or a dataset with a title or dataset_id.',
      details: [{ path: '/', message: 'must be {"dmp": …} or a dataset object' }],
    });
  });
});

describe('values as producers write them', () => {
  it('reads texts from strings (trimmed), numbers and arrays of lines; blank, NaN and objects are nothing', () => {
    const dmp = dmpOf({ title: '  Spaced  ', description: ['First line', 2, '', null, 'Third'], language: 'eng' });
    expect(dmp.title).toBe('Spaced');
    expect(dmp.description).toBe('First line\n2\nThird');
    expect(dmpOf({ title: 2024 }).title).toBe('2024');
    expect(dmpOf({ title: 'T', description: '   ' }).description).toBeNull();
    expect(dmpOf({ title: 'T', description: [' ', ''] }).description).toBeNull();
    expect(dmpOf({ title: 'T', description: { text: 'x' } }).description).toBeNull();
    expect(dmpOf({ title: 'T', ethical_issues_description: Number.NaN }).ethicalIssuesDescription).toBeNull();
  });

  it('reads the language as given and as ISO 639-1', () => {
    expect(dmpOf({ title: 'T', language: 'deu' })).toMatchObject({ language: 'deu', language6391: 'de' });
    expect(dmpOf({ title: 'T' })).toMatchObject({ language: null, language6391: null });
  });

  it('reads identifiers from an object, a list of them, a bare string or number; the type in lower case', () => {
    expect(dmpOf({ title: 'T', dmp_id: { identifier: 'https://doi.org/10.1/x', type: 'DOI' } }).dmpId).toEqual({
      identifier: 'https://doi.org/10.1/x',
      type: 'doi',
    });
    expect(dmpOf({ title: 'T', dmp_id: [{ identifier: ' ' }, { identifier: 'second', type: 'other' }] }).dmpId).toEqual(
      { identifier: 'second', type: 'other' },
    );
    expect(dmpOf({ title: 'T', dmp_id: 'https://hdl.handle.net/1/2' }).dmpId).toEqual({
      identifier: 'https://hdl.handle.net/1/2',
      type: null,
    });
    expect(dmpOf({ title: 'T', dmp_id: 12345 }).dmpId).toEqual({ identifier: '12345', type: null });
    expect(dmpOf({ title: 'T', dmp_id: '' }).dmpId).toBeNull();
    expect(dmpOf({ title: 'T', dmp_id: { type: 'doi' } }).dmpId).toBeNull();
  });

  it('reads the contact (the first with an e-mail) and contributors with ids, roles, e-mails and affiliations', () => {
    const dmp = dmpOf({
      title: 'T',
      contact: [
        { name: 'First', mbox: 'MAILTO:first@example.org ', contact_id: 'https://orcid.org/0000-0001' },
        { name: 'Second' },
      ],
      contributor: [
        {
          name: 'C',
          role: 'Data Steward',
          affiliation: { name: 'Uni', affiliation_id: { identifier: 'https://ror.org/1', type: 'ror' } },
        },
        { name: 'D', role: ['a', 'b'], affiliation: [{ name: '' }, { name: 'Lab' }] },
        'not an object',
      ],
    });
    expect(dmp.contact).toEqual({
      name: 'First',
      mbox: 'first@example.org',
      ids: [{ identifier: 'https://orcid.org/0000-0001', type: null }],
      roles: [],
      affiliations: [],
    });
    expect(dmp.contributors).toEqual([
      {
        name: 'C',
        mbox: null,
        ids: [],
        roles: ['Data Steward'],
        affiliations: [{ name: 'Uni', id: { identifier: 'https://ror.org/1', type: 'ror' } }],
      },
      { name: 'D', mbox: null, ids: [], roles: ['a', 'b'], affiliations: [{ name: 'Lab', id: null }] },
      // RDA has one contact: the others are contributors with role ContactPerson.
      { name: 'Second', mbox: null, ids: [], roles: ['ContactPerson'], affiliations: [] },
    ]);
    expect(dmpOf({ title: 'T', contact: { mbox: 'mailto:' } }).contact).toBeNull();
    expect(dmpOf({ title: 'T', contact: { mbox: 'mailto: ada@example.org' } }).contact?.mbox).toBe('ada@example.org');
    // Only a leading scheme is a link's; an mbox that is a sentence stays as written.
    expect(dmpOf({ title: 'T', contact: { mbox: 'Write to mailto:office@example.org' } }).contact?.mbox).toBe(
      'Write to mailto:office@example.org',
    );
    expect(dmpOf({ title: 'T' }).contact).toBeNull();
  });

  it('makes a contact without e-mail, and every contact after the first with one, a ContactPerson', () => {
    const dmp = dmpOf({
      title: 'T',
      contact: [
        { name: 'No Mail', contact_id: { identifier: '0000-0002-1825-0097', type: 'orcid' } },
        { name: 'Ada', mbox: 'ada@example.org' },
        { name: 'Bob', mbox: 'BOB@example.org' },
        { name: 'Cy', mbox: 'cy@example.org', contact_id: { identifier: 'cy-1', type: 'other' } },
        { name: 'Dee', mbox: 'dee@example.org' },
        { mbox: null },
      ],
      contributor: [
        // The same people as contacts 3 to 5, by e-mail (any case), by identifier and by name.
        { name: 'Robert', mbox: 'bob@example.org', role: ['DataCurator'] },
        { name: 'Cyrus', contributor_id: { identifier: 'cy-1', type: 'other' }, role: ['contact person'] },
        { name: 'Dee', role: [] },
      ],
    });
    expect(dmp.contact?.name).toBe('Ada');
    expect(dmp.contributors.map((c) => [c.name, c.roles, c.ids.map((i) => i.identifier)])).toEqual([
      ['Robert', ['DataCurator', 'ContactPerson'], []],
      // "contact person" already says ContactPerson.
      ['Cyrus', ['contact person'], ['cy-1']],
      ['Dee', ['ContactPerson'], []],
      ['No Mail', ['ContactPerson'], ['0000-0002-1825-0097']],
    ]);
  });

  it('reads projects with dates and fundings, the funder named by funder_name or name', () => {
    const [project] = dmpOf({
      title: 'T',
      project: {
        title: 'P',
        start: '2024-01-15T10:00:00Z',
        end: 1735603200000,
        project_id: [{ identifier: 'p-1', type: 'Other' }],
        funding: [
          {
            funder_id: { identifier: 'https://ror.org/00k4n6c32', type: 'ror' },
            funder_name: 'EC',
            grant_id: 'g-1',
            funding_status: 'granted',
          },
          { name: 'By name' },
        ],
      },
    }).projects;
    expect(project).toEqual({
      title: 'P',
      description: null,
      start: '2024-01-15',
      end: '2024-12-31',
      ids: [{ identifier: 'p-1', type: 'other' }],
      fundings: [
        {
          funderId: { identifier: 'https://ror.org/00k4n6c32', type: 'ror' },
          funderName: 'EC',
          grantId: { identifier: 'g-1', type: null },
          status: 'granted',
        },
        { funderId: null, funderName: 'By name', grantId: null, status: null },
      ],
    });
  });

  it('reads costs with numbers from text (a decimal comma too) and the currency in upper case', () => {
    const costs = dmpOf({
      title: 'T',
      cost: [
        { title: 'Storage', value: ' 1200,50 ', currency_code: 'eur' },
        { value: 'a lot' },
        { value: 99 },
        { value: Infinity },
      ],
    }).costs;
    expect(costs).toEqual([
      { title: 'Storage', description: null, value: 1200.5, currency: 'EUR' },
      { title: null, description: null, value: null, currency: null },
      { title: null, description: null, value: 99, currency: null },
      { title: null, description: null, value: null, currency: null },
    ]);
  });

  it('reads the created and modified times, and ethical issues as yes, no or unknown', () => {
    const dmp = dmpOf({
      title: 'T',
      created: '2021-02-03T04:05:06Z',
      modified: 1612325106000,
      ethical_issues_exist: true,
      ethical_issues_report: 'https://example.org/r',
    });
    expect(dmp.created?.toISOString()).toBe('2021-02-03T04:05:06.000Z');
    expect(dmp.modified?.toISOString()).toBe('2021-02-03T04:05:06.000Z');
    expect(dmp.ethicalIssuesExist).toBe('yes');
    expect(dmp.ethicalIssuesReport).toBe('https://example.org/r');
    expect(dmpOf({ title: 'T', ethical_issues_exist: false }).ethicalIssuesExist).toBe('no');
    expect(dmpOf({ title: 'T', ethical_issues_exist: 'unknown' }).ethicalIssuesExist).toBe('unknown');
    expect(dmpOf({ title: 'T', created: '' }).created).toBeNull();
  });
});

describe('datasets', () => {
  it('keys each by its dataset_id, else its position; a repeated key gets the next free #number', () => {
    const keys = dmpOf({
      title: 'T',
      dataset: [
        { title: 'a', dataset_id: 'x' },
        { title: 'b', dataset_id: 'x' },
        { title: 'c', dataset_id: 'x#2' },
        { title: 'd' },
        { title: 'e', dataset_id: 'x' },
      ],
    }).datasets.map((d) => d.key);
    expect(keys).toEqual(['x', 'x#2', 'x#2#3', 'dataset-4', 'x#5']);
  });

  it('reads every dataset field', () => {
    expect(
      datasetOf({
        title: 'D',
        description: 'About',
        type: 'tabular',
        personal_data: 'yes',
        sensitive_data: 'no',
        keyword: 'single',
        issued: '2020-05-06',
        language: 'fra',
        preservation_statement: 'Kept 10 years',
        data_quality_assurance: ['checked', ''],
        security_and_privacy: [{ title: 'Access', description: 'VPN' }],
        technical_resource: { name: 'HPC', description: 'cluster' },
        metadata: [
          {
            metadata_standard_id: { identifier: 'https://www.dublincore.org', type: 'url' },
            language: 'eng',
            description: 'DC',
          },
        ],
        rights: 'CC-BY',
      }),
    ).toEqual({
      key: 'dataset-1',
      id: null,
      title: 'D',
      description: 'About',
      type: 'tabular',
      personalData: 'yes',
      sensitiveData: 'no',
      keywords: ['single'],
      issued: '2020-05-06',
      language: 'fra',
      preservationStatement: 'Kept 10 years',
      dataQualityAssurance: ['checked'],
      securityAndPrivacy: [{ title: 'Access', description: 'VPN' }],
      technicalResources: [{ name: 'HPC', description: 'cluster' }],
      metadata: [{ id: { identifier: 'https://www.dublincore.org', type: 'url' }, language: 'eng', description: 'DC' }],
      distributions: [],
      isReused: null,
      rights: 'CC-BY',
    });
  });

  it.each([
    [true, true],
    [false, false],
    ['reused', true],
    ['Re-used', true],
    ['existing', true],
    ['secondary', true],
    ['produced', false],
    ['new', false],
    ['generated', false],
    ['created', false],
    ['primary', false],
    ['yes', true],
    ['no', false],
    ['unknown', null],
    ['newly reused data', null],
    ['not reused', null],
    ['existing and new data', null],
    ['not new', null],
    [undefined, null],
  ])('reads is_reused %p as %p', (value, reused) => {
    expect(datasetOf({ title: 'D', is_reused: value }).isReused).toBe(reused);
  });
});

describe('distributions', () => {
  it('reads every distribution field, the host and its licences', () => {
    expect(
      distributionOf({
        title: 'CSV',
        description: 'Tables',
        data_access: 'shared',
        access_url: 'https://example.org/a',
        download_url: 'https://example.org/d',
        byte_size: '1048576',
        format: ['text/csv', 'application/zip'],
        available_until: '2030-01-01',
        issued: '2024-02-29T23:30:00+01:00',
        host: {
          title: 'Zenodo',
          url: 'https://zenodo.org',
          description: 'Repository',
          geo_location: 'CH',
          certified_with: 'coretrustseal',
          pid_system: ['doi', 'handle'],
          support_versioning: 'yes',
          backup_type: 'tape',
          backup_frequency: 'daily',
          availability: '99.9',
          storage_type: 'disk',
          host_id: [{ identifier: 'https://www.re3data.org/repository/r3d100010468', type: 'URL' }],
        },
        license: [
          { license_ref: 'https://creativecommons.org/licenses/by/4.0/', start_date: '2024-01-01' },
          { start_date: '2024-01-01' },
        ],
      }),
    ).toEqual({
      title: 'CSV',
      description: 'Tables',
      dataAccess: 'shared',
      accessUrl: 'https://example.org/a',
      downloadUrl: 'https://example.org/d',
      byteSize: 1048576,
      formats: ['text/csv', 'application/zip'],
      availableUntil: '2030-01-01',
      issued: '2024-02-29',
      host: {
        title: 'Zenodo',
        url: 'https://zenodo.org',
        id: { identifier: 'https://www.re3data.org/repository/r3d100010468', type: 'url' },
        description: 'Repository',
        geoLocation: 'CH',
        certifiedWith: 'coretrustseal',
        pidSystems: ['doi', 'handle'],
        supportVersioning: 'yes',
        backupType: 'tape',
        backupFrequency: 'daily',
        availability: '99.9',
        storageType: 'disk',
      },
      licenses: [{ ref: 'https://creativecommons.org/licenses/by/4.0/', startDate: '2024-01-01' }],
    });
  });

  it('drops blank texts and empty lists before joining fragments: they start no distribution and hide no later value', () => {
    const distributions = datasetOf({
      title: 'D',
      distribution: [
        {},
        { title: 'A', format: [], description: ' ' },
        { title: ' ', byte_size: 10 },
        { format: ['text/csv'], description: 'Tables' },
      ],
    }).distributions;
    expect(distributions.map((d) => [d.title, d.byteSize, d.formats, d.description])).toEqual([
      ['A', 10, ['text/csv'], 'Tables'],
    ]);
  });

  it('has no host when the host is not an object', () => {
    expect(distributionOf({ title: 'X', host: 'Zenodo' }).host).toBeNull();
    expect(distributionOf({ title: 'X', host: ['Zenodo'] }).host).toBeNull();
  });

  it("joins OpenCDMP's fragments: each continues the distribution before it until it repeats what that one says", () => {
    const distributions = datasetOf({
      title: 'D',
      distribution: [
        {},
        { format: ['text/csv'] },
        { title: 'First', format: [] },
        { byte_size: 10, title: '' },
        // A second size: a new distribution.
        { byte_size: 20 },
        { description: '   ' },
        { data_access: 'open' },
        { title: 'Second', description: null },
        // The same value again continues it.
        { title: 'Second', description: 'second description' },
      ],
    }).distributions;
    expect(distributions.map((d) => [d.title, d.byteSize, d.formats, d.dataAccess, d.description])).toEqual([
      ['First', 10, ['text/csv'], null, null],
      ['Second', 20, [], 'open', 'second description'],
    ]);
  });

  it('joins host fragments key by key, adds up licences, and dates licences by a start date given alone', () => {
    const [first, second] = datasetOf({
      title: 'D',
      distribution: [
        { title: 'A', host: { title: 'Zenodo', url: 'https://zenodo.org' } },
        { host: { description: 'Repository', url: 'https://zenodo.org', pid_system: [] } },
        { license: [{ license_ref: 'https://example.org/l1' }] },
        { license: [{ start_date: '' }, { start_date: '2026-01-15' }] },
        { license: [{ license_ref: 'https://example.org/l2', start_date: '2025-01-01' }] },
        // Another host URL: another distribution.
        { host: { title: 'Mirror', url: 'https://mirror.example.org' } },
      ],
    }).distributions;
    expect(first.host).toMatchObject({ title: 'Zenodo', url: 'https://zenodo.org', description: 'Repository' });
    expect(first.licenses).toEqual([
      { ref: 'https://example.org/l1', startDate: '2026-01-15' },
      { ref: 'https://example.org/l2', startDate: '2025-01-01' },
    ]);
    expect([second.title, second.host?.title]).toEqual([null, 'Mirror']);
  });

  it('reads a host URL written as a bare DOI or a bare domain as the https URL it names', () => {
    const hostUrl = (url: unknown) => distributionOf({ title: 'X', host: { title: 'H', url } }).host?.url;
    expect(hostUrl('10.25504/FAIRsharing.zv11j3')).toBe('https://doi.org/10.25504/FAIRsharing.zv11j3');
    expect(hostUrl('doi:10.5281/zenodo.1')).toBe('https://doi.org/10.5281/zenodo.1');
    expect(hostUrl(' zenodo.org ')).toBe('https://zenodo.org');
    expect(hostUrl('www.re3data.org/repository/r3d100010468')).toBe('https://www.re3data.org/repository/r3d100010468');
    // A URL, and what is no URL at all, stay as written.
    expect(hostUrl('http://dx.doi.org/10.1/x')).toBe('http://dx.doi.org/10.1/x');
    expect(hostUrl('ftp.example.org:21/data')).toBe('ftp.example.org:21/data');
    expect(hostUrl('our NAS')).toBe('our NAS');
    expect(hostUrl('localhost')).toBe('localhost');
  });

  it('reads a technical resource named by `title` (DMPTool) as its name', () => {
    expect(
      datasetOf({ title: 'D', technical_resource: [{ title: 'Scanner' }, { name: 'Own', title: 'Other' }, {}] })
        .technicalResources,
    ).toEqual([
      { name: 'Scanner', description: null },
      { name: 'Own', description: null },
      { name: null, description: null },
    ]);
  });
});
