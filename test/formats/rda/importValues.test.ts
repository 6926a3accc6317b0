/**
 * What an imported maDMP offers each `rda.*` key a blueprint or template field may carry: the
 * text a field shows, the HTML a rich-text field keeps, lists, dates, numbers, flags, and the
 * reference (in the catalogues' own form) a reference field gets.
 */
import {
  allLicenses,
  contactAffiliations,
  datasetScope,
  dmpScope,
  ImportRecord,
  richText,
  textValue,
  type ImportScope,
} from '../../../src/formats/rda/import/importValues';
import { readDmp } from '../../../src/formats/rda/import/readRda';

const ACCOUNT = '9f1c7a52-0d3e-4b8e-9a61-2c4d5e6f7a8b';

const scalar = (scope: ImportScope, key: string) => scope.scalars.get(key);
const group = (scope: ImportScope, name: string, key: string) =>
  (scope.groups.get(name as never) ?? []).map((record) => record.get(key));

describe('text from a file', () => {
  it('takes plain text as it is, and nothing for nothing', () => {
    expect(textValue('Plain & simple < 3')).toEqual({ text: 'Plain & simple < 3' });
    expect(textValue('')).toBeNull();
    expect(textValue(null)).toBeNull();
    expect(textValue(undefined)).toBeNull();
  });

  it('sanitises HTML for rich-text fields and strips it for the rest', () => {
    expect(textValue('<p>Kept <b>bold</b></p><script>alert(1)</script>')).toEqual({
      text: 'Kept bold',
      html: '<p>Kept <b>bold</b></p>',
    });
    expect(textValue('Fish &amp; chips')).toEqual({ text: 'Fish & chips', html: 'Fish &amp; chips' });
    expect(textValue('<script>only code</script>')).toBeNull();
  });

  it('reads as HTML an opening tag alone, a tag with attributes, and character references in hex or with digits', () => {
    expect(textValue('First line<br>Second line')).toEqual({
      text: 'First line\nSecond line',
      html: 'First line<br />Second line',
    });
    expect(textValue('Line one<br class="soft">Line two')).toEqual({
      text: 'Line one\nLine two',
      html: 'Line one<br />Line two',
    });
    expect(textValue('It&#x2019;s ours')).toEqual({ text: 'It’s ours', html: 'It’s ours' });
    expect(textValue('Area: 20 m&sup2;')).toEqual({ text: 'Area: 20 m²', html: 'Area: 20 m²' });
  });

  it('keeps as written angle brackets and ampersands that make no tag or character reference', () => {
    expect(textValue('Keep the range <t1..t2> as written')).toEqual({ text: 'Keep the range <t1..t2> as written' });
    expect(richText('R&D budget; staff costs')).toBe('<p>R&amp;D budget; staff costs</p>');
  });

  it('gives a rich-text slot the sanitised HTML, or plain text as escaped paragraphs', () => {
    expect(richText('<p>rich</p>')).toBe('<p>rich</p>');
    expect(richText('first\nline\n\nsecond: a < b > c')).toBe('<p>first<br>line</p><p>second: a &lt; b &gt; c</p>');
    expect(richText(null)).toBeNull();
  });
});

describe('a record', () => {
  it('keeps the values set under a key in order, skipping nothing-values, and answers [] for unknown keys', () => {
    const record = new ImportRecord().set('k', { text: 'a' }, null).set('k', { text: 'b' }).set('empty', null);
    expect(record.get('k')).toEqual([{ text: 'a' }, { text: 'b' }]);
    expect(record.get('empty')).toEqual([]);
    expect(record.get('unknown')).toEqual([]);
  });
});

