import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { isFileEnvelope } from '../helpers/jacksonShapes';
import { fixtureJson, fixtureText, startService } from '../helpers/service';
import { watchDirectory } from '../helpers/directoryWatch';

const planText = fixtureText('plan-full.json');
const planTitle = JSON.parse(planText).label as string;
const descriptionText = fixtureText('description-full.json');
const minimal = () => fixtureJson('plan-minimal.json');

const exportPlan = (app: Parameters<typeof request>[0], format: string, body: string | object) =>
  request(app)
    .post(`/api/file-transformer/export/plan?format=${format}`)
    .set('Content-Type', 'application/json')
    .send(body);

describe('POST /api/file-transformer/export/{plan,description}', () => {
  const service = startService();
  afterAll(() => service.close());

  it.each([
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'PK'],
    ['pdf', 'application/pdf', '%PDF-'],
    ['json', 'application/json', '{'],
  ])(
    'exports the full plan (raw wire text, duplicate keys and all) as %s in exactly the FileEnvelopeModel shape',
    async (format, mimeType, magic) => {
      const res = await exportPlan(service.app, format, planText).expect(200);
      expect(isFileEnvelope(res.body)).toBe(true);
      expect(res.body).toMatchObject({ filename: `${planTitle}.${format}`, fileRef: null, mimeType });
      const bytes = Buffer.from(res.body.file, 'base64');
      expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
    },
  );

  it.each(['docx', 'pdf', 'json'])('exports a description as %s, named after the description', async (format) => {
    const res = await request(service.app)
      .post(`/api/file-transformer/export/description?format=${format}`)
      .set('Content-Type', 'application/json')
      .send(descriptionText)
      .expect(200);
    expect(isFileEnvelope(res.body)).toBe(true);
    expect(res.body.filename).toBe(`${JSON.parse(descriptionText).label}.${format}`);
    expect(Buffer.from(res.body.file, 'base64').length).toBeGreaterThan(100);
  });

  it('accepts instants as ISO strings as well as epoch seconds', async () => {
    const plan = minimal();
    plan.createdAt = '2025-01-02T03:04:05Z';
    plan.descriptions[0].createdAt = '2025-01-03T00:00:00.123456+02:00';
    const res = await exportPlan(service.app, 'json', plan).expect(200);
    const madmp = JSON.parse(Buffer.from(res.body.file, 'base64').toString('utf8'));
    expect(new Date(madmp.dmp.created).toISOString()).toBe('2025-01-02T03:04:05.000Z');
  });

  it('keeps letters of every script in file names, drops path separators and control characters', async () => {
    const plan = minimal();
    plan.label = '../Σχέδιο 数据管理\u0000 خطة/v2\\final';
    const res = await exportPlan(service.app, 'json', plan).expect(200);
    expect(res.body.filename).toBe('Σχέδιο 数据管理 خطة v2 final.json');
    plan.label = ' /// ';
    expect((await exportPlan(service.app, 'json', plan).expect(200)).body.filename).toBe('plan.json');
  });

  describe('bad input gets a clear 4xx, never a 500', () => {
    it('unknown format: 400 listing the supported ones', async () => {
      const res = await exportPlan(service.app, 'odt', minimal()).expect(400);
      expect(res.body).toEqual({
        code: 400,
        error: 'Format "odt" is not available for plan exports; supported: docx, pdf, json.',
        details: [{ path: 'format', message: 'must be one of docx, pdf, json' }],
      });
    });

    it('missing format: 400', async () => {
      const res = await request(service.app).post('/api/file-transformer/export/plan').send(minimal()).expect(400);
      expect(res.body.error).toMatch(/"format" is missing; supported: docx, pdf, json/);
    });

    it('malformed JSON: 400 saying where', async () => {
      const res = await exportPlan(service.app, 'pdf', '{"id": "x", "label": ').expect(400);
      expect(res.body.code).toBe(400);
      expect(res.body.error).toMatch(/not valid JSON/);
    });

    it('wrong shape: 400 naming the JSON path', async () => {
      const plan = minimal();
      plan.descriptions[0].status.internalStatus = 7;
      plan.planBlueprint.definition.sections[0].fields[0].category = 9;
      const res = await exportPlan(service.app, 'docx', plan).expect(400);
      expect(res.body.details).toEqual(
        expect.arrayContaining([
          { path: '/descriptions/0/status/internalStatus', message: 'must be one of 0, 1, 2, null' },
          expect.objectContaining({ path: '/planBlueprint/definition/sections/0/fields/0/category' }),
        ]),
      );
    });

    it('a body that is not an object: 400', async () => {
      const res = await exportPlan(service.app, 'pdf', '[1, 2]').expect(400);
      expect(res.body.details[0]).toEqual({ path: '/', message: 'must be object' });
    });

    it('wrong content type: 415', async () => {
      const res = await request(service.app)
        .post('/api/file-transformer/export/plan?format=pdf')
        .set('Content-Type', 'text/plain')
        .send(planText)
        .expect(415);
      expect(res.body.error).toMatch(/Content-Type: application\/json/);
    });

    it('too large: 413 naming the limit', async () => {
      const small = startService({ MAX_BODY_MB: '0.01' });
      try {
        const res = await exportPlan(small.app, 'pdf', planText).expect(413);
        expect(res.body.error).toMatch(/MAX_BODY_MB/);
      } finally {
        await small.close();
      }
    });

    it('unknown route: 404; known route with the wrong method: 405', async () => {
      expect((await request(service.app).get('/api/file-transformer/nothing').expect(404)).body.code).toBe(404);
      const res = await request(service.app).get('/api/file-transformer/export/plan').expect(405);
      expect(res.headers.allow).toBe('POST');
    });
  });

  describe('with SHARED_STORAGE_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-'));
    const shared = startService({ SHARED_STORAGE_DIR: dir });
    afterAll(() => shared.close());

    it('writes the file under a 32-hex name, complete when it appears, and answers its fileRef with file null', async () => {
      const watch = watchDirectory(dir);
      const res = await exportPlan(shared.app, 'pdf', planText).expect(200);
      expect(isFileEnvelope(res.body)).toBe(true);
      expect(res.body.file).toBeNull();
      expect(res.body.fileRef).toMatch(/^[0-9a-f]{32}$/);
      const written = fs.readFileSync(path.join(dir, res.body.fileRef));
      expect(written.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(written.subarray(-6).toString('latin1').trim()).toBe('%%EOF');
      // The backend may read it the moment it shows up: it appeared by a rename, never written in place.
      const events = await watch.events();
      expect(events.filter((event) => event.name === res.body.fileRef)).toEqual([
        { type: 'rename', name: res.body.fileRef },
      ]);
      expect(fs.readdirSync(dir)).toEqual([res.body.fileRef]);
    });
  });
});

describe('PLAN_URL_TEMPLATE', () => {
  const service = startService({
    EXPORT_FORMATS: 'docx,pdf,json,html',
    PLAN_URL_TEMPLATE: 'https://dmp.example.org/plans/overview/{id}',
  });
  afterAll(() => service.close());

  it('reaches the export threads: a related plan links to the planning service', async () => {
    const res = await exportPlan(service.app, 'html', planText).expect(200);
    const html = Buffer.from(res.body.file, 'base64').toString('utf8');
    expect(html).toContain(
      '<a href="https://dmp.example.org/plans/overview/3cf0120d-7604-5a27-a9c6-f228696e91ac">Plan 3cf0120d</a>',
    );
  });
});
