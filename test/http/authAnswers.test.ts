/**
 * What a client is told when its token is refused, word for word: RFC 6750's WWW-Authenticate
 * challenge for each kind of refusal, the reason in the error shape, and which scopes and roles
 * count (a scope among several, a plain `roles` claim; never a scope that merely starts alike).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { JWTPayload } from 'jose';
import request from 'supertest';
import { startService } from '../helpers/service';
import { startKeyIssuer } from '../hostile/issuer';

describe('answers to refused requests', () => {
  let issuer: Awaited<ReturnType<typeof startKeyIssuer>>;
  let service: ReturnType<typeof startService>;
  const formats = () => request(service.app).get('/api/file-transformer/formats');
  /** The answer to a request with a token carrying `claims` (over a complete, valid token). */
  const withToken = async (claims: JWTPayload, status: number) => {
    const res = await formats().set('Authorization', `Bearer ${await issuer.sign(claims)}`);
    expect(res.status).toBe(status);
    return res;
  };

  beforeAll(async () => {
    issuer = await startKeyIssuer();
    service = startService({
      AUTH_DISABLED: '',
      AUTH_ISSUER: issuer.url,
      AUTH_JWKS_URI: issuer.jwksUri,
      AUTH_REQUIRED_SCOPE: 'plugins',
      AUTH_REQUIRED_ROLE: 'file-transformer',
    });
  });
  afterAll(async () => {
    await service.close();
    await issuer.close();
  });

  it('challenges a request without a token with a bare "Bearer"', async () => {
    const res = await formats().expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body).toEqual({
      code: 401,
      error: 'Authentication failed: no bearer token in the Authorization header.',
      details: [{ path: 'Authorization', message: 'no bearer token in the Authorization header' }],
    });
  });

  it.each(['Bearer', 'Bearer   ', 'Token abc'])('calls the header "%s" an invalid request', async (header) => {
    const res = await formats().set('Authorization', header).expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_request"');
    expect(res.body.details).toEqual([
      { path: 'Authorization', message: 'the Authorization header must be "Bearer <token>"' },
    ]);
  });

  it('names a claim of the wrong type', async () => {
    const res = await withToken({ iat: 'yesterday' as unknown as number }, 401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(res.body.details).toEqual([
      { path: 'Authorization', message: 'the token\'s "iat" claim is not acceptable' },
    ]);
  });

  it('answers a token without the scope with 403, naming the scope, and challenges for it', async () => {
    const res = await withToken({ scope: 'openid plugins-extra' }, 403);
    expect(res.headers['www-authenticate']).toBe('Bearer error="insufficient_scope"');
    expect(res.body).toEqual({
      code: 403,
      error: 'Insufficient permissions: the token lacks the scope "plugins".',
      details: [{ path: 'Authorization', message: 'lacks the scope "plugins"' }],
    });
    await withToken({ scope: undefined }, 403);
  });

  it('answers a token without the role with 403, naming the role', async () => {
    const res = await withToken({ realm_access: { roles: ['file-transformer-viewer', 42] } }, 403);
    expect(res.body.details).toEqual([{ path: 'Authorization', message: 'lacks the role "file-transformer"' }]);
    await withToken(
      { realm_access: undefined, resource_access: { backend: null, other: { roles: 'file-transformer' } } },
      403,
    );
  });

  it('answers 403, not 500, to a token whose client roles are null', async () => {
    const res = await withToken(
      { realm_access: undefined, resource_access: null as unknown as JWTPayload['resource_access'] },
      403,
    );
    expect(res.body.details).toEqual([{ path: 'Authorization', message: 'lacks the role "file-transformer"' }]);
  });

  it('names an expiry that is not a number as an unacceptable "exp" claim, not a missing one', async () => {
    const res = await withToken({ exp: 'tomorrow' as unknown as number }, 401);
    expect(res.body.details).toEqual([
      { path: 'Authorization', message: 'the token\'s "exp" claim is not acceptable' },
    ]);
  });

  it('accepts the scope among several and the role from a plain "roles" claim', async () => {
    await withToken({ scope: 'profile plugins email' }, 200);
    await withToken({ realm_access: undefined, roles: ['file-transformer'] }, 200);
  });
});

describe('a key set that cannot be fetched', () => {
  it.each([
    ['answers 500', (res: http.ServerResponse) => res.writeHead(500).end('down for maintenance')],
    ['drops the connection', (res: http.ServerResponse) => res.socket?.destroy()],
  ])(
    'answers 503 naming AUTH_JWKS_URI when the key set URL %s: the provider is at fault, not the token',
    async (_what, answer) => {
      const keyless = await startKeyIssuer();
      const broken = http.createServer((_req, res) => answer(res));
      await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
      const service = startService({
        AUTH_DISABLED: '',
        AUTH_ISSUER: keyless.url,
        AUTH_JWKS_URI: `http://127.0.0.1:${(broken.address() as AddressInfo).port}/certs`,
      });
      try {
        const res = await request(service.app)
          .get('/api/file-transformer/formats')
          .set('Authorization', `Bearer ${await keyless.sign({})}`);
        expect(res.status).toBe(503);
        expect(res.body.error).toBe('Cannot verify tokens: the identity provider is unreachable.');
        expect(res.body.details).toEqual([{ path: 'AUTH_JWKS_URI', message: expect.any(String) }]);
        expect(res.headers['www-authenticate']).toBeUndefined();
      } finally {
        await service.close();
        await new Promise<void>((resolve) => broken.close(() => resolve()));
        await keyless.close();
      }
    },
  );
});
