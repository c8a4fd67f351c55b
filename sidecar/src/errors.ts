// The sidecar's own errors: each has a stable code, an HTTP status and a message that is safe to show.

/** Every code an error answer can carry: clients branch on it (openapi.json lists the same set, a test compares). */
export const ERROR_CODES = [
  'invalid_input',
  'payload_too_large',
  'unsupported_media_type',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'sign_in_failed',
  'upstream_error',
  'upstream_timeout',
  'unavailable',
  'internal_error',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export abstract class AppError extends Error {
  abstract readonly code: ErrorCode;
  abstract readonly status: number;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends AppError {
  readonly code = 'invalid_input';
  readonly status = 400;
}

export class PayloadTooLargeError extends AppError {
  readonly code = 'payload_too_large';
  readonly status = 413;
}

export class UnsupportedMediaTypeError extends AppError {
  readonly code = 'unsupported_media_type';
  readonly status = 415;
}

export class UnauthenticatedError extends AppError {
  readonly code = 'unauthenticated';
  readonly status = 401;

  /** `challenge` is the WWW-Authenticate value sent with the 401. */
  constructor(
    message: string,
    readonly challenge = 'Basic realm="nextcloud-mcp-server", charset="UTF-8"',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class ForbiddenError extends AppError {
  readonly code = 'forbidden';
  readonly status = 403;
}

export class NotFoundError extends AppError {
  readonly code = 'not_found';
  readonly status = 404;
}

export class RateLimitedError extends AppError {
  readonly code = 'rate_limited';
  readonly status = 429;

  constructor(readonly retryAfterSeconds: number) {
    super('Too many attempts; try again later.');
  }
}

/** Nextcloud or the identity provider failed (502) or timed out (504). */
export class UpstreamError extends AppError {
  readonly code: 'upstream_error' | 'upstream_timeout';
  readonly status: 502 | 504;

  constructor(message: string, options: { timedOut?: boolean; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.code = options.timedOut ? 'upstream_timeout' : 'upstream_error';
    this.status = options.timedOut ? 504 : 502;
  }
}

/** The browser sign-in (/oauth/callback) cannot be completed: expired, forged, refused or incomplete. */
export class SignInError extends AppError {
  readonly code = 'sign_in_failed';
  readonly status = 400;
}

/** The identity provider no longer accepts the sidecar's client (expired, or deleted after that): register again. */
export class InvalidClientError extends UpstreamError {
  constructor() {
    super('The identity provider no longer accepts this client.');
  }
}

/** The identity provider refused a grant (refresh token, code) as invalid, expired or already used. */
export class InvalidGrantError extends UpstreamError {
  constructor() {
    super('The identity provider refused the grant.');
  }
}

/** The service cannot do this right now (a dependency is not ready). */
export class UnavailableError extends AppError {
  readonly code = 'unavailable';
  readonly status = 503;
}

/** The item changed since the caller read it (a failed If-Match), or already exists. */
export class ConflictError extends AppError {
  readonly code = 'conflict';
  readonly status = 409;
}
