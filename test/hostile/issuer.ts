/**
 * An identity provider on loopback whose keys the test controls: it serves a JWKS (counting
 * fetches) and signs exactly the claims given, so tokens without `exp` or with a future `iat`
 * can be made. Keys can rotate.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK, type JWTPayload } from 'jose';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

export async function newKey(kid: string): Promise<SigningKey> {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' } };
}

export async function startKeyIssuer() {
  const state = { keys: [await newKey('k1')], fetches: 0 };
  const server = http.createServer((_req, res) => {
    state.fetches++;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: state.keys.map((k) => k.jwk) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  const now = () => Math.floor(Date.now() / 1000);
  return {
    url,
    jwksUri: `${url}/certs`,
    state,
    /** A complete token, with `claims` laid over it (a claim set to undefined is left out). */
    sign: (claims: JWTPayload = {}, key: SigningKey = state.keys[0]) =>
      new SignJWT(
        JSON.parse(
          JSON.stringify({
            iss: url,
            aud: 'plugins',
            sub: 'service-account',
            scope: 'openid plugins',
            realm_access: { roles: ['file-transformer'] },
            iat: now(),
            exp: now() + 1800,
            ...claims,
          }),
        ) as JWTPayload,
      )
        .setProtectedHeader({ alg: 'ES256', kid: key.kid })
        .sign(key.privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
