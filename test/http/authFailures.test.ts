/**
 * When the identity provider fails, the service says so (503, retry later) instead of blaming
 * the caller's token (401), and it recovers by itself once the provider is back: a failed
 * discovery or key-set fetch is never remembered as the answer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startIssuer, type TestIssuer } from '../helpers/issuer';
import { startServerProcess, type ServerProcess } from '../helpers/serverProcess';
import { startService } from '../helpers/service';

type Mode = 'ok' | 'error' | 'garbage';

/**
 * A provider in front of the test issuer whose discovery document and key set can each be made
 * to fail. Its discovery document points at its own key-set address.
 */
async function startGate(issuer: TestIssuer) {
  const modes = { discovery: 'ok' as Mode, keys: 'ok' as Mode };
  const calls = { discovery: 0, keys: 0 };
  const server = http.createServer(async (req, res) => {
    const part = req.url?.endsWith('/.well-known/openid-configuration')
      ? 'discovery'
      : req.url?.endsWith('/certs')
        ? 'keys'
        : null;
    if (!part) return void res.writeHead(404).end();
    calls[part]++;
    if (modes[part] === 'error') return void res.writeHead(500).end('provider down');
    if (modes[part] === 'garbage')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"not": "what you want"}');
    if (part === 'discovery') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer: issuer.url, jwks_uri: `${url}/certs` }));
    } else {
      const upstream = await fetch(issuer.jwksUri);
      res.writeHead(200, { 'content-type': 'application/json' }).end(await upstream.text());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, modes, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback address nothing listens on (a port just released). */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('identity provider failures', () => {
  let issuer: TestIssuer;
  let gate: Awaited<ReturnType<typeof startGate>>;
  const services: ReturnType<typeof startService>[] = [];
  /** A service that finds its key set through the gate's discovery document (issuer = test issuer). */
  const serviceWith = (env: Record<string, string>) => {
    const service = startService({ AUTH_DISABLED: '', AUTH_ISSUER: issuer.url, AUTH_AUDIENCE: 'plugins', ...env });
    services.push(service);
    return service;
  };
  const formats = async (service: ReturnType<typeof startService>) =>
    request(service.app)
      .get('/api/file-transformer/formats')
      .set('Authorization', `Bearer ${await issuer.sign()}`);

  beforeAll(async () => {
    issuer = await startIssuer();
    gate = await startGate(issuer);
  });
  afterEach(() => {
    gate.modes.discovery = 'ok';
    gate.modes.keys = 'ok';
  });
  afterAll(async () => {
    await Promise.all(services.map((service) => service.close()));
    await gate.close();
    await issuer.close();
  });

  it('answers 503 naming AUTH_ISSUER when the discovery document cannot be fetched', async () => {
    const unreachable = await closedPortUrl();
    const service = startService({ AUTH_DISABLED: '', AUTH_ISSUER: `${unreachable}/realms/none` });
    services.push(service);
    const res = await formats(service);
    expect(res.status).toBe(503);
    expect(res.body.details).toEqual([{ path: 'AUTH_ISSUER', message: expect.any(String) }]);
  });

  it('answers 503 when the provider takes the connection but never answers (discovery or key set), after the 5 s fetch deadline', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const viaDiscovery = startService({ AUTH_DISABLED: '', AUTH_ISSUER: `${silentUrl}/realms/silent` });
      const viaKeys = serviceWith({ AUTH_JWKS_URI: `${silentUrl}/certs` });
      services.push(viaDiscovery);
      const [discovery, keys] = await Promise.all([formats(viaDiscovery), formats(viaKeys)]);
      expect(discovery.status).toBe(503);
      expect(discovery.body.details).toEqual([
        { path: 'AUTH_ISSUER', message: expect.stringMatching(/timeout|aborted/i) },
      ]);
      expect(keys.status).toBe(503);
      expect(keys.body).toEqual({
        code: 503,
        error: 'Cannot verify tokens: the identity provider is unreachable.',
        details: [{ path: 'AUTH_JWKS_URI', message: expect.stringMatching(/timed out/i) }],
      });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 30_000);

  it.each([
    ['answers 500', 'error' as Mode, 'openid-configuration answered 500'],
    ['has no jwks_uri', 'garbage' as Mode, 'openid-configuration has no jwks_uri'],
  ])(
    'answers 503 when the discovery document %s, and retries discovery on the next request',
    async (_name, mode, message) => {
      // The service reads discovery from the gate: the gate stands in for the issuer's host.
      const service = serviceWith({ AUTH_ISSUER: gate.url });
      gate.modes.discovery = mode;
      const failed = await request(service.app)
        .get('/api/file-transformer/formats')
        .set('Authorization', `Bearer ${await issuer.sign({}, { issuer: gate.url })}`);
      expect(failed.status).toBe(503);
      expect(failed.body.details).toEqual([{ path: 'AUTH_ISSUER', message }]);
      const callsAfterFailure = gate.calls.discovery;

      // The provider is back: the very next request discovers again and passes.
      gate.modes.discovery = 'ok';
      const passed = await request(service.app)
        .get('/api/file-transformer/formats')
        .set('Authorization', `Bearer ${await issuer.sign({}, { issuer: gate.url })}`);
      expect(passed.status).toBe(200);
      expect(gate.calls.discovery).toBe(callsAfterFailure + 1);

      // And once it succeeded, discovery is not repeated per request.
      await request(service.app)
        .get('/api/file-transformer/formats')
        .set('Authorization', `Bearer ${await issuer.sign({}, { issuer: gate.url })}`)
        .expect(200);
      expect(gate.calls.discovery).toBe(callsAfterFailure + 1);
    },
  );
});

/**
 * Key-set failures, against the server in its own process: under Jest, the error `fetch` throws
 * comes from another realm than the test's `Error`, so only a real process shows what a caller
 * gets when the key set is unreachable.
 */
describe('key-set failures (the real server process)', () => {
  let issuer: TestIssuer;
  let server: ServerProcess;
  let keysPort: number;

  beforeAll(async () => {
    issuer = await startIssuer();
    keysPort = Number(new URL(await closedPortUrl()).port);
    server = await startServerProcess({
      AUTH_ISSUER: issuer.url,
      AUTH_AUDIENCE: 'plugins',
      AUTH_JWKS_URI: `http://127.0.0.1:${keysPort}/certs`,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await issuer.close();
  });

  it('answers 503 naming AUTH_JWKS_URI (not 401) while the key set is unreachable, and 200 once it is back', async () => {
    const res = await request(server.base)
      .get('/api/file-transformer/formats')
      .set('Authorization', `Bearer ${await issuer.sign()}`);
    expect(res.status).toBe(503);
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.body).toEqual({
      code: 503,
      error: 'Cannot verify tokens: the identity provider is unreachable.',
      details: [{ path: 'AUTH_JWKS_URI', message: expect.any(String) }],
    });

    // The key set comes up at that address: the next request passes, nothing was cached.
    const keys = http.createServer(async (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(await (await fetch(issuer.jwksUri)).text()),
    );
    await new Promise<void>((resolve) => keys.listen(keysPort, '127.0.0.1', resolve));
    try {
      await request(server.base)
        .get('/api/file-transformer/formats')
        .set('Authorization', `Bearer ${await issuer.sign()}`)
        .expect(200);
    } finally {
      await new Promise<void>((resolve) => keys.close(() => resolve()));
    }
  });
});
