/**
 * Bearer JWT validation (jose) against the issuer's JWKS, as the planning service's tokens
 * (Keycloak, client scope `plugins`) carry them, per RFC 8725: only asymmetric signatures (so a
 * token signed with a shared secret or unsigned, `alg: none`, never passes), `exp` required,
 * `nbf` and `iat` honoured within AUTH_CLOCK_TOLERANCE_S, `iss` and `aud` exact. A token that
 * fails is a 401; a valid one without the configured scope or role a 403.
 */
import type { RequestHandler } from 'express';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import type { AuthConfig } from '../config';
import { HttpError } from './errors';

const ASYMMETRIC_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
const FETCH_TIMEOUT_MS = 5000;
/**
 * A token signed with a key the cached set lacks refetches the set at once, at most once per
 * this many ms: a rotated key works within a second, and forged `kid`s cannot flood the issuer.
 */
const JWKS_REFETCH_COOLDOWN_MS = 1000;

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
      const response = await fetch(`${config.issuer}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`openid-configuration answered ${response.status}`);
      const document = (await response.json()) as { jwks_uri?: unknown };
      if (typeof document.jwks_uri !== 'string') throw new Error('openid-configuration has no jwks_uri');
      jwksUri = document.jwks_uri;
    }
    return createRemoteJWKSet(new URL(jwksUri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      cooldownDuration: JWKS_REFETCH_COOLDOWN_MS,
      cacheMaxAge: 600_000,
    });
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
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: config.issuer!,
        audience: config.audience,
        algorithms: ASYMMETRIC_ALGORITHMS,
        requiredClaims: ['exp'],
        clockTolerance: config.clockToleranceSeconds,
      }));
      // jose checks `iat` only against a maximum age; a token issued in the future is no token.
      if (typeof payload.iat === 'number' && payload.iat > Date.now() / 1000 + config.clockToleranceSeconds)
        throw new IssuedInTheFuture();
    } catch (error) {
      if (isKeySetFetchFailure(error)) {
        throw new HttpError(503, 'Cannot verify tokens: the identity provider is unreachable.', [
          { path: 'AUTH_JWKS_URI', message: error instanceof Error ? error.message : String(error) },
        ]);
      }
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new Unauthorized(describeJoseError(error));
    }
    const missing = missingPermission(payload, config);
    if (missing) {
      res.setHeader('WWW-Authenticate', `Bearer error="insufficient_scope"`);
      throw new HttpError(403, `Insufficient permissions: the token lacks the ${missing}.`, [
        { path: 'Authorization', message: `lacks the ${missing}` },
      ]);
    }
    next();
  };
}

class IssuedInTheFuture extends Error {}

/** The key set could not be fetched: the identity provider's fault, not the token's. */
function isKeySetFetchFailure(error: unknown): boolean {
  if (error instanceof joseErrors.JWKSTimeout || error instanceof joseErrors.JWKSInvalid) return true;
  // fetch's TypeError ("fetch failed"), or jose's complaint about a non-200 answer. Read by shape,
  // not `instanceof Error`: fetch's errors may come from another realm (vm contexts, test runners).
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message !== 'string') return false;
  return (
    /fetch failed|ECONNREFUSED|ECONNRESET|ENOTFOUND|Expected 200 OK|JSON Web Key Set/i.test(message) &&
    !(error instanceof joseErrors.JWKSNoMatchingKey)
  );
}

/** The configured scope or role the token lacks, or null when it has them. */
function missingPermission(payload: JWTPayload, config: AuthConfig): string | null {
  if (config.requiredScope) {
    const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ') : [];
    if (!scopes.includes(config.requiredScope)) return `scope "${config.requiredScope}"`;
  }
  if (config.requiredRole && !rolesOf(payload).has(config.requiredRole)) return `role "${config.requiredRole}"`;
  return null;
}

/** Keycloak's realm and client roles, and a plain `roles` claim. */
function rolesOf(payload: JWTPayload): Set<string> {
  const roles = new Set<string>();
  const add = (list: unknown) => {
    if (Array.isArray(list)) for (const role of list) if (typeof role === 'string') roles.add(role);
  };
  const claims = payload as Record<string, unknown> & { realm_access?: { roles?: unknown }; resource_access?: unknown };
  add(claims.roles);
  add(claims.realm_access?.roles);
  if (claims.resource_access && typeof claims.resource_access === 'object') {
    for (const client of Object.values(claims.resource_access as Record<string, unknown>))
      add((client as { roles?: unknown } | null)?.roles);
  }
  return roles;
}

function describeJoseError(error: unknown): string {
  if (error instanceof IssuedInTheFuture) return 'the token is issued in the future ("iat")';
  if (error instanceof joseErrors.JWTExpired) return 'the token has expired';
  if (error instanceof joseErrors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return 'the token was issued by another issuer';
    if (error.claim === 'aud') return 'the token is not meant for this service (audience)';
    if (error.claim === 'exp' && error.reason === 'missing') return 'the token has no expiry ("exp")';
    if (error.claim === 'nbf') return 'the token is not valid yet ("nbf")';
    return `the token's "${error.claim}" claim is not acceptable`;
  }
  if (error instanceof joseErrors.JOSEAlgNotAllowed)
    return 'the token is not signed with an accepted (asymmetric) algorithm';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'the token signature is invalid';
  if (error instanceof joseErrors.JWKSNoMatchingKey) return 'the token was signed with an unknown key';
  return 'the token is malformed';
}
