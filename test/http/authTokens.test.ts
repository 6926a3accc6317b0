/**
 * Which tokens pass: every asymmetric algorithm an identity provider may sign with, the header
 * forms RFC 6750 allows, and a clear reason for each token refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import request from 'supertest';
import { startService } from '../helpers/service';

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'] as const;

/** An issuer publishing one signing key per algorithm (as Keycloak does when realms rotate keys). */
async function startMultiKeyIssuer() {
  const privateKeys = new Map<string, CryptoKey>();
  const keys: JWK[] = [];
  for (const alg of ALGORITHMS) {
    const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
    privateKeys.set(alg, privateKey);
    keys.push({ ...(await exportJWK(publicKey)), kid: `key-${alg}`, alg, use: 'sig' });
  }
  const calls = { discovery: 0 };
  const server = http.createServer((req, res) => {
    if (req.url?.endsWith('/.well-known/openid-configuration')) {
      calls.discovery++;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ issuer: url, jwks_uri: `${url}/certs` }));
    } else if (req.url?.endsWith('/certs')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/multi`;
  const sign = (alg: string, claims: Record<string, unknown> = {}, kid = `key-${alg}`) =>
    new SignJWT({ scope: 'plugins', ...claims })
      .setProtectedHeader({ alg, kid })
      .setIssuer(url)
      .setAudience('plugins')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKeys.get(alg)!);
  return { url, calls, sign, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('tokens', () => {
  let issuer: Awaited<ReturnType<typeof startMultiKeyIssuer>>;
  let service: ReturnType<typeof startService>;
  const formats = (authorization: string) =>
    request(service.app).get('/api/file-transformer/formats').set('Authorization', authorization);

  beforeAll(async () => {
    issuer = await startMultiKeyIssuer();
    service = startService({ AUTH_DISABLED: '', AUTH_ISSUER: issuer.url, AUTH_AUDIENCE: 'plugins' });
  });
  afterAll(async () => {
    await service.close();
    await issuer.close();
  });

  it.each(ALGORITHMS)('accepts a token signed with %s', async (alg) => {
    const res = await formats(`Bearer ${await issuer.sign(alg)}`);
    expect(res.status).toBe(200);
    expect(res.body.fileTransformerId).toBe('dmp-file-transformer');
  });

  it('accepts the scheme in any case and more than one space before the token', async () => {
    const token = await issuer.sign('RS256');
    await formats(`bearer ${token}`).expect(200);
    await formats(`Bearer   ${token}`).expect(200);
  });

  it('refuses a header with more than the scheme and the token, saying so', async () => {
    const res = await formats(`Bearer ${await issuer.sign('RS256')} extra`).expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_request"');
    expect(res.body.details).toEqual([
      { path: 'Authorization', message: 'the Authorization header must be "Bearer <token>"' },
    ]);
  });

  it('refuses a token signed with a key the issuer does not list, naming that', async () => {
    const res = await formats(`Bearer ${await issuer.sign('RS256', {}, 'key-nobody-knows')}`).expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(res.body.details).toEqual([{ path: 'Authorization', message: 'the token was signed with an unknown key' }]);
  });

  it('refuses a token not valid yet, naming the claim', async () => {
    const res = await formats(
      `Bearer ${await issuer.sign('ES256', { nbf: Math.floor(new Date('2999-01-01').getTime() / 1000) })}`,
    ).expect(401);
    expect(res.body.details).toEqual([{ path: 'Authorization', message: 'the token is not valid yet ("nbf")' }]);
  });

  it('uses AUTH_JWKS_URI as given, without asking the issuer for its discovery document', async () => {
    const direct = startService({
      AUTH_DISABLED: '',
      AUTH_ISSUER: issuer.url,
      AUTH_AUDIENCE: 'plugins',
      AUTH_JWKS_URI: `${issuer.url}/certs`,
    });
    try {
      const before = issuer.calls.discovery;
      await request(direct.app)
        .get('/api/file-transformer/formats')
        .set('Authorization', `Bearer ${await issuer.sign('PS256')}`)
        .expect(200);
      expect(issuer.calls.discovery).toBe(before);
    } finally {
      await direct.close();
    }
  });
});
