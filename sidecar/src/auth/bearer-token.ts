// Extracts the token of an `Authorization: Bearer …` header.
import { UnauthenticatedError } from '../errors.js';

const BEARER = /^Bearer ([\x21-\x7e]+)$/i;

/** Throws UnauthenticatedError with `challenge` (the WWW-Authenticate value) when there is no Bearer token. */
export function extractBearerToken(header: string | undefined, challenge: string): string {
  const token = BEARER.exec(header ?? '')?.[1];
  if (!token) throw new UnauthenticatedError('A Bearer access token is required.', challenge);
  return token;
}
