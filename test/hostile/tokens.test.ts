/**
 * Tokens per RFC 8725 against a real issuer on loopback whose keys can rotate: `exp` required,
 * `nbf` and `iat` within the clock tolerance, an unknown `kid` refetches the key set at once
 * (rate-limited), and a valid token without the configured scope or role gets 403.
 */
import type { JWTPayload } from 'jose';
import request from 'supertest';
import { startService } from '../helpers/service';
import { newKey, startKeyIssuer, type SigningKey } from './issuer';

describe('bearer tokens per RFC 8725', () => {
  let issuer: Awaited<ReturnType<typeof startKeyIssuer>>;
  let service: ReturnType<typeof startService>;

  beforeAll(async () => {
    issuer = await startKeyIssuer();
    service = startService({
      AUTH_DISABLED: '',
      AUTH_ISSUER: issuer.url,
      AUTH_JWKS_URI: issuer.jwksUri,
      AUTH_CLOCK_TOLERANCE_S: '5',
      AUTH_REQUIRED_SCOPE: 'plugins',
      AUTH_REQUIRED_ROLE: 'file-transformer',
    });
  });
  afterAll(async () => {
    await service.close();
    await issuer.close();
  });

  const now = () => Math.floor(Date.now() / 1000);
  const sign = (claims: JWTPayload, key?: SigningKey) => issuer.sign(claims, key);
  const formats = (token: string) =>
    request(service.app).get('/api/file-transformer/formats').set('Authorization', `Bearer ${token}`);

  it('accepts a complete token', async () => {
    await formats(await sign({})).expect(200);
  });

  it.each([
    ['without exp', { exp: undefined }, /no expiry \("exp"\)/],
    ['issued in the future', { iat: Math.floor(Date.now() / 1000) + 600 }, /issued in the future/],
    ['not valid yet (nbf)', { nbf: Math.floor(Date.now() / 1000) + 600 }, /not valid yet/],
    ['expired', { exp: Math.floor(Date.now() / 1000) - 60 }, /expired/],
    ['for another audience', { aud: 'account' }, /audience/],
  ])('refuses a token %s with 401', async (_name, claims, message) => {
    const res = await formats(await sign(claims as JWTPayload)).expect(401);
    expect(res.body.error).toMatch(message);
    expect(res.body.details[0].path).toBe('Authorization');
  });

  it('honours the clock tolerance (AUTH_CLOCK_TOLERANCE_S) for iat and nbf', async () => {
    await formats(await sign({ iat: now() + 2, nbf: now() + 2 })).expect(200);
  });

  it.each([
    ['the scope', { scope: 'openid' }, /scope "plugins"/],
    ['the role', { realm_access: { roles: ['viewer'] } }, /role "file-transformer"/],
  ])('answers 403 to a valid token without %s', async (_name, claims, message) => {
    const res = await formats(await sign(claims as JWTPayload)).expect(403);
    expect(res.body.error).toMatch(message);
  });

  it('takes a client role (resource_access) as the role too', async () => {
    await formats(
      await sign({ realm_access: undefined, resource_access: { 'dmp-backend': { roles: ['file-transformer'] } } }),
    ).expect(200);
  });

  it('accepts a token signed with a rotated key at once, and refetches at most once a second for unknown kids', async () => {
    // A service of its own: its key set is fetched here, so this test alone covers (and would
    // catch a change to) how the key set is set up, such as jose's 30 s cool-down instead of ours.
    const own = startService({ AUTH_DISABLED: '', AUTH_ISSUER: issuer.url, AUTH_JWKS_URI: issuer.jwksUri });
    const call = (token: string) =>
      request(own.app).get('/api/file-transformer/formats').set('Authorization', `Bearer ${token}`);
    try {
      await call(await sign({})).expect(200);
      // Past the 1 s cool-down that started with the first fetch.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const rotated = await newKey('k2');
      issuer.state.keys = [rotated];
      const before = issuer.state.fetches;
      await call(await sign({}, rotated)).expect(200);
      expect(issuer.state.fetches).toBe(before + 1);
      // Forged kids right after: refused from the cached set, without a fetch each.
      const forged = await newKey('k3');
      for (let i = 0; i < 5; i++) {
        const res = await call(await sign({}, forged)).expect(401);
        expect(res.body.error).toMatch(/unknown key|signature/);
      }
      expect(issuer.state.fetches).toBe(before + 1);
    } finally {
      await own.close();
    }
  });
});
