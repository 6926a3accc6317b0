import { SignJWT, generateKeyPair } from 'jose';
import request from 'supertest';
import { ConfigError, loadConfig } from '../../src/config';
import { startIssuer, type TestIssuer } from '../helpers/issuer';
import { fixtureText, startService } from '../helpers/service';

describe('Bearer JWT authentication', () => {
  let issuer: TestIssuer;
  let service: ReturnType<typeof startService>;
  const formats = () => request(service.app).get('/api/file-transformer/formats');

  beforeAll(async () => {
    issuer = await startIssuer();
    // No AUTH_JWKS_URI: the JWKS is discovered from the issuer, as with Keycloak.
    service = startService({ AUTH_DISABLED: '', AUTH_ISSUER: issuer.url, AUTH_AUDIENCE: 'plugins' });
  });
  afterAll(async () => {
    await service.close();
    await issuer.close();
  });

  it('accepts a valid token from the issuer, found through OpenID discovery', async () => {
    await formats()
      .set('Authorization', `Bearer ${await issuer.sign()}`)
      .expect(200);
    expect(issuer.requests).toEqual(
      expect.arrayContaining([
        '/realms/test/.well-known/openid-configuration',
        '/realms/test/protocol/openid-connect/certs',
      ]),
    );
  });

  it('fetches the key set once, not per request', async () => {
    const before = issuer.requests.length;
    for (let i = 0; i < 3; i++)
      await formats()
        .set('Authorization', `Bearer ${await issuer.sign()}`)
        .expect(200);
    expect(issuer.requests.length).toBe(before);
  });

  it.each([
    ['no Authorization header', undefined, /no bearer token/],
    ['another scheme', 'Basic dXNlcjpwYXNz', /must be "Bearer <token>"/],
    ['a malformed token', 'Bearer not.a.jwt', /malformed/],
  ])('refuses %s with 401', async (_name, header, message) => {
    const req = formats();
    if (header) req.set('Authorization', header);
    const res = await req.expect(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(res.body.error).toMatch(message);
  });

  it('refuses an expired token', async () => {
    const token = await issuer.sign({}, { expiresIn: '-1m' });
    expect((await formats().set('Authorization', `Bearer ${token}`).expect(401)).body.error).toMatch(/expired/);
  });

  it('refuses a token from another issuer, or for another audience', async () => {
    const wrongIssuer = await issuer.sign({}, { issuer: 'https://evil.example/realms/test' });
    expect((await formats().set('Authorization', `Bearer ${wrongIssuer}`).expect(401)).body.error).toMatch(
      /another issuer/,
    );
    const wrongAudience = await issuer.sign({}, { audience: 'account' });
    expect((await formats().set('Authorization', `Bearer ${wrongAudience}`).expect(401)).body.error).toMatch(
      /audience/,
    );
  });

  it('refuses an unsigned token (alg none) and one signed with a shared secret', async () => {
    const payload = { iss: issuer.url, aud: 'plugins', exp: Math.floor(Date.now() / 1000) + 300 };
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    await formats().set('Authorization', `Bearer ${unsigned}`).expect(401);
    const hmac = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
      .sign(new TextEncoder().encode('a-shared-secret-of-enough-length!!'));
    expect((await formats().set('Authorization', `Bearer ${hmac}`).expect(401)).body.error).toMatch(/asymmetric/);
  });

  it('refuses a token signed by a key the issuer does not publish', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await issuer.sign({}, { key: privateKey });
    expect((await formats().set('Authorization', `Bearer ${forged}`).expect(401)).body.error).toMatch(/signature/);
  });

  it('protects exports too, but not health and metrics', async () => {
    const refused = await request(service.app)
      .post('/api/file-transformer/export/plan?format=json')
      .send({})
      .expect(401);
    expect(refused.body.details).toEqual([
      { path: 'Authorization', message: 'no bearer token in the Authorization header' },
    ]);
    expect((await request(service.app).get('/health/live').expect(200)).body).toEqual({ status: 'ok' });
    await service.exports.warmedUp;
    expect((await request(service.app).get('/health/ready').expect(200)).body).toEqual({ status: 'ready' });
    expect((await request(service.app).get('/metrics').expect(200)).text).toMatch(/^process_resident_memory_bytes /m);
  });

  it('answers 503 (not 401) while the identity provider is unreachable', async () => {
    const orphan = startService({ AUTH_DISABLED: '', AUTH_ISSUER: 'http://127.0.0.1:9/realms/none' });
    try {
      const res = await request(orphan.app)
        .get('/api/file-transformer/formats')
        .set('Authorization', `Bearer ${await issuer.sign()}`)
        .expect(503);
      expect(res.body.error).toMatch(/identity provider is unreachable/);
    } finally {
      await orphan.close();
    }
  });
});

describe('development mode', () => {
  it('runs open without AUTH_ISSUER outside production', async () => {
    const open = startService({ AUTH_DISABLED: '' });
    try {
      const formats = await request(open.app).get('/api/file-transformer/formats').expect(200);
      expect(formats.body.exportVariants.map((v: { format: string }) => v.format)).toEqual(['docx', 'pdf', 'json']);
      const exported = await request(open.app)
        .post('/api/file-transformer/export/plan?format=json')
        .set('Content-Type', 'application/json')
        .send(fixtureText('plan-minimal.json'))
        .expect(200);
      expect(JSON.parse(Buffer.from(exported.body.file, 'base64').toString('utf8')).dmp.title).toBe(
        JSON.parse(fixtureText('plan-minimal.json')).label,
      );
    } finally {
      await open.close();
    }
  });

  it('refuses to start in production without AUTH_ISSUER unless AUTH_DISABLED=true is explicit', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_ISSUER/);
    expect(loadConfig({ NODE_ENV: 'production', AUTH_DISABLED: 'true' }).auth.disabled).toBe(true);
  });
});
