/**
 * What real maDMP files carry comes back out (issue 32): each case is a small hand-written file
 * shaped like one producer's output, imported into a template with a field for every RDA key
 * (preprocessing -> import -> export, as the planning service runs them), and the re-export holds
 * the values the file gave, in their RDA place, valid against 1.1 and 1.2.
 */
import type { Dmp } from '../../../src/formats/rda/madmp';
import { ajvErrors, dmpOf, fixture, pythonValidate } from '../../builders/rda';
import { importThenExport } from '../../builders/rdaRoundTrip';

const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';
const ANA_ORCID = 'https://orcid.org/0000-0002-1825-0097';
const BEN_ORCID = 'https://orcid.org/0000-0001-5109-3700';

type Json = Record<string, unknown>;

/** A valid maDMP with one dataset; `dmp` and `dataset` add or replace keys. */
const file = (dmp: Json = {}, dataset: Json = {}) => ({
  dmp: {
    title: 'Coastal sediment cores',
    language: 'eng',
    created: '2025-03-01T10:00:00Z',
    modified: '2025-03-02T10:00:00Z',
    dmp_id: { identifier: 'https://doi.org/10.1234/cores.1', type: 'doi' },
    contact: {
      name: 'Ana Lima',
      mbox: 'ana.lima@example.org',
      contact_id: { identifier: ANA_ORCID, type: 'orcid' },
    },
    ethical_issues_exist: 'no',
    dataset: [
      {
        title: 'Core scans',
        description: 'CT scans of each core.',
        dataset_id: { identifier: 'cores-scans', type: 'other' },
        personal_data: 'no',
        sensitive_data: 'no',
        ...dataset,
      },
    ],
    ...dmp,
  },
});

const roundTrip = async (document: unknown, rdaVersion?: string) =>
  importThenExport(document, rdaVersion === undefined ? {} : { rdaVersion });
const datasetOf = (exported: { dmp: Dmp }) => exported.dmp.dataset[0];

describe("1. OpenCDMP's fragmented distributions join into one", () => {
  it('keeps every field of every fragment: title and format before the access, two host fragments, the licence', async () => {
    const { exported } = await roundTrip(
      file(
        {},
        {
          distribution: [
            { title: 'Scan volumes', format: [], license: [] },
            { format: ['image/tiff'], license: [] },
            { data_access: 'open', format: [] },
            { host: { title: 'Zenodo', url: 'https://zenodo.org' }, format: [] },
            { host: { description: 'General-purpose repository', support_versioning: 'yes', pid_system: ['doi'] } },
            { license: [{ license_ref: CC_BY, start_date: '2025-06-01' }], format: [] },
          ],
        },
      ),
    );
    expect(datasetOf(exported).distribution).toEqual([
      {
        title: 'Scan volumes',
        data_access: 'open',
        format: ['image/tiff'],
        host: {
          title: 'Zenodo',
          url: 'https://zenodo.org',
          description: 'General-purpose repository',
          pid_system: ['doi'],
          support_versioning: 'yes',
        },
        license: [{ license_ref: CC_BY, start_date: '2025-06-01' }],
      },
    ]);
  });

  it('a licence start date given in a fragment of its own dates the licence', async () => {
    const { exported } = await roundTrip(
      file(
        {},
        {
          distribution: [
            { title: 'Scan volumes', data_access: 'open' },
            { license: [{ license_ref: CC_BY }] },
            { license: [{ start_date: '2026-01-15' }] },
          ],
        },
      ),
    );
    expect(datasetOf(exported).distribution?.[0].license).toEqual([{ license_ref: CC_BY, start_date: '2026-01-15' }]);
  });

  it('whole distributions stay apart: a fragment starts a new one when it repeats what the one before says', async () => {
    const { exported } = await roundTrip(
      file(
        {},
        {
          distribution: [
            { title: 'Scan volumes', data_access: 'open' },
            { host: { title: 'Zenodo', url: 'https://zenodo.org' } },
            { title: 'Raw projections', data_access: 'closed' },
            { host: { title: 'Institute NAS', url: 'https://nas.example.org' } },
          ],
        },
      ),
    );
    expect(datasetOf(exported).distribution?.map((d) => [d.title, d.data_access, d.host?.title])).toEqual([
      ['Scan volumes', 'open', 'Zenodo'],
      ['Raw projections', 'closed', 'Institute NAS'],
    ]);
  });
});

