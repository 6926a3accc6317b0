import { Writable } from 'node:stream';
import request from 'supertest';
import winston from 'winston';
import { generatePlanJson } from '../../fixtures/generate';
import { startServerProcess } from '../helpers/serverProcess';
import { fixtureText, startService } from '../helpers/service';

/** A real winston JSON logger whose lines the test can read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = winston.createLogger({
    format: winston.format.json(),
    transports: [new winston.transports.Stream({ stream })],
  });
  return { logger, lines };
}

describe('operations', () => {
  const { logger, lines } = capturingLogger();
  const service = startService({}, logger);
  afterAll(() => service.close());

  it('health: live and ready without a token', async () => {
    await service.exports.warmedUp;
    expect((await request(service.app).get('/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await request(service.app).get('/health/ready').expect(200)).body).toEqual({ status: 'ready' });
  });

  it('is live at once but ready only when its first export thread has warmed up', async () => {
    // Loading the renderers and exporting the sample plan in each format takes far longer than a
    // request to the process that just started.
    const fresh = startService();
    try {
      await request(fresh.app).get('/health/live').expect(200);
      expect((await request(fresh.app).get('/health/ready').expect(503)).body).toEqual({ status: 'starting' });
      await fresh.exports.warmedUp;
      expect((await request(fresh.app).get('/health/ready').expect(200)).body).toEqual({ status: 'ready' });
    } finally {
      await fresh.close();
    }
  });

  it('readiness turns 503 once shutdown starts, so traffic drains', async () => {
    const other = startService();
    try {
      other.lifecycle.shuttingDown = true;
      await request(other.app).get('/health/ready').expect(503);
      await request(other.app).get('/health/live').expect(200);
    } finally {
      await other.close();
    }
  });

  it('logs one JSON line per request with its id, echoes the id, and never logs the Authorization header', async () => {
    const res = await request(service.app)
      .post('/api/file-transformer/export/plan?format=json')
      .set('Authorization', 'Bearer super-secret-token')
      .set('X-Request-Id', 'req-42')
      .set('Content-Type', 'application/json')
      .send(fixtureText('plan-minimal.json'))
      .expect(200);
    expect(res.headers['x-request-id']).toBe('req-42');
    const line = lines.find((l) => l.requestId === 'req-42' && l.message === 'request');
    expect(line).toMatchObject({
      method: 'POST',
      path: '/api/file-transformer/export/plan',
      status: 200,
      format: 'json',
    });
    expect(JSON.stringify(lines)).not.toContain('super-secret-token');
    const generated = await request(service.app).get('/health/live').set('X-Request-Id', 'bad id with spaces');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("logs an export's warnings as one entry that lists them, not a line per warning", async () => {
    // Generated repositories without URLs: RDA leaves each host out with a warning.
    await request(service.app)
      .post('/api/file-transformer/export/plan?format=json')
      .set('X-Request-Id', 'req-warnings')
      .set('Content-Type', 'application/json')
      .send(generatePlanJson(12))
      .expect(200);
    const entries = lines.filter((l) => l.requestId === 'req-warnings' && l.level === 'warn');
    expect(entries).toHaveLength(1);
    const [entry] = entries as { message: string; count: number; warnings: string[]; format: string }[];
    expect(entry).toMatchObject({ message: 'export warnings', format: 'json' });
    expect(entry.count).toBeGreaterThan(1);
    expect(entry.warnings).toHaveLength(entry.count);
    expect(entry.warnings.some((w) => /has no URL, which RDA requires/.test(w))).toBe(true);
  });

  it('exposes request and export durations by format on /metrics', async () => {
    await request(service.app)
      .post('/api/file-transformer/export/plan?format=docx')
      .set('Content-Type', 'application/json')
      .send(fixtureText('plan-minimal.json'))
      .expect(200);
    const metrics = (await request(service.app).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/export_duration_seconds_count\{format="docx",entity="plan",outcome="ok"\} 1/);
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/file-transformer\/export\/plan",status="200"\}/,
    );
    expect(metrics).toMatch(/process_resident_memory_bytes/);
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM stops taking requests, finishes the export in flight, then exits 0', async () => {
    const server = await startServerProcess({ AUTH_DISABLED: 'true' });
    try {
      // The whole body is sent; the signal goes out once the service counts the export in flight
      // (its own gauge), so the drain provably has an export to wait for. A body still arriving at
      // SIGTERM is another case: it gets 503 at once (test/hostile/lifecycle.test.ts).
      const response = fetch(`${server.base}/api/file-transformer/export/plan?format=pdf`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: generatePlanJson(100),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
      let inFlight = false;
      for (let polls = 0; polls < 10_000 && !inFlight; polls++) {
        inFlight = /^exports_in_flight 1$/m.test(await (await fetch(`${server.base}/metrics`)).text());
      }
      expect(inFlight).toBe(true);
      server.child.kill('SIGTERM');
      const res = await response;
      expect(res.status).toBe(200);
      expect(Buffer.from(JSON.parse(res.body).file, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await server.exited).toBe(0);
      const messages = server.logs.map((l) => l.message);
      expect(messages.indexOf('signal received')).toBeGreaterThan(-1);
      expect(messages.indexOf('stopped')).toBeGreaterThan(messages.indexOf('signal received'));
      // After the signal, new connections are refused.
      await expect(request(server.base).get('/health/live')).rejects.toThrow(/ECONNREFUSED/);
    } finally {
      await server.stop();
    }
  });
});
