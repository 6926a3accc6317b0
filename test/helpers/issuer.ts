/**
 * A real OpenID issuer on loopback for auth tests: serves a discovery document and a JWKS, and
 * signs tokens with its RSA key. Counts requests, so tests can see discovery and caching.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type JWTPayload, type CryptoKey } from 'jose';

export interface TestIssuer {
  url: string;
  jwksUri: string;
  requests: string[];
  sign(
    claims?: JWTPayload,
    options?: { expiresIn?: string; issuer?: string; audience?: string; key?: CryptoKey },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startIssuer(): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
    if (req.url === '/realms/test/.well-known/openid-configuration') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ issuer: base, jwks_uri: `${base}/protocol/openid-connect/certs` }));
    } else if (req.url === '/realms/test/protocol/openid-connect/certs') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realms/test`;
  return {
    url,
    jwksUri: `${url}/protocol/openid-connect/certs`,
    requests,
    sign: (claims = {}, options = {}) =>
      new SignJWT({ scope: 'plugins', ...claims })
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(options.issuer ?? url)
        .setAudience(options.audience ?? 'plugins')
        .setSubject('service-account-api')
        .setIssuedAt()
        .setExpirationTime(options.expiresIn ?? '5m')
        .sign(options.key ?? privateKey),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
