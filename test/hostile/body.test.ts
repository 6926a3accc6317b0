/**
 * Bounded input over real sockets: a declared length over MAX_BODY_MB is refused before the body
 * is read, compressed bodies are checked, the bytes in flight stay within their budget, and
 * oversized headers get an answer, not a reset.
 */
import zlib from 'node:zlib';
import { fixtureText } from '../builders/fixtures';
import { bodyBytesHeld, listeningService, rawRequest } from './http';

const EXPORT = '/api/file-transformer/export/plan?format=json';

describe('request bodies are bounded before they are trusted', () => {
  let service: Awaited<ReturnType<typeof listeningService>>;
  beforeAll(async () => {
    service = await listeningService({ MAX_BODY_MB: '2', MAX_BYTES_IN_FLIGHT_MB: '3' });
  });
  afterAll(() => service.stop());

  const post = (headers: Record<string, string>, body: Uint8Array<ArrayBuffer> | string) =>
    fetch(`${service.base}${EXPORT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  it('refuses a body declared larger than MAX_BODY_MB at once, without waiting for it', async () => {
    // Declares 10 GB and sends 1 MB: the answer comes before the (never sent) rest.
    const answer = await rawRequest(
      service.port,
      `POST ${EXPORT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 10737418240\r\n\r\n`,
      Buffer.alloc(1024 * 1024, 32),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers).toMatch(/Connection: close/i);
    expect(JSON.parse(answer.body)).toEqual({
      code: 413,
      error: expect.stringMatching(/10240 MB, more than the limit of 2 MB \(MAX_BODY_MB\)/),
      details: [{ path: '', message: 'at most 2 MB' }],
    });
  });

  it('refuses a preview upload declared far over the limit at once, too', async () => {
    const answer = await rawRequest(
      service.port,
      `POST /api/templates/preview HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 10737418240\r\n\r\n`,
      Buffer.alloc(512 * 1024, 32),
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatch(/declared as 10240 MB/);
  });

  it('cuts a body of undeclared length at the limit', async () => {
    const size = 3 * 1024 * 1024;
    const chunk = Buffer.concat([
      Buffer.from(`${size.toString(16)}\r\n`),
      Buffer.alloc(size, 32),
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    const answer = await rawRequest(
      service.port,
      `POST ${EXPORT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
      chunk,
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error).toMatch(/more than the limit of 2 MB/);
  });

  it('reads gzip bodies, and answers a corrupt one with 400 and an unknown encoding with 415', async () => {
    const plan = fixtureText('plan-minimal.json');
    expect((await post({ 'content-encoding': 'gzip' }, new Uint8Array(zlib.gzipSync(plan)))).status).toBe(200);
    const corrupt = await post({ 'content-encoding': 'gzip' }, 'this is no gzip stream');
    expect(corrupt.status).toBe(400);
    expect((await corrupt.json()).details[0].path).toBe('Content-Encoding');
    const unknown = await post({ 'content-encoding': 'zstd' }, plan);
    expect(unknown.status).toBe(415);
    expect((await unknown.json()).error).toMatch(/"zstd" is not supported/);
  });

  it('refuses a gzip bomb when it inflates past MAX_BODY_MB', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(10 * 1024 * 1024, 32));
    expect(bomb.length).toBeLessThan(50 * 1024);
    expect((await post({ 'content-encoding': 'gzip' }, new Uint8Array(bomb))).status).toBe(413);
  });

  it('answers 503 with Retry-After when the bodies in flight would pass MAX_BYTES_IN_FLIGHT_MB', async () => {
    // Two slow senders each declare 1.9 MB; the budget is 3 MB, so the second is turned away.
    const head = `POST ${EXPORT} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Math.round(1.9 * 1024 * 1024)}\r\n\r\n`;
    const first = rawRequest(service.port, head, '{"partial":', 1000).catch(() => null);
    await bodyBytesHeld(service.base, Math.round(1.9 * 1024 * 1024));
    const second = await rawRequest(service.port, head, '{');
    expect(second.status).toBe(503);
    expect(second.headers).toMatch(/Retry-After: 5/i);
    expect(JSON.parse(second.body).error).toMatch(/MAX_BYTES_IN_FLIGHT_MB/);
    await first;
  });

  it('answers a 40 KB Authorization header with 431 and the error shape, not a reset', async () => {
    const answer = await rawRequest(
      service.port,
      `GET /api/file-transformer/formats HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${'a'.repeat(40_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({
      code: 431,
      error: expect.stringMatching(/headers are larger than 32 KB/),
    });
  });

  it('answers an empty body, a BOM and a body that is not JSON with 400 naming the path', async () => {
    expect((await post({}, '')).status).toBe(400);
    expect((await post({}, `\ufeff${fixtureText('plan-minimal.json')}`)).status).toBe(200);
    const broken = await post({}, '{"id": ');
    expect(broken.status).toBe(400);
    expect((await broken.json()).details[0].path).toBe('/');
  });
});