describe('2. host URLs written as a bare DOI or a bare domain', () => {
  it('become https://doi.org/… and https://…, and the host is kept', async () => {
    const { exported } = await roundTrip(
      file(
        {},
        {
          distribution: [
            {
              title: 'Scan volumes',
              data_access: 'open',
              host: { title: 'FAIRsharing record', url: '10.25504/FAIRsharing.zv11j3' },
            },
            { title: 'Derived tables', data_access: 'open', host: { title: 'Zenodo', url: 'zenodo.org' } },
          ],
        },
      ),
    );
    expect(datasetOf(exported).distribution?.map((d) => d.host)).toEqual([
      { title: 'FAIRsharing record', url: 'https://doi.org/10.25504/FAIRsharing.zv11j3' },
      { title: 'Zenodo', url: 'https://zenodo.org' },
    ]);
  });
});

describe('3. a titled distribution with no access, host, licence or link', () => {
  it('is kept as "closed", and the export log says so', async () => {
    const { exported, warnings } = await roundTrip(file({}, { distribution: [{ title: 'Lab notebooks' }] }));
    expect(datasetOf(exported).distribution).toEqual([{ title: 'Lab notebooks', data_access: 'closed' }]);
    expect(warnings.join('\n')).toMatch(
      /Distribution 'Lab notebooks' .* has no data access answer \(open, shared or closed\); it is given as "closed" until one is answered\./,
    );
  });
});

describe('4. contacts: RDA has one, the others are contributors with role ContactPerson', () => {
  it('a second contact (DMPTool writes a list) comes back as a ContactPerson with its ORCID', async () => {
    const ben = {
      name: 'Ben Okoro',
      mbox: 'ben.okoro@example.org',
      contact_id: { identifier: BEN_ORCID, type: 'orcid' },
    };
    const { exported } = await roundTrip(
      file({
        contact: [
          { name: 'Ana Lima', mbox: 'ana.lima@example.org', contact_id: { identifier: ANA_ORCID, type: 'orcid' } },
          ben,
        ],
      }),
    );
    expect(exported.dmp.contact).toEqual({
      name: 'Ana Lima',
      mbox: 'ana.lima@example.org',
      contact_id: { identifier: ANA_ORCID, type: 'orcid' },
    });
    expect(exported.dmp.contributor).toEqual([
      { name: 'Ben Okoro', mbox: 'ben.okoro@example.org', role: ['ContactPerson'], contributor_id: ben.contact_id },
    ]);
  });

  it('a contact without e-mail is a ContactPerson, not replaced by whoever imports the file', async () => {
    const { exported } = await importThenExport(
      file({ contact: { name: 'Carla Reyes', contact_id: { identifier: BEN_ORCID, type: 'orcid' } } }),
      { importingUser: { name: 'Ida Importer', email: 'ida@example.org' } },
    );
    expect(exported.dmp.contributor).toEqual([
      { name: 'Carla Reyes', role: ['ContactPerson'], contributor_id: { identifier: BEN_ORCID, type: 'orcid' } },
    ]);
    // RDA needs a contact with an e-mail: the planning service's user who imported the plan.
    expect(exported.dmp.contact.mbox).toBe('ida@example.org');
  });
});

describe('5. affiliations belong to their person (rda-version 1.2)', () => {
  it("the contact keeps its own, each contributor theirs; none lands on the contact that isn't its", async () => {
    const ror = (id: string) => ({ identifier: `https://ror.org/${id}`, type: 'ror' });
    const { exported } = await roundTrip(
      file({
        contact: {
          name: 'Ana Lima',
          mbox: 'ana.lima@example.org',
          contact_id: { identifier: ANA_ORCID, type: 'orcid' },
          affiliation: [{ name: 'University of Porto', affiliation_id: ror('043pwc612') }],
        },
        contributor: [
          {
            name: 'Ben Okoro',
            role: ['DataCurator'],
            contributor_id: { identifier: BEN_ORCID, type: 'orcid' },
            affiliation: [{ name: 'University of Lagos', affiliation_id: ror('05rk03822') }],
          },
        ],
      }),
      '1.2',
    );
    expect(exported.dmp.contact.affiliation).toEqual([
      { name: 'University of Porto', affiliation_id: ror('043pwc612') },
    ]);
    expect(exported.dmp.contributor).toEqual([
      {
        name: 'Ben Okoro',
        role: ['DataCurator'],
        contributor_id: { identifier: BEN_ORCID, type: 'orcid' },
        affiliation: [{ name: 'University of Lagos', affiliation_id: ror('05rk03822') }],
      },
    ]);
  });
});

