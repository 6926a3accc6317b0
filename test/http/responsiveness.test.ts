/**
 * Renders run in worker threads: while a 100-description PDF is being laid out, the event loop
 * still answers `/formats` (called 2-3 times per export by the planning service) and health.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { generatePlanJson } from '../../fixtures/generate';
import { startService } from '../helpers/service';

describe('responsiveness during a large export', () => {
  const service = startService({ EXPORT_WORKERS: '1' });
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = await new Promise<Server>((resolve) => {
      const listening = service.app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Warm the worker (renderer modules and fonts load on the first export).
    await fetch(`${base}/api/file-transformer/export/plan?format=pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: generatePlanJson(1),
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await service.close();
  });

  it('answers /formats within 50 ms while a 100-description PDF renders', async () => {
    let finishedAt = Infinity;
    const exporting = fetch(`${base}/api/file-transformer/export/plan?format=pdf`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: generatePlanJson(100),
    }).then(async (res) => {
      finishedAt = performance.now();
      return { status: res.status, body: (await res.json()) as { file: string } };
    });
    // Give the main thread time to take in, validate and hand over the 4 MB body.
    await new Promise((resolve) => setTimeout(resolve, 250));

    const latencies: number[] = [];
    let lastAnsweredAt = 0;
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      const res = await fetch(`${base}/api/file-transformer/formats`);
      await res.json();
      lastAnsweredAt = performance.now();
      latencies.push(lastAnsweredAt - started);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const exported = await exporting;

    // The polls really overlapped the render, and the render really produced a PDF.
    expect(lastAnsweredAt).toBeLessThan(finishedAt);
    expect(exported.status).toBe(200);
    expect(Buffer.from(exported.body.file, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(Math.max(...latencies)).toBeLessThan(50);
  }, 60_000);
});

describe('the export deadline', () => {
  // 400 descriptions take ~3 s to render as PDF; one description ~0.5 s even on a cold thread.
  const service = startService({ EXPORT_WORKERS: '1', EXPORT_TIMEOUT_MS: '1500' });
  afterAll(() => service.close());

  it('answers 503 naming EXPORT_TIMEOUT_MS when a render runs over; a fresh thread serves the next export', async () => {
    const { default: request } = await import('supertest');
    const body = generatePlanJson(400);
    const started = performance.now();
    const slow = await request(service.app)
      .post('/api/file-transformer/export/plan?format=pdf')
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(503);
    expect(slow.body).toEqual({ code: 503, error: expect.stringContaining('EXPORT_TIMEOUT_MS (1500 ms)'), details: [{ path: '', message: 'took longer than EXPORT_TIMEOUT_MS=1500' }] });
    expect(slow.headers['retry-after']).toBe('5');
    // Answered at the deadline (plus taking in the 16 MB body), not when the render would have finished.
    expect(performance.now() - started).toBeLessThan(2600);
    // The runaway thread was terminated; the pool starts a fresh one for the next export. A fresh
    // thread loads its modules and compiles the request schemas at start (about a second under
    // tsx): give it that time, as this test's 1.5 s deadline would count it.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const next = await request(service.app)
      .post('/api/file-transformer/export/plan?format=docx')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(1));
    expect({ status: next.status, body: next.status === 200 ? 'a file' : next.body }).toEqual({ status: 200, body: 'a file' });
    expect(Buffer.from(next.body.file, 'base64').subarray(0, 2).toString('latin1')).toBe('PK');
  }, 60_000);
});

describe('the export memory cap', () => {
  // Far too little for a 100-description PDF, plenty for a one-description DOCX.
  const service = startService({ EXPORT_WORKERS: '1', EXPORT_MEMORY_MB: '32' });
  afterAll(() => service.close());

  it('answers 413 naming EXPORT_MEMORY_MB when a render needs more heap, and the service carries on', async () => {
    const { default: request } = await import('supertest');
    const big = await request(service.app)
      .post('/api/file-transformer/export/plan?format=pdf')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(100))
      .expect(413);
    expect(big.body.error).toMatch(/EXPORT_MEMORY_MB=32/);
    const small = await request(service.app)
      .post('/api/file-transformer/export/plan?format=docx')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(1))
      .expect(200);
    expect(Buffer.from(small.body.file, 'base64').subarray(0, 2).toString('latin1')).toBe('PK');
  }, 60_000);
});
