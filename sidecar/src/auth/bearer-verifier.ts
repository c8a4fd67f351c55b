// Bearer access tokens, the one place that reads and checks them: JWT access tokens (RFC 9068) against the provider's
// keys, opaque tokens by introspection, each with the audience rule of the verifier's resource.
import type { JWTPayload } from 'jose';

type Jose = typeof import('jose');
import { UnauthenticatedError, UpstreamError } from '../errors.js';
import { loadJose } from './jose-library.js';
import type { JwksCache } from './jwks-cache.js';

export interface VerifiedToken {
  /** The Nextcloud user id. */
  subject: string;
  scopes: string[];
  expiresAt?: Date;
  /** A JWT's `iat`. */
  issuedAt?: Date;
  format: 'jwt' | 'opaque';
  /** The client the token was issued to: a JWT's `azp` (else `client_id`), introspection's `client_id`. */
  clientId?: string;
}

/** What introspection (RFC 7662) said about an active opaque token. */
export interface IntrospectedToken extends VerifiedToken {
  /** `aud` as the provider states it (Nextcloud: the token's client id). */
  audiences: string[];
}

export interface TokenChecks {
  /** Expected `iss`; the check is skipped when `skipIssuerCheck` is set (internal vs. public issuer). */
  issuer?: string;
  skipIssuerCheck: boolean;
  /** Expected `aud` of JWTs; skipped for the management API. */
  audience?: string;
}

export interface BearerVerifier {
  /**
   * Reads the token of an `Authorization: Bearer …` header and verifies it; `callerAddress` (the request's client
   * address, `clientAddressKey`) pays for an introspection, so garbage tokens cost the provider little (429 past it).
   */
  authenticate(authorization: string | undefined, callerAddress: string): Promise<VerifiedToken>;
  /** Verifies a token; without `callerAddress` (the sidecar's own tokens) introspection is outside any budget. */
  verify(token: string, callerAddress?: string): Promise<VerifiedToken>;
  /** The WWW-Authenticate value of this verifier's 401 answers. */
  readonly challenge: string;
}

export interface BearerVerifierOptions {
  jwks: JwksCache;
  checks: TokenChecks;
  /** Opaque tokens go here (RFC 7662); without it they are refused. Undefined for inactive tokens. */
  introspect?: (token: string, callerAddress?: string) => Promise<IntrospectedToken | undefined>;
  /** Whether an active opaque token was issued for this resource; without it every active token passes. */
  isIntendedFor?: (token: IntrospectedToken) => boolean;
  /** Whether tokens of this client are accepted (asked at every check); without it any client's token passes. */
  isTrustedClient?: (clientId: string | undefined) => boolean;
  /** The `WWW-Authenticate` value sent with a 401. */
  challenge: string;
  currentDate?: () => Date;
}

/** Only asymmetric algorithms: `none` and HMAC keyed with a public key are refused by construction. */
const ALLOWED_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** RFC 9068 access tokens say so in their header (Nextcloud: `at+JWT`); ID tokens (`JWT`) are refused. */
const ACCESS_TOKEN_TYPE = 'at+jwt';
const BEARER = /^Bearer ([\x21-\x7e]+)$/i;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
const MAX_TOKEN_LENGTH = 8192;

export function createBearerVerifier(options: BearerVerifierOptions): BearerVerifier {
  const refuse = (message: string, cause?: unknown) => new UnauthenticatedError(message, options.challenge, { cause });
  const verify = async (token: string, callerAddress?: string): Promise<VerifiedToken> => {
    const verified = await verifyToken(token, callerAddress);
    if (options.isTrustedClient && !options.isTrustedClient(verified.clientId)) {
      throw refuse('This access token belongs to a client that may not use this API.');
    }
    return verified;
  };
  const verifyToken = async (token: string, callerAddress?: string): Promise<VerifiedToken> => {
    if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) throw refuse('The access token is missing or too long.');
    if (!JWT_SHAPE.test(token)) {
      const introspected = options.introspect ? await options.introspect(token, callerAddress) : undefined;
      if (!introspected) throw refuse('The access token is not valid.');
      if (options.isIntendedFor && !options.isIntendedFor(introspected)) {
        throw refuse('The access token was not issued for this server.');
      }
      return {
        subject: introspected.subject,
        scopes: introspected.scopes,
        expiresAt: introspected.expiresAt,
        format: 'opaque',
        clientId: introspected.clientId,
      };
    }
    const jose = await loadJose();
    const payload = await verifySignedToken(token, options, jose.jwtVerify).catch((error: unknown) => {
      throw toVerificationError(error, refuse, jose.errors);
    });
    if (typeof payload.sub !== 'string' || payload.sub === '') throw refuse('The access token names no user.');
    return {
      subject: payload.sub,
      scopes: typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [],
      expiresAt: payload.exp === undefined ? undefined : new Date(payload.exp * 1000),
      issuedAt: payload.iat === undefined ? undefined : new Date(payload.iat * 1000),
      format: 'jwt',
      clientId: authorizedPartyOf(payload),
    };
  };
  return {
    challenge: options.challenge,
    verify,
    authenticate: async (authorization, callerAddress) => {
      const token = BEARER.exec(authorization ?? '')?.[1];
      if (!token) throw refuse('A Bearer access token is required.');
      return verify(token, callerAddress);
    },
  };
}

/** The authorized party: OpenID's `azp`, else RFC 9068's `client_id` (Nextcloud sends both); none when they differ. */
function authorizedPartyOf(payload: JWTPayload): string | undefined {
  const { azp, client_id: clientId } = payload;
  if (typeof azp === 'string' && typeof clientId === 'string' && azp !== clientId) return undefined;
  const party = azp ?? clientId;
  return typeof party === 'string' && party !== '' ? party : undefined;
}

/** Signature, `typ`, `exp` and `nbf` always; `iss` unless `skipIssuerCheck`; `aud` when one is expected. */
async function verifySignedToken(
  token: string,
  options: BearerVerifierOptions,
  jwtVerify: Jose['jwtVerify'],
): Promise<JWTPayload> {
  const { checks } = options;
  const { payload } = await jwtVerify(token, options.jwks.resolveKey, {
    algorithms: ALLOWED_ALGORITHMS,
    typ: ACCESS_TOKEN_TYPE,
    issuer: checks.skipIssuerCheck ? undefined : checks.issuer,
    audience: checks.audience,
    clockTolerance: 5,
    currentDate: options.currentDate?.(),
  });
  return payload;
}

function toVerificationError(
  error: unknown,
  refuse: (message: string, cause?: unknown) => Error,
  errors: Jose['errors'],
): unknown {
  // The provider's key set could not be read: its failure, not the caller's.
  if (error instanceof errors.JWKSInvalid || error instanceof errors.JWKSTimeout) {
    return new UpstreamError('The identity provider published no usable signing keys.', { cause: error });
  }
  if (!(error instanceof errors.JOSEError) && !(error instanceof TypeError)) return error;
  if (error instanceof errors.JWTExpired) return refuse('The access token has expired.', error);
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'typ') {
    return refuse('The token is not an access token.', error);
  }
  if (error instanceof errors.JWTClaimValidationFailed)
    return refuse('The access token was not issued for this server.', error);
  return refuse('The access token is not valid.', error);
}
