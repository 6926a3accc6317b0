/**
 * Bearer JWT validation (jose) against the issuer's JWKS, as the planning service's tokens
 * (Keycloak, client scope `plugins`) carry them. Only asymmetric signatures are accepted, so a
 * token signed with a shared secret or unsigned (`alg: none`) never passes.
 */
import type { RequestHandler } from 'express';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AuthConfig } from '../config';
import { HttpError } from './errors';

const ASYMMETRIC_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const FETCH_TIMEOUT_MS = 5000;

class Unauthorized extends HttpError {
  constructor(reason: string) {
    super(401, `Authentication failed: ${reason}.`, [{ path: 'Authorization', message: reason }]);
  }
}

/** JWKS URL from configuration, else from the issuer's OpenID discovery document (fetched once). */
function keySetResolver(config: AuthConfig): () => Promise<JWTVerifyGetKey> {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  const discover = async (): Promise<JWTVerifyGetKey> => {
    let jwksUri = config.jwksUri;
    if (!jwksUri) {
      const response = await fetch(`${config.issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`openid-configuration answered ${response.status}`);
      const document = (await response.json()) as { jwks_uri?: unknown };
      if (typeof document.jwks_uri !== 'string') throw new Error('openid-configuration has no jwks_uri');
      jwksUri = document.jwks_uri;
    }
    return createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: FETCH_TIMEOUT_MS, cooldownDuration: 30_000, cacheMaxAge: 600_000 });
  };
  return () => {
    // A failed discovery is retried by the next request instead of being cached forever.
    keySet ??= discover().catch((error) => {
      keySet = undefined;
      throw error;
    });
    return keySet;
  };
}

export function requireBearerToken(config: AuthConfig): RequestHandler {
  const keySet = keySetResolver(config);
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      throw new Unauthorized('no bearer token in the Authorization header');
    }
    const [scheme, token, ...rest] = header.trim().split(/\s+/);
    if (scheme?.toLowerCase() !== 'bearer' || !token || rest.length > 0) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_request"');
      throw new Unauthorized('the Authorization header must be "Bearer <token>"');
    }
    let keys: JWTVerifyGetKey;
    try {
      keys = await keySet();
    } catch (error) {
      throw new HttpError(503, 'Cannot verify tokens: the identity provider is unreachable.', [
        { path: 'AUTH_ISSUER', message: error instanceof Error ? error.message : String(error) },
      ]);
    }
    try {
      await jwtVerify(token, keys, { issuer: config.issuer!, audience: config.audience, algorithms: ASYMMETRIC_ALGORITHMS });
    } catch (error) {
      if (error instanceof joseErrors.JWKSTimeout || (error instanceof Error && /fetch failed|ECONNREFUSED/.test(error.message))) {
        throw new HttpError(503, 'Cannot verify tokens: the identity provider is unreachable.', [{ path: 'AUTH_JWKS_URI', message: error.message }]);
      }
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new Unauthorized(describeJoseError(error));
    }
    next();
  };
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'the token was issued by another issuer';
    if (error.claim === 'aud') return 'the token is not meant for this service (audience)';
    return `the token's "${error.claim}" claim is not acceptable`;
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'the token is not signed with an accepted (asymmetric) algorithm';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the token signature is invalid';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'the token was signed with an unknown key';
  return 'the token is malformed';
}
