/**
 * maDMP files shaped like each real producer's (official RDA examples 9 and 10, OpenCDMP/Argos and
 * OpenCDMP's fragmented distributions, DMPTool's API v3 and research outputs, DMPHub, DAMAP, DSW,
 * an OSTrails evaluation example, an RO-Crate mapper, a student's and a course team's hand-written
 * files): imported into a template with a field for every RDA key and exported again, no
 * standard leaf is lost (each comes back as it was, or in the documented normalised form), each
 * export validates against 1.1 and 1.2, and the values land where a reader looks for them.
 */
import { readdirSync } from 'node:fs';
import type { Dmp } from '../../../src/formats/rda/madmp';
import { ajvErrors, pythonValidate, type Wire } from '../../builders/rda';
import { compareLeaves } from '../../builders/rdaLeaves';
import {
  answersOf,
  importInto,
  importThenExport,
  IMPORTING_USER,
  producerFile,
  PRODUCERS_DIR,
} from '../../builders/rdaRoundTrip';

const PRODUCERS = readdirSync(PRODUCERS_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort();

/** At least this share of a file's standard leaves comes back exactly as it was. */
const KEPT_AT_LEAST = 0.85;

describe.each(PRODUCERS)('%s', (name) => {
  const input = producerFile(name);

  it('loses no standard leaf through import -> export (each kept, or normalised as documented)', async () => {
    const { exported } = await importThenExport(input, { importingUser: IMPORTING_USER });
    const { total, kept, lost } = compareLeaves(input, exported);
    expect(total).toBeGreaterThan(30);
    expect(lost).toEqual([]);
    expect(kept.length / total).toBeGreaterThanOrEqual(KEPT_AT_LEAST);
  });

  it('exports valid against 1.1 and 1.2 after import (default output)', async () => {
    const { exported } = await importThenExport(input, { rdaVersion: '' });
    expect(ajvErrors('1.1', exported)).toEqual([]);
    expect(ajvErrors('1.2', exported)).toEqual([]);
  });
});

it('every re-export also validates against 1.1 and 1.2 with python-jsonschema (a second validator)', async () => {
  const exports = await Promise.all(
    PRODUCERS.map(async (name) => (await importThenExport(producerFile(name), { rdaVersion: '' })).exported),
  );
  const results = pythonValidate(exports);
  expect(results.map((r) => [r['1.1'], r['1.2']])).toEqual(PRODUCERS.map(() => [[], []]));
});

const datasetsOf = (imported: Wire) => imported.descriptions as Wire[];
const first = (answers: Wire[]) => answers[0];

describe('values land where a reader of the plan looks for them', () => {
  it('DMPTool API v3: the contact given as a list is the plan contact; roles and ROR funder kept', async () => {
    const { imported, template } = await importInto(producerFile('dmptool-api-v3.json'));
    expect(imported.properties.contacts).toEqual([
      { firstName: 'Maria', lastName: 'Alvarez', email: 'maria.alvarez@ucop.example.edu' },
    ]);
    const [plots] = datasetsOf(imported);
    expect(answersOf(plots, template, 'rda.dmp.contributor.role').map((a) => a.textListValue)).toEqual([
      ['DataCurator'],
      ['ProjectLeader'],
    ]);
    expect(first(answersOf(plots, template, 'rda.dmp.project.funding.funder_id.identifier')).textValue).toBe(
      'https://ror.org/021nxhr62',
    );
    const { exported } = await importThenExport(producerFile('dmptool-api-v3.json'));
    expect((exported.dmp as Dmp).project?.[0].funding?.[0].funder_id).toEqual({
      identifier: 'https://ror.org/021nxhr62',
      type: 'ror',
    });
  });

  it('DMPHub: "16:01:58:00Z" timestamps are the plan times', async () => {
    const { imported } = await importInto(producerFile('dmphub.json'));
    expect(imported.createdAt).toBe(Date.parse('2020-08-27T16:01:58Z') / 1000);
    expect(imported.updatedAt).toBe(Date.parse('2020-09-02T09:14:11Z') / 1000);
  });

  it('DAMAP: epoch milliseconds are the plan times; costs and security measures arrive per item', async () => {
    const { imported, template } = await importInto(producerFile('damap.json'));
    expect(imported.createdAt).toBe(1702466520326 / 1000);
    const [metadata] = datasetsOf(imported);
    expect(answersOf(metadata, template, 'rda.dmp.cost.title').map((a) => a.textValue)).toEqual([
      'Storage',
      'Personnel',
    ]);
    expect(answersOf(metadata, template, 'rda.dataset.security_and_privacy.title').map((a) => a.textValue)).toEqual([
      'Pseudonymisation',
      'Access control',
    ]);
  });

  it('OpenCDMP/Argos: Java dates are project dates, HTML text is rich text, fragments form one distribution', async () => {
    const { imported, template } = await importInto(producerFile('opencdmp-argos.json'));
    expect(imported.description).toContain('<b>long-term</b>');
    expect(imported.description).not.toContain('&lt;');
    const [counts] = datasetsOf(imported);
    expect(counts.description).toBe('<p>Underwater visual census of <i>reef fish</i>.</p>');
    expect(answersOf(counts, template, 'rda.dmp.project.start').map((a) => a.dateValue)).toEqual([
      Date.parse('2023-11-17T00:00:00Z') / 1000,
    ]);
    // Midnight in Athens is the day before in UTC; the project ends on the day written.
    expect(answersOf(counts, template, 'rda.dmp.project.end').map((a) => a.dateValue)).toEqual([
      Date.parse('2026-11-30T00:00:00Z') / 1000,
    ]);
    const distribution = (key: string) => answersOf(counts, template, `rda.dataset.distribution.${key}`);
    expect(distribution('title').map((a) => a.textValue)).toEqual(['Survey tables']);
    expect(distribution('format').map((a) => a.textListValue)).toEqual([['text/csv']]);
    expect(distribution('byte_size').map((a) => a.textValue)).toEqual(['1000']);
    expect(distribution('host.url').map((a) => a.textValue)).toEqual(['https://zenodo.org']);
    expect(distribution('license').map((a) => a.references.map((r: Wire) => r.reference))).toEqual([
      ['https://creativecommons.org/licenses/by/4.0/'],
    ]);
  });

  it('RDA example 9: the funder named without identifier keeps its grant', async () => {
    const { exported } = await importThenExport(producerFile('rda-ex9-long.json'));
    expect((exported.dmp as Dmp).project?.[0].funding).toEqual([
      {
        funder_id: { identifier: 'European Commission', type: 'other' },
        grant_id: { identifier: '776242', type: 'other' },
        funding_status: 'granted',
      },
    ]);
  });

  it("a student's file: mailto: e-mail, 'do not know', 'reused'/'produced', CSV and source code", async () => {
    const { imported, template } = await importInto(producerFile('student-project.json'));
    expect(imported.properties.contacts[0].email).toBe('sam.okafor@student.example.edu');
    const [readings, scripts] = datasetsOf(imported);
    expect(first(answersOf(readings, template, 'rda.dataset.personal_data')).textValue).toBe('unknown');
    expect(first(answersOf(readings, template, 'rda.dataset.is_reused')).textValue).toBe('yes');
    expect(first(answersOf(scripts, template, 'rda.dataset.is_reused')).textValue).toBe('no');
    const { exported } = await importThenExport(producerFile('student-project.json'));
    expect((exported.dmp as Dmp).contact.mbox).toBe('sam.okafor@student.example.edu');
    expect((exported.dmp as Dmp).dataset.map((d) => d.is_reused)).toEqual([true, false]);
  });

  it("OpenCDMP's fragments: three distributions, each whole, the licence dated by the date given alone", async () => {
    const { exported } = await importThenExport(producerFile('opencdmp-fragments.json'));
    const [scans, dates] = (exported.dmp as Dmp).dataset;
    expect(scans.distribution).toEqual([
      {
        title: 'Scan volumes',
        data_access: 'open',
        byte_size: 850000000000,
        format: ['image/tiff'],
        host: {
          title: 'Zenodo',
          url: 'https://zenodo.org',
          description: 'Open repository run by CERN',
          certified_with: 'coretrustseal',
          pid_system: ['doi'],
          support_versioning: 'yes',
        },
        license: [{ license_ref: 'https://creativecommons.org/licenses/by/4.0/', start_date: '2027-01-01' }],
      },
      {
        title: 'Raw projections',
        data_access: 'closed',
        host: {
          title: 'Institute storage',
          url: 'https://data.uibk.example.at',
          backup_type: 'tape',
          backup_frequency: 'weekly',
          storage_type: 'NAS',
        },
      },
    ]);
    expect(dates.distribution?.map((d) => [d.title, d.data_access, d.format, d.host?.title])).toEqual([
      ['Date tables', 'open', ['text/csv'], 'PANGAEA'],
    ]);
  });

  it('OSTrails: affiliations stay with their people; access behind ELIXIR AAI is shared', async () => {
    const { exported } = await importThenExport(producerFile('ostrails-evaluation.json'));
    const dmp = exported.dmp as Dmp;
    expect(dmp.contact.affiliation?.map((a) => a.name)).toEqual(['University of Helsinki']);
    expect(dmp.contributor?.map((c) => [c.name, c.affiliation?.map((a) => a.name)])).toEqual([
      ['Mikko Laine', ['CSC - IT Center for Science']],
      ['Sara Nieminen', ['University of Helsinki']],
    ]);
    expect(dmp.dataset[0].distribution?.[0].data_access).toBe('shared');
  });

  it('DMPTool research outputs: the second contact is a ContactPerson; host_id and a titled technical resource kept', async () => {
    const { exported } = await importThenExport(producerFile('dmptool-outputs.json'));
    const dmp = exported.dmp as Dmp;
    expect(dmp.contact.name).toBe('Grace Liu');
    expect(dmp.contributor?.find((c) => c.name === 'Diego Ramos')?.role).toEqual(['ContactPerson']);
    const [chemistry] = dmp.dataset;
    expect(chemistry.technical_resource).toEqual([{ name: 'Ion chromatograph', description: 'Dionex ICS-6000' }]);
    expect(chemistry.distribution?.[0].host?.host_id).toEqual([
      { identifier: 'https://www.re3data.org/repository/r3d100000044', type: 'url' },
    ]);
  });

  it("a course team's file: a contact without e-mail is a ContactPerson; a bare domain is a host URL; a lone title is a distribution", async () => {
    const { exported, warnings } = await importThenExport(producerFile('university-course.json'));
    const dmp = exported.dmp as Dmp;
    expect(dmp.contact.name).toBe('Felix Wagner');
    expect(dmp.contributor?.map((c) => [c.name, c.role])).toEqual([
      ['Laura Bauer', ['DataManager']],
      ['Team 7', ['ContactPerson']],
    ]);
    expect(dmp.dataset[0].distribution?.map((d) => [d.title, d.data_access, d.host?.url])).toEqual([
      ['Cleaned trips', 'closed', undefined],
      ['Notebook', 'open', 'https://github.com'],
    ]);
    expect(warnings.join('\n')).toMatch(/Distribution 'Cleaned trips'.*"closed" until one is answered/);
  });
});
