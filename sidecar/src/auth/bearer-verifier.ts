// Verifies Bearer access tokens: JWTs against the provider's keys, opaque tokens by introspection.
import { errors, jwtVerify, type JWTPayload } from 'jose';
import { UnauthenticatedError } from '../errors.js';
import type { JwksCache } from './jwks-cache.js';

export interface VerifiedToken {
  /** The Nextcloud user id. */
  subject: string;
  scopes: string[];
  expiresAt?: Date;
  format: 'jwt' | 'opaque';
}

export interface TokenChecks {
  /** Expected `iss`; the check is skipped when `skipIssuerCheck` is set (internal vs. public issuer). */
  issuer?: string;
  skipIssuerCheck: boolean;
  /** Expected `aud`; skipped for the management API. */
  audience?: string;
}

export interface BearerVerifier {
  verify(token: string): Promise<VerifiedToken>;
  /** The WWW-Authenticate value of this verifier's 401 answers. */
  readonly challenge: string;
}

export interface BearerVerifierOptions {
  jwks: JwksCache;
  checks: TokenChecks;
  /** Opaque tokens go here (RFC 7662); without it they are refused. */
  introspect?: (token: string) => Promise<VerifiedToken | undefined>;
  /** The `WWW-Authenticate` value sent with a 401. */
  challenge: string;
  currentDate?: () => Date;
}

/** Only asymmetric algorithms: `none` and HMAC keyed with a public key are refused by construction. */
export const ALLOWED_ALGORITHMS = [
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
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_TOKEN_LENGTH = 8192;

export function createBearerVerifier(options: BearerVerifierOptions): BearerVerifier {
  const refuse = (message: string, cause?: unknown) => new UnauthenticatedError(message, options.challenge, { cause });
  return {
    challenge: options.challenge,
    async verify(token) {
      if (token.length === 0 || token.length > MAX_TOKEN_LENGTH)
        throw refuse('The access token is missing or too long.');
      if (!JWT_SHAPE.test(token)) {
        const introspected = options.introspect ? await options.introspect(token) : undefined;
        if (!introspected) throw refuse('The access token is not valid.');
        return introspected;
      }
      const payload = await verifySignedToken(token, options.jwks, options.checks, options.currentDate).catch(
        (error: unknown) => {
          throw error instanceof errors.JOSEError || error instanceof TypeError
            ? refuse(describe(error), error)
            : error;
        },
      );
      if (typeof payload.sub !== 'string' || payload.sub === '') throw refuse('The access token names no user.');
      return {
        subject: payload.sub,
        scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
        expiresAt: payload.exp === undefined ? undefined : new Date(payload.exp * 1000),
        format: 'jwt',
      };
    },
  };
}

/**
 * Checks signature, `exp` and `nbf` always; `iss` unless `skipIssuerCheck`; `aud` when one is expected.
 */
export async function verifySignedToken(
  token: string,
  jwks: JwksCache,
  checks: TokenChecks,
  currentDate?: () => Date,
): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, jwks.resolveKey, {
    algorithms: ALLOWED_ALGORITHMS,
    issuer: checks.skipIssuerCheck ? undefined : checks.issuer,
    audience: checks.audience,
    clockTolerance: 5,
    currentDate: currentDate?.(),
  });
  return payload;
}

function describe(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The access token has expired.';
  if (error instanceof errors.JWTClaimValidationFailed) return `The access token was not issued for this server.`;
  return 'The access token is not valid.';
}
