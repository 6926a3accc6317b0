/**
 * Every distribution, host and licence key a template field may carry reaches the maDMP, each in
 * its RDA form, and what cannot be exported is said: a repository question answered field by
 * field becomes one distribution with its host and licence; a host or URL that is not public
 * http(s), and a byte size that is no size, are left out with a warning naming the field.
 */
import type { Dmp } from '../../../src/formats/rda/madmp';
import { exportPlanWire, planWithQuestions, type Wire } from '../../builders/rda';

const D = 'rda.dataset.distribution';
const text = (semantic: string) => ({ type: 'freetext' as const, semantics: [semantic] });

function exported(raw: Wire): { dmp: Dmp; warnings: string[] } {
  const rendering = exportPlanWire(raw);
  return { dmp: rendering.document.dmp, warnings: rendering.warnings };
}

/** One repeating repository question: `fields` answered with `values`, item by item. */
const repository = (semantics: string[], items: (string | null)[][]) =>
  planWithQuestions([{ title: 'Repository', repeats: true, fields: semantics.map(text), items }]);

describe('a distribution answered field by field', () => {
  it('reaches the maDMP with every distribution, host and licence key', () => {
    const { dmp } = exported(
      repository(
        [
          `${D}.title`,
          `${D}.description`,
          `${D}.data_access`,
          `${D}.access_url`,
          `${D}.download_url`,
          `${D}.byte_size`,
          `${D}.format`,
          `${D}.available_until`,
          `${D}.host.title`,
          `${D}.host.url`,
          `${D}.host.description`,
          `${D}.host.geo_location`,
          `${D}.host.certified_with`,
          `${D}.host.pid_system`,
          `${D}.host.support_versioning`,
          `${D}.host.backup_type`,
          `${D}.host.backup_frequency`,
          `${D}.host.availability`,
          `${D}.host.storage_type`,
          `${D}.license.license_ref`,
          `${D}.license.start_date`,
        ],
        [
          [
            'Survey tables',
            'All waves as CSV',
            'open',
            'https://example.org/access',
            'https://example.org/download/tables.zip',
            '2048',
            'text/csv',
            '2035-12-31',
            'Zenodo',
            'https://zenodo.org',
            'CERN general repository',
            'CH',
            'CoreTrustSeal',
            'DOI, handle',
            'yes',
            'tape',
            'daily',
            '99.5',
            'disk',
            'CC-BY-4.0',
            '2025-01-01',
          ],
        ],
      ),
    );
    expect(dmp.dataset[0].distribution).toEqual([
      {
        title: 'Survey tables',
        description: 'All waves as CSV',
        data_access: 'open',
        access_url: 'https://example.org/access',
        download_url: 'https://example.org/download/tables.zip',
        byte_size: 2048,
        format: ['text/csv'],
        available_until: '2035-12-31',
        host: {
          title: 'Zenodo',
          url: 'https://zenodo.org',
          description: 'CERN general repository',
          geo_location: 'CH',
          certified_with: 'coretrustseal',
          pid_system: ['doi', 'handle'],
          support_versioning: 'yes',
          backup_type: 'tape',
          backup_frequency: 'daily',
          availability: '99.5',
          storage_type: 'disk',
        },
        license: [{ license_ref: 'https://creativecommons.org/licenses/by/4.0/', start_date: '2025-01-01' }],
      },
    ]);
  });

  it('leaves out, with a warning naming the field, a host without URL, a host URL that is not public http(s), and a byte size that is no size', () => {
    const { dmp, warnings } = exported(
      repository(
        [`${D}.title`, `${D}.data_access`, `${D}.host.title`, `${D}.host.url`, `${D}.download_url`, `${D}.byte_size`],
        [
          ['Local copy', 'closed', 'Our NAS', null, 'ftp://files.example.org/x', 'a lot'],
          ['Intranet', 'shared', 'Intranet', 'http://10.0.0.7/data', null, '5 GB'],
        ],
      ),
    );
    expect(dmp.dataset[0].distribution).toEqual([
      // Any URI is a download_url (1.1 and 1.2 say "uri"): an FTP one stays.
      { title: 'Local copy', data_access: 'closed', download_url: 'ftp://files.example.org/x' },
      { title: 'Intranet', data_access: 'shared', byte_size: 5_000_000_000 },
    ]);
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: host 'Our NAS' has no URL, which RDA requires; the host is left out\.$/),
        expect.stringMatching(/: "a lot" is not a size \(e\.g\. 52428800 or 5 GB\); byte_size is left out\.$/),
        expect.stringMatching(/: "http:\/\/10\.0\.0\.7\/data" is not a public http\(s\) URL; the host is left out\.$/),
      ]),
    );
  });

  it('leaves out a distribution answered "does not exist", and takes supports_versioning as support_versioning', () => {
    const { dmp } = exported(
      repository(
        [
          `${D}.exists`,
          `${D}.title`,
          `${D}.data_access`,
          `${D}.host.title`,
          `${D}.host.url`,
          `${D}.host.supports_versioning`,
        ],
        [
          ['no', 'Never made', 'open', null, null, null],
          ['yes', 'Deposit', 'open', 'Zenodo', 'https://zenodo.org', 'no'],
        ],
      ),
    );
    expect(dmp.dataset[0].distribution).toEqual([
      {
        title: 'Deposit',
        data_access: 'open',
        host: { title: 'Zenodo', url: 'https://zenodo.org', support_versioning: 'no' },
      },
    ]);
  });

  it('gives one licence once, however often it is answered', () => {
    const { dmp } = exported(
      repository(
        [`${D}.title`, `${D}.data_access`, `${D}.license.license_ref`, `${D}.license.license_ref`],
        [['Deposit', 'open', 'CC-BY-4.0', 'CC-BY-4.0']],
      ),
    );
    expect(dmp.dataset[0].distribution?.[0]?.license?.map((l) => l.license_ref)).toEqual([
      'https://creativecommons.org/licenses/by/4.0/',
    ]);
  });
});