describe('6. access words', () => {
  it('a login-based scheme (ELIXIR AAI) is shared; an open licence does not make it open', async () => {
    const { exported } = await roundTrip(
      file(
        {},
        {
          distribution: [
            {
              title: 'Scan volumes',
              data_access: 'ELIXIR AAI',
              license: [{ license_ref: CC_BY, start_date: '2025-06-01' }],
            },
          ],
        },
      ),
    );
    expect(datasetOf(exported).distribution?.[0].data_access).toBe('shared');
  });

  it('a distribution without access is closed whatever its licence, and the log says why', async () => {
    const { exported, warnings } = await roundTrip(
      file(
        {},
        {
          distribution: [
            {
              title: 'Scan volumes',
              host: { title: 'Zenodo', url: 'https://zenodo.org' },
              license: [{ license_ref: CC_BY, start_date: '2025-06-01' }],
            },
          ],
        },
      ),
    );
    expect(datasetOf(exported).distribution?.[0].data_access).toBe('closed');
    expect(warnings.join('\n')).toMatch(/Distribution 'Scan volumes' .*"closed" until one is answered/);
  });
});

describe('7. technical resources written with `title` (DMPTool)', () => {
  it('keep their name and description', async () => {
    const { exported } = await roundTrip(
      file({}, { technical_resource: [{ title: 'Micro-CT scanner', description: 'Bruker SkyScan 1272' }] }),
    );
    expect(datasetOf(exported).technical_resource).toEqual([
      { name: 'Micro-CT scanner', description: 'Bruker SkyScan 1272' },
    ]);
  });
});

describe('8. the default export (valid against 1.1 and 1.2 at once)', () => {
  const rich = file(
    {
      contact: {
        name: 'Ana Lima',
        mbox: 'ana.lima@example.org',
        contact_id: { identifier: ANA_ORCID, type: 'orcid' },
        affiliation: [
          { name: 'University of Porto', affiliation_id: { identifier: 'https://ror.org/043pwc612', type: 'ror' } },
        ],
      },
      project: [
        {
          title: 'Coastal cores',
          project_id: [{ identifier: 'https://raid.org/10.80368/b1adfb3a', type: 'raid' }],
        },
      ],
    },
    { is_reused: true },
  );

  it('writes is_reused, affiliations and project_id, which 1.1 allows below the top', async () => {
    const { exported } = await roundTrip(rich, '');
    expect(datasetOf(exported).is_reused).toBe(true);
    expect(exported.dmp.contact.affiliation).toEqual([
      { name: 'University of Porto', affiliation_id: { identifier: 'https://ror.org/043pwc612', type: 'ror' } },
    ]);
    expect(exported.dmp.project?.[0].project_id).toEqual([
      { identifier: 'https://raid.org/10.80368/b1adfb3a', type: 'raid' },
    ]);
    expect([ajvErrors('1.1', exported), ajvErrors('1.2', exported)]).toEqual([[], []]);
    expect(pythonValidate([exported]).map((r) => [r['1.1'], r['1.2']])).toEqual([[[], []]]);
  });
});

describe('9. side findings', () => {
  it("a dataset the file gives no description exports none: the import's notes stay in the plan", async () => {
    const { imported, exported } = await roundTrip(
      file({}, { description: undefined, distribution: [{ title: 'Lab notebooks', format: ['text/plain'] }] }),
    );
    // The notes are there for the plan's author…
    expect(imported.descriptions[0].description).toContain('Notes from the RDA import');
    // …but are no description of the data.
    expect(datasetOf(exported).description).toBeUndefined();
  });

  it('a contributor the file gives no role gets none', async () => {
    const { exported } = await roundTrip(
      file({
        contributor: [{ name: 'Ben Okoro', role: [], contributor_id: { identifier: BEN_ORCID, type: 'orcid' } }],
      }),
    );
    expect(exported.dmp.contributor).toEqual([
      { name: 'Ben Okoro', role: [], contributor_id: { identifier: BEN_ORCID, type: 'orcid' } },
    ]);
  });

  it("a plan's second contact person is a contributor with role ContactPerson", () => {
    const dmp = dmpOf(fixture('plan-full.json'));
    expect(dmp.contact.name).toBe('Eleni Papadopoulou');
    expect(dmp.contributor).toContainEqual({
      name: 'Omar Haddad',
      mbox: 'omar.haddad@example.org',
      role: ['ContactPerson'],
      contributor_id: { identifier: 'omar.haddad@example.org', type: 'other' },
    });
  });
});