describe('plan-level values', () => {
  const dmp = () =>
    readDmp({
      dmp: {
        title: 'Plan',
        description: '<p>About <i>it</i></p>',
        language: 'de',
        created: '2021-02-03T04:05:06Z',
        modified: '2022-02-03T04:05:06Z',
        dmp_id: { identifier: 'https://doi.org/10.1234/dmp', type: 'doi' },
        ethical_issues_exist: 'yes',
        ethical_issues_description: 'Consent',
        ethical_issues_report: 'https://example.org/ethics',
        contact: {
          name: 'Ada',
          mbox: 'ada@example.org',
          contact_id: { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' },
          affiliation: { name: 'Uni', affiliation_id: { identifier: 'https://ror.org/02mhbdp94', type: 'ror' } },
        },
        contributor: [
          {
            name: 'Member',
            contributor_id: { identifier: ACCOUNT, type: 'other' },
            role: ['owner'],
            affiliation: { name: 'Uni' },
          },
          {
            name: 'Bob',
            mbox: 'bob@example.org',
            contributor_id: [
              { identifier: 'Bob', type: 'other' },
              { identifier: '0000-0001-5109-3700', type: 'orcid' },
            ],
            role: ['Data Steward', 'Editor'],
            affiliation: { name: 'Lab' },
          },
          { name: 'Nameless id', contributor_id: { identifier: 'local-7', type: 'other' } },
        ],
        cost: [{ title: 'Storage', description: 'Disks', value: 100.5, currency_code: 'EUR' }],
        project: [
          {
            title: 'Project',
            description: 'Big',
            start: '2020-01-01',
            end: '2023-12-31',
            project_id: [{ identifier: 'p-9', type: 'other' }],
            funding: [
              {
                funder_id: { identifier: 'https://doi.org/10.13039/501100000780', type: 'fundref' },
                funder_name: 'European Commission',
                grant_id: { identifier: '101000001', type: 'other' },
                funding_status: 'granted',
              },
              { funder_name: 'Small Trust' },
            ],
          },
        ],
        dataset: [
          {
            title: 'D',
            distribution: [
              {
                title: 'x',
                license: [
                  { license_ref: 'https://creativecommons.org/licenses/by/4.0/' },
                  { license_ref: 'https://spdx.org/licenses/MIT' },
                ],
              },
            ],
          },
          {
            title: 'E',
            distribution: [{ title: 'y', license: [{ license_ref: 'https://creativecommons.org/licenses/by/4.0/' }] }],
          },
        ],
      },
    });

  it('offers the plan scalars, dates as ISO instants and the language with its other spelling', () => {
    const scope = dmpScope(dmp());
    expect(scalar(scope, 'rda.dmp.title')).toEqual([{ text: 'Plan' }]);
    expect(scalar(scope, 'rda.dmp.description')).toEqual([{ text: 'About it', html: '<p>About <i>it</i></p>' }]);
    expect(scalar(scope, 'rda.dmp.language')).toEqual([{ text: 'deu', alternatives: ['de', 'deu'] }]);
    expect(scalar(scope, 'rda.dmp.created')).toEqual([
      { text: '2021-02-03T04:05:06.000Z', date: '2021-02-03T04:05:06.000Z' },
    ]);
    expect(scalar(scope, 'rda.dmp.modified')).toEqual([
      { text: '2022-02-03T04:05:06.000Z', date: '2022-02-03T04:05:06.000Z' },
    ]);
    expect(scalar(scope, 'rda.dmp.dmp_id.identifier')).toEqual([{ text: 'https://doi.org/10.1234/dmp' }]);
    expect(scalar(scope, 'rda.dmp.dmp_id.type')).toEqual([{ text: 'doi' }]);
    expect(scalar(scope, 'rda.dmp.dmp_id')).toEqual([
      {
        text: 'https://doi.org/10.1234/dmp',
        identifier: { identifier: 'https://doi.org/10.1234/dmp', type: 'doi' },
        reference: {
          label: 'https://doi.org/10.1234/dmp',
          reference: 'https://doi.org/10.1234/dmp',
          description: null,
          fields: [{ code: 'pidTypeField', value: 'doi' }],
        },
      },
    ]);
    expect(scalar(scope, 'rda.dmp.ethical_issues_exist')).toEqual([{ text: 'yes', flag: 'yes' }]);
    expect(scalar(scope, 'rda.dmp.ethical_issues_description')).toEqual([{ text: 'Consent' }]);
    expect(scalar(scope, 'rda.dmp.ethical_issues_report')).toEqual([{ text: 'https://example.org/ethics' }]);
  });

  it('keeps a language code it does not know as given', () => {
    expect(scalar(dmpScope(readDmp({ dmp: { title: 'T', language: 'tlh' } })), 'rda.dmp.language')).toEqual([
      { text: 'tlh', alternatives: ['tlh'] },
    ]);
  });

  it('offers the contact, its ORCID as the catalogue writes it', () => {
    const scope = dmpScope(dmp());
    expect(scalar(scope, 'rda.dmp.contact.name')).toEqual([{ text: 'Ada' }]);
    expect(scalar(scope, 'rda.dmp.contact.mbox')).toEqual([{ text: 'ada@example.org' }]);
    expect(scalar(scope, 'rda.dmp.contact.contact_id.identifier')).toEqual([
      { text: 'https://orcid.org/0000-0002-1825-0097' },
    ]);
    expect(scalar(scope, 'rda.dmp.contact.contact_id.type')).toEqual([{ text: 'orcid' }]);
    expect(scalar(scope, 'rda.dmp.contact.contact_id')).toEqual([
      {
        text: 'https://orcid.org/0000-0002-1825-0097',
        identifier: { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' },
        reference: {
          label: 'Ada',
          reference: 'orcid:0000-0002-1825-0097',
          description: null,
          fields: [{ code: 'pidTypeField', value: 'orcid' }],
        },
      },
    ]);
    expect(dmpScope(readDmp({ dmp: { title: 'T' } })).scalars.get('rda.dmp.contact.name')).toEqual([]);
  });

  it('offers contributors as researcher references, but none for a plan member known only by an account id', () => {
    const scope = dmpScope(dmp());
    expect(group(scope, 'rda.dmp.contributor', 'rda.dmp.contributor')).toEqual([
      [],
      [
        {
          text: 'Bob',
          reference: {
            label: 'Bob',
            reference: 'orcid:0000-0001-5109-3700',
            description: null,
            fields: [
              { code: 'pidTypeField', value: 'orcid' },
              { code: 'primaryEmail', value: 'bob@example.org' },
            ],
          },
        },
      ],
      [
        {
          text: 'Nameless id',
          reference: {
            label: 'Nameless id',
            reference: 'local-7',
            description: null,
            fields: [{ code: 'pidTypeField', value: 'other' }],
          },
        },
      ],
    ]);
    expect(group(scope, 'rda.dmp.contributor', 'rda.dmp.contributor.role')).toEqual([
      [{ text: 'owner', list: ['owner'] }],
      [{ text: 'Data Steward, Editor', list: ['Data Steward', 'Editor'] }],
      [],
    ]);
    expect(group(scope, 'rda.dmp.contributor', 'rda.dmp.contributor.name')).toEqual([
      [{ text: 'Member' }],
      [{ text: 'Bob' }],
      [{ text: 'Nameless id' }],
    ]);
    // The account id is no identifier to offer; the first other one is.
    expect(group(scope, 'rda.dmp.contributor', 'rda.dmp.contributor.contributor_id.identifier')).toEqual([
      [],
      [{ text: 'Bob' }],
      [{ text: 'local-7' }],
    ]);
    expect(group(scope, 'rda.dmp.contributor', 'rda.dmp.contributor.contributor_id.type')).toEqual([
      [],
      [{ text: 'other' }],
      [{ text: 'other' }],
    ]);
  });

  /** The researcher reference the one contributor of a file is offered as, or null for none. */
  const contributorReference = (contributor: Record<string, unknown>) =>
    group(
      dmpScope(readDmp({ dmp: { title: 'T', contributor: [contributor] } })),
      'rda.dmp.contributor',
      'rda.dmp.contributor',
    )[0][0]?.reference ?? null;
  const reference = (label: string, id: string | null, pidType: string | null) => ({
    label,
    reference: id,
    description: null,
    fields: pidType ? [{ code: 'pidTypeField', value: pidType }] : [],
  });

  it('refers to a contributor by the ORCID wherever it is listed, else by the first id that is neither an account, the name nor the e-mail', () => {
    const isni = { identifier: '0000000121032683', type: 'isni' };
    expect(
      contributorReference({
        name: 'Eve',
        contributor_id: [isni, { identifier: 'https://orcid.org/0000-0002-1825-0097', type: 'orcid' }],
      }),
    ).toEqual(reference('Eve', 'orcid:0000-0002-1825-0097', 'orcid'));
    // A plan member who also has an id of another system is a researcher known by that id.
    expect(
      contributorReference({
        name: 'Member',
        contributor_id: [
          { identifier: ACCOUNT, type: 'other' },
          { identifier: 'local-7', type: 'other' },
        ],
      }),
    ).toEqual(reference('Member', 'local-7', 'other'));
    // How the exporter identifies a person without an id: their name, which is no id to match on.
    expect(contributorReference({ name: 'Bob', contributor_id: { identifier: 'Bob', type: 'other' } })).toEqual(
      reference('Bob', null, null),
    );
  });

  it('takes for an account id only a bare UUID typed other or untyped; a UUID of another kind, or inside a longer id, is a researcher id', () => {
    expect(contributorReference({ name: 'Member', contributor_id: ACCOUNT })).toBeNull();
    // An OpenID subject (Keycloak's are UUIDs) names the person at their identity provider.
    expect(contributorReference({ name: 'Kim', contributor_id: { identifier: ACCOUNT, type: 'openid' } })).toEqual(
      reference('Kim', ACCOUNT, 'openid'),
    );
    const profile = `https://dmp.example.org/users/${ACCOUNT}`;
    expect(contributorReference({ name: 'Uma', contributor_id: { identifier: profile, type: 'other' } })).toEqual(
      reference('Uma', profile, 'other'),
    );
    const federated = `${ACCOUNT}@idp.example.org`;
    expect(contributorReference({ name: 'Raj', contributor_id: federated })).toEqual(reference('Raj', federated, null));
  });

  it('offers a person without a name no researcher reference, and one without ids a reference without id', () => {
    const scope = dmpScope(
      readDmp({ dmp: { title: 'T', contributor: [{ mbox: 'x@example.org' }, { name: 'Plain' }] } }),
    );
    expect(group(scope, 'rda.dmp.contributor', 'rda.dmp.contributor')).toEqual([
      [],
      [{ text: 'Plain', reference: { label: 'Plain', reference: null, description: null, fields: [] } }],
    ]);
  });

  it('offers costs and projects with every funding, a funder named without identifier by its name', () => {
    const scope = dmpScope(dmp());
    expect(group(scope, 'rda.dmp.cost', 'rda.dmp.cost')).toEqual([[{ text: 'Storage' }]]);
    expect(group(scope, 'rda.dmp.cost', 'rda.dmp.cost.title')).toEqual([[{ text: 'Storage' }]]);
    expect(group(scope, 'rda.dmp.cost', 'rda.dmp.cost.description')).toEqual([[{ text: 'Disks' }]]);
    expect(group(scope, 'rda.dmp.cost', 'rda.dmp.cost.value')).toEqual([[{ text: '100.5', number: 100.5 }]]);
    expect(group(scope, 'rda.dmp.cost', 'rda.dmp.cost.currency_code')).toEqual([[{ text: 'EUR' }]]);
    const project = (key: string) => group(scope, 'rda.dmp.project', key)[0];
    expect(project('rda.dmp.project')).toEqual([
      {
        text: 'Project',
        reference: {
          label: 'Project',
          reference: 'p-9',
          description: 'Big',
          fields: [
            { code: 'startDate', value: '2020-01-01' },
            { code: 'endDate', value: '2023-12-31' },
          ],
        },
      },
    ]);
    expect(project('rda.dmp.project.title')).toEqual([{ text: 'Project' }]);
    expect(project('rda.dmp.project.description')).toEqual([{ text: 'Big' }]);
    expect(project('rda.dmp.project.start')).toEqual([{ text: '2020-01-01', date: '2020-01-01' }]);
    expect(project('rda.dmp.project.end')).toEqual([{ text: '2023-12-31', date: '2023-12-31' }]);
    expect(project('rda.dmp.project.project_id.identifier')).toEqual([{ text: 'p-9' }]);
    expect(project('rda.dmp.project.project_id.type')).toEqual([{ text: 'other' }]);
    expect(project('rda.dmp.project.funding.funder_id')).toEqual([
      {
        text: 'https://doi.org/10.13039/501100000780',
        identifier: { identifier: 'https://doi.org/10.13039/501100000780', type: 'fundref' },
        reference: {
          label: 'European Commission',
          reference: '501100000780',
          description: null,
          fields: [{ code: 'pidTypeField', value: 'fundref' }],
        },
      },
      { text: 'Small Trust', reference: { label: 'Small Trust', reference: null, description: null, fields: [] } },
    ]);
    expect(project('rda.dmp.project.funding.funder_id.identifier')).toEqual([
      { text: 'https://doi.org/10.13039/501100000780' },
      { text: 'Small Trust' },
    ]);
    expect(project('rda.dmp.project.funding.funder_id.type')).toEqual([{ text: 'fundref' }]);
    expect(project('rda.dmp.project.funding.grant_id.identifier')).toEqual([{ text: '101000001' }]);
    expect(project('rda.dmp.project.funding.grant_id.type')).toEqual([{ text: 'other' }]);
    expect(project('rda.dmp.project.funding.grant_id')).toEqual([
      {
        text: '101000001',
        identifier: { identifier: '101000001', type: 'other' },
        reference: {
          label: '101000001',
          reference: '101000001',
          description: null,
          fields: [{ code: 'pidTypeField', value: 'other' }],
        },
      },
    ]);
    expect(project('rda.dmp.project.funding.funding_status')).toEqual([{ text: 'granted' }]);
  });

  it('offers a project without title no project reference, and one without dates or ids a bare one', () => {
    const scope = dmpScope(readDmp({ dmp: { title: 'T', project: [{ description: 'untitled' }, { title: 'Bare' }] } }));
    expect(group(scope, 'rda.dmp.project', 'rda.dmp.project')).toEqual([
      [],
      [{ text: 'Bare', reference: { label: 'Bare', reference: null, description: null, fields: [] } }],
    ]);
  });

  it("lists every licence once and the contact's affiliations once, ROR ids bare; contributors keep theirs", () => {
    const read = dmp();
    expect(allLicenses(read.datasets)).toEqual([
      {
        text: 'https://creativecommons.org/licenses/by/4.0/',
        reference: {
          label: 'https://creativecommons.org/licenses/by/4.0/',
          reference: 'https://creativecommons.org/licenses/by/4.0/',
          description: null,
          fields: [],
        },
      },
      {
        text: 'https://spdx.org/licenses/MIT',
        reference: {
          label: 'https://spdx.org/licenses/MIT',
          reference: 'https://spdx.org/licenses/MIT',
          description: null,
          fields: [],
        },
      },
    ]);
    expect(contactAffiliations(read)).toEqual([
      {
        text: 'Uni',
        reference: {
          label: 'Uni',
          reference: '02mhbdp94',
          description: null,
          fields: [{ code: 'pidTypeField', value: 'ror' }],
        },
      },
    ]);
    const affiliations = (scope: ImportScope) =>
      group(scope, 'rda.dmp.contributor', 'rda.dmp.contributor.affiliation').map((values) => values.map((v) => v.text));
    expect(affiliations(dmpScope(read))).toEqual([['Uni'], ['Lab'], []]);
  });
});

describe('dataset-level values', () => {
  const dataset = () =>
    readDmp({
      dmp: {
        title: 'T',
        dataset: [
          {
            title: 'Survey',
            description: 'Answers',
            type: 'tabular',
            dataset_id: { identifier: 'https://doi.org/10.5281/zenodo.1', type: 'doi' },
            personal_data: 'yes',
            sensitive_data: 'no',
            keyword: ['a', 'b'],
            issued: '2024-01-02',
            language: 'en',
            preservation_statement: 'Ten years',
            data_quality_assurance: ['double entry', 'audits'],
            is_reused: false,
            rights: 'Owned',
            security_and_privacy: [{ title: 'Access', description: 'VPN only' }, { title: 'Title only' }],
            technical_resource: [{ name: 'HPC', description: 'Cluster' }],
            metadata: [
              {
                metadata_standard_id: { identifier: 'https://www.ddialliance.org', type: 'url' },
                language: 'fra',
                description: 'DDI',
              },
            ],
            distribution: [
              {
                title: 'CSV',
                description: 'Tables',
                data_access: 'open',
                access_url: 'https://example.org/a',
                download_url: 'https://example.org/d',
                byte_size: 42,
                format: ['text/csv', 'application/json'],
                available_until: '2030-01-01',
                issued: '2024-02-02',
                license: [
                  { license_ref: 'https://creativecommons.org/licenses/by/4.0/', start_date: '2024-03-03' },
                  { license_ref: 'https://spdx.org/licenses/MIT' },
                ],
                host: {
                  title: 'Zenodo',
                  url: 'https://zenodo.org',
                  description: 'CERN',
                  geo_location: 'CH',
                  certified_with: 'coretrustseal',
                  pid_system: ['doi', 'handle'],
                  support_versioning: 'yes',
                  backup_type: 'tape',
                  backup_frequency: 'daily',
                  availability: '99.9',
                  storage_type: 'disk',
                },
              },
              { title: 'No host' },
            ],
          },
          { title: 'Reused', is_reused: true },
          { title: 'Unknown reuse' },
        ],
      },
    }).datasets;

  it('offers the dataset scalars: lists joined, flags, the reuse as yes or no', () => {
    const scope = datasetScope(dataset()[0]);
    expect(scalar(scope, 'rda.dataset.title')).toEqual([{ text: 'Survey' }]);
    expect(scalar(scope, 'rda.dataset.description')).toEqual([{ text: 'Answers' }]);
    expect(scalar(scope, 'rda.dataset.type')).toEqual([{ text: 'tabular' }]);
    const id = { identifier: 'https://doi.org/10.5281/zenodo.1', type: 'doi' };
    const idValue = {
      text: id.identifier,
      identifier: id,
      reference: {
        label: id.identifier,
        reference: id.identifier,
        description: null,
        fields: [{ code: 'pidTypeField', value: 'doi' }],
      },
    };
    expect(scalar(scope, 'rda.dataset.dataset_id')).toEqual([idValue]);
    expect(scalar(scope, 'rda.dataset.dataset_id.identifier')).toEqual([idValue]);
    expect(scalar(scope, 'rda.dataset.dataset_id.type')).toEqual([{ text: 'doi' }]);
    expect(scalar(scope, 'rda.dataset.personal_data')).toEqual([{ text: 'yes', flag: 'yes' }]);
    expect(scalar(scope, 'rda.dataset.sensitive_data')).toEqual([{ text: 'no', flag: 'no' }]);
    expect(scalar(scope, 'rda.dataset.keyword')).toEqual([{ text: 'a, b', list: ['a', 'b'] }]);
    expect(scalar(scope, 'rda.dataset.issued')).toEqual([{ text: '2024-01-02', date: '2024-01-02' }]);
    expect(scalar(scope, 'rda.dataset.language')).toEqual([{ text: 'eng', alternatives: ['en', 'eng'] }]);
    expect(scalar(scope, 'rda.dataset.preservation_statement')).toEqual([{ text: 'Ten years' }]);
    expect(scalar(scope, 'rda.dataset.data_quality_assurance')).toEqual([
      { text: 'double entry\naudits', list: ['double entry', 'audits'] },
    ]);
    expect(scalar(scope, 'rda.dataset.is_reused')).toEqual([{ text: 'no', flag: 'no' }]);
    expect(scalar(scope, 'rda.dataset.rights')).toEqual([{ text: 'Owned' }]);
    expect(scalar(datasetScope(dataset()[1]), 'rda.dataset.is_reused')).toEqual([{ text: 'yes', flag: 'yes' }]);
    expect(scalar(datasetScope(dataset()[2]), 'rda.dataset.is_reused')).toEqual([]);
    expect(scalar(datasetScope(dataset()[2]), 'rda.dataset.keyword')).toEqual([]);
  });

  it('offers security, technical resources and metadata one record each', () => {
    const scope = datasetScope(dataset()[0]);
    expect(group(scope, 'rda.dataset.security_and_privacy', 'rda.dataset.security_and_privacy')).toEqual([
      [{ text: 'VPN only' }],
      [{ text: 'Title only' }],
    ]);
    expect(group(scope, 'rda.dataset.security_and_privacy', 'rda.dataset.security_and_privacy.title')).toEqual([
      [{ text: 'Access' }],
      [{ text: 'Title only' }],
    ]);
    expect(group(scope, 'rda.dataset.security_and_privacy', 'rda.dataset.security_and_privacy.description')).toEqual([
      [{ text: 'VPN only' }],
      [],
    ]);
    expect(group(scope, 'rda.dataset.technical_resource', 'rda.dataset.technical_resource')).toEqual([
      [{ text: 'HPC' }],
    ]);
    expect(group(scope, 'rda.dataset.technical_resource', 'rda.dataset.technical_resource.name')).toEqual([
      [{ text: 'HPC' }],
    ]);
    expect(group(scope, 'rda.dataset.technical_resource', 'rda.dataset.technical_resource.description')).toEqual([
      [{ text: 'Cluster' }],
    ]);
    const metadata = (key: string) => group(scope, 'rda.dataset.metadata', key)[0];
    expect(metadata('rda.dataset.metadata.metadata_standard_id.identifier')).toEqual([
      { text: 'https://www.ddialliance.org' },
    ]);
    expect(metadata('rda.dataset.metadata.metadata_standard_id.type')).toEqual([{ text: 'url' }]);
    expect(metadata('rda.dataset.metadata.metadata_standard_id')).toEqual([
      {
        text: 'https://www.ddialliance.org',
        identifier: { identifier: 'https://www.ddialliance.org', type: 'url' },
        reference: {
          label: 'https://www.ddialliance.org',
          reference: 'https://www.ddialliance.org',
          description: null,
          fields: [{ code: 'pidTypeField', value: 'url' }],
        },
      },
    ]);
    expect(metadata('rda.dataset.metadata.language')).toEqual([{ text: 'fra', alternatives: ['fra', 'fra'] }]);
    expect(metadata('rda.dataset.metadata.description')).toEqual([{ text: 'DDI' }]);
  });

  it('offers one record per distribution with its host and licences', () => {
    const [first, second] = datasetScope(dataset()[0]).groups.get('rda.dataset.distribution')!;
    const cc = 'https://creativecommons.org/licenses/by/4.0/';
    const mit = 'https://spdx.org/licenses/MIT';
    const licences = [
      {
        text: cc,
        reference: {
          label: cc,
          reference: cc,
          description: null,
          fields: [{ code: 'start_date', value: '2024-03-03' }],
        },
      },
      { text: mit, reference: { label: mit, reference: mit, description: null, fields: [] } },
    ];
    const expected: Record<string, unknown[]> = {
      exists: [{ text: 'yes', flag: 'yes' }],
      title: [{ text: 'CSV' }],
      description: [{ text: 'Tables' }],
      data_access: [{ text: 'open' }],
      access_url: [{ text: 'https://example.org/a' }],
      download_url: [{ text: 'https://example.org/d' }],
      byte_size: [{ text: '42', number: 42 }],
      format: [{ text: 'text/csv, application/json', list: ['text/csv', 'application/json'] }],
      available_until: [{ text: '2030-01-01', date: '2030-01-01' }],
      issued: [{ text: '2024-02-02', date: '2024-02-02' }],
      license: licences,
      'license.license_ref': licences,
      'license.start_date': [{ text: '2024-03-03', date: '2024-03-03' }],
      'host.title': [
        {
          text: 'Zenodo',
          reference: { label: 'Zenodo', reference: 'https://zenodo.org', description: null, fields: [] },
        },
      ],
      'host.url': [{ text: 'https://zenodo.org' }],
      'host.description': [{ text: 'CERN' }],
      'host.geo_location': [{ text: 'CH' }],
      'host.certified_with': [{ text: 'coretrustseal' }],
      'host.pid_system': [{ text: 'doi, handle', list: ['doi', 'handle'] }],
      'host.support_versioning': [{ text: 'yes', flag: 'yes' }],
      'host.supports_versioning': [{ text: 'yes', flag: 'yes' }],
      'host.backup_type': [{ text: 'tape' }],
      'host.backup_frequency': [{ text: 'daily' }],
      'host.availability': [{ text: '99.9' }],
      'host.storage_type': [{ text: 'disk' }],
    };
    for (const [key, values] of Object.entries(expected))
      expect([key, first.get(`rda.dataset.distribution.${key}`)]).toEqual([key, values]);
    // A distribution without host or licences offers only what it has.
    for (const key of Object.keys(expected)) {
      const want = key === 'exists' ? [{ text: 'yes', flag: 'yes' }] : key === 'title' ? [{ text: 'No host' }] : [];
      expect([key, second.get(`rda.dataset.distribution.${key}`)]).toEqual([key, want]);
    }
  });
});
