/**
 * Import routing: the planning service sends no format with /preprocessing or /import, so with
 * RDA (`json`) and RAiD (`raid`) both enabled the uploaded file decides; `?format=` names one
 * outright. RDA files, and files neither format recognises, still go to RDA as before.
 */
import request from 'supertest';
import { createRegistry } from '../../src/service/formats';
import { pickImporter } from '../../src/service/registry';
import { envelope, raidRecord } from '../builders/raid';
import { fixtureText, startService } from '../helpers/service';

describe('the registry', () => {
  const registry = createRegistry(['docx', 'raid', 'json']);
  const formatsOf = (importers: { format: string }[]) => importers.map((i) => i.format);

  it('offers every enabled importer of an entity, in EXPORT_FORMATS order, or the one ?format= names', () => {
    expect(formatsOf(registry.importersFor(undefined, 'plan'))).toEqual(['raid', 'json']);
    expect(formatsOf(registry.importersFor('', 'plan'))).toEqual(['raid', 'json']);
    expect(formatsOf(registry.importersFor(' JSON ', 'plan'))).toEqual(['json']);
    // RAiD records are whole projects: descriptions import from RDA only.
    expect(formatsOf(registry.importersFor(undefined, 'description'))).toEqual(['json']);
    expect(() => registry.importersFor('raid', 'description')).toThrow(/supported: json/);
    expect(() => registry.importersFor('odt', 'plan')).toThrow(
      /Format "odt" is not available for plan imports; supported: raid, json/,
    );
    expect(createRegistry(['docx']).importersFor(undefined, 'plan')).toEqual([]);
  });

  it('picks the importer that recognises the file, else the one that recognises nothing in particular', () => {
    const candidates = registry.importersFor(undefined, 'plan');
    expect(pickImporter(candidates, envelope(raidRecord()))?.format).toBe('raid');
    expect(pickImporter(candidates, envelope({ dmp: { title: 'x' } }))?.format).toBe('json');
    expect(pickImporter(candidates, envelope('not json'))?.format).toBe('json');
    expect(pickImporter(candidates, null)?.format).toBe('json');
    expect(pickImporter([], envelope(raidRecord()))).toBeUndefined();
  });
});

describe('import routing over HTTP', () => {
  const service = startService({ EXPORT_FORMATS: 'docx,pdf,json,raid' });
  afterAll(() => service.close());
  const post = (path: string, body: unknown) =>
    request(service.app)
      .post(`/api/file-transformer${path}`)
      .set('Content-Type', 'application/json')
      .send(body as object);

  async function rdaFile() {
    const res = await post('/export/plan?format=json', JSON.parse(fixtureText('plan-full.json'))).expect(200);
    return { filename: res.body.filename, fileRef: null, mimeType: 'application/json', file: res.body.file };
  }

  it('sends an RDA file to the RDA importer and a RAiD file to the RAiD importer, with no format given', async () => {
    const rda = await post('/preprocessing/plan', await rdaFile()).expect(200);
    expect(rda.body.preprocessingDescriptionModels.length).toBeGreaterThan(0);
    const raid = await post('/preprocessing/plan', envelope(raidRecord())).expect(200);
    expect(raid.body).toEqual({ label: 'Seagrass carbon stocks', preprocessingDescriptionModels: [] });
  });

  it('answers a file neither format recognises as the RDA import always did', async () => {
    const res = await post('/preprocessing/plan', envelope({ hello: 'world' })).expect(400);
    expect(res.body.error).toMatch(/not an RDA maDMP/);
  });

  it('honours ?format=, and refuses one that imports nothing', async () => {
    const forced = await post('/preprocessing/plan?format=json', envelope(raidRecord())).expect(400);
    expect(forced.body.error).toMatch(/not an RDA maDMP/);
    const unknown = await post('/preprocessing/plan?format=odt', envelope(raidRecord())).expect(400);
    expect(unknown.body.details).toEqual([{ path: 'format', message: 'must be one of json, raid' }]);
  });

  it('with only raid enabled, takes RAiD plans and offers no description import', async () => {
    const only = startService({ EXPORT_FORMATS: 'raid' });
    try {
      const res = await request(only.app)
        .post('/api/file-transformer/preprocessing/plan')
        .send(envelope({ dmp: { title: 'An RDA plan' } }))
        .expect(400);
      expect(res.body.error).toMatch(/not RAiD metadata/);
      await request(only.app)
        .post('/api/file-transformer/preprocessing/description')
        .send(envelope(raidRecord()))
        .expect(404);
    } finally {
      await only.close();
    }
  });
});
