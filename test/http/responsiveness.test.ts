/**
 * Renders run in worker threads: while a 100-description PDF is being laid out, the event loop
 * still answers `/formats` (called 2-3 times per export by the planning service) and health.
 * Checked by the order things happen in, never by how many milliseconds they took.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Piscina from 'piscina';
import request from 'supertest';
import { generatePlanJson } from '../../fixtures/generate';
import type { ExportService } from '../../src/service/exportService';
import { startService } from '../helpers/service';

/** Resolves when the service hands its next request to the worker pool (the real `runRequest` goes on). */
function nextHandOver(exports: ExportService): Promise<void> {
  return new Promise((resolve) => {
    const run = exports.runRequest.bind(exports);
    const spy = jest.spyOn(exports, 'runRequest').mockImplementation((...args) => {
      spy.mockRestore();
      const running = run(...args);
      resolve();
      return running;
    });
  });
}

describe('responsiveness during a large export', () => {
  const service = startService({ EXPORT_WORKERS: '1' });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const listening = service.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
  });

  it('answers /formats and health while a 100-description PDF renders', async () => {
    const handedOver = nextHandOver(service.exports);
    let exportDone = false;
    const exporting = fetch(`${base}/api/file-transformer/export/plan?format=pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: generatePlanJson(100),
    }).then(async (res) => {
      exportDone = true;
      return { status: res.status, body: (await res.json()) as { file: string } };
    });
    // The body is in; parsing, validation and the render are the worker's from here on.
    await handedOver;

    // Poll until the export answers. Were the render on the event loop, no poll could be
    // answered before it: the export's own answer would go out first.
    let answeredDuringRender = 0;
    while (!exportDone) {
      const [formats, live] = await Promise.all([
        fetch(`${base}/api/file-transformer/formats`),
        fetch(`${base}/health/live`),
      ]);
      expect(formats.status).toBe(200);
      expect(((await formats.json()) as { exportVariants: unknown[] }).exportVariants).toContainEqual(
        expect.objectContaining({ format: 'pdf' }),
      );
      expect(live.status).toBe(200);
      await live.arrayBuffer();
      if (!exportDone) answeredDuringRender++;
    }
    const exported = await exporting;
    expect(answeredDuringRender).toBeGreaterThan(0);
    expect(exported.status).toBe(200);
    expect(Buffer.from(exported.body.file, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  }, 60_000);
});

describe('the export deadline', () => {
  // 400 descriptions take ~4 s to render as PDF on a 2-core machine, four times the deadline; a
  // one-description JSON export takes milliseconds on a warm thread, far inside it.
  const service = startService({ EXPORT_WORKERS: '1', EXPORT_TIMEOUT_MS: '1000' });
  afterAll(() => service.close());

  const exportOne = () =>
    request(service.app)
      .post('/api/file-transformer/export/plan?format=json')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(1));

  it('answers 503 naming EXPORT_TIMEOUT_MS by stopping the render; a fresh, warmed-up thread serves the next export', async () => {
    // The pool's own events tell when a thread is stopped and when its replacement is ready
    // (after its warm-up), reached through the service on purpose.
    const pool = (service.exports as unknown as { pool: Piscina }).pool;
    const events: string[] = [];
    pool.on('workerDestroy', () => events.push('thread stopped'));
    const replaced = new Promise<void>((resolve) =>
      pool.on('workerCreate', () => {
        events.push('thread ready');
        if (events.includes('thread stopped')) resolve();
      }),
    );

    const slow = await request(service.app)
      .post('/api/file-transformer/export/plan?format=pdf')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(400))
      .expect(503);
    events.push('answered');
    expect(slow.body).toEqual({
      code: 503,
      error: expect.stringContaining('EXPORT_TIMEOUT_MS (1000 ms)'),
      details: [{ path: '', message: 'took longer than EXPORT_TIMEOUT_MS=1000' }],
    });
    expect(slow.headers['retry-after']).toBe('5');
    // The runaway render was stopped before the answer went out, not left to finish.
    expect(events.indexOf('thread stopped')).toBeGreaterThan(-1);
    expect(events.indexOf('thread stopped')).toBeLessThan(events.indexOf('answered'));

    // The replacement reports ready only after its warm-up, so the next export, sent then, is
    // served at the first attempt: neither a cold start nor the warm-up counts against its deadline.
    await replaced;
    const next = await exportOne();
    expect(next.status).toBe(200);
    expect(JSON.parse(Buffer.from(next.body.file, 'base64').toString('utf8')).dmp.title).toEqual(expect.any(String));
  }, 60_000);
});

describe('the export memory cap', () => {
  // Far too little for a 100-description PDF, plenty for a one-description DOCX.
  const service = startService({ EXPORT_WORKERS: '1', EXPORT_MEMORY_MB: '48' });
  afterAll(() => service.close());

  it('answers 413 naming EXPORT_MEMORY_MB when a render needs more heap, and the service carries on', async () => {
    const big = await request(service.app)
      .post('/api/file-transformer/export/plan?format=pdf')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(100))
      .expect(413);
    expect(big.body.error).toMatch(/EXPORT_MEMORY_MB=48/);
    const small = await request(service.app)
      .post('/api/file-transformer/export/plan?format=docx')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(1))
      .expect(200);
    expect(Buffer.from(small.body.file, 'base64').subarray(0, 2).toString('latin1')).toBe('PK');
  }, 60_000);
});
