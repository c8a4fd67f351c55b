// Bounded label values shared by the metrics: HTTP methods and the outcome of a failure (its error code).
import { AppError } from '../errors.js';

const KNOWN_METHODS = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'REPORT',
  'SEARCH',
  'LOCK',
  'UNLOCK',
]);

/** The method as a label: a known verb in upper case, anything else `OTHER` (clients choose methods freely). */
export function methodLabel(method: string | undefined): string {
  const upper = (method ?? 'GET').toUpperCase();
  return KNOWN_METHODS.has(upper) ? upper : 'OTHER';
}

/** `ok`, or the error's code from the error table (errors.ts); anything that is not ours is `internal`. */
export function outcomeLabel(error: unknown): string {
  if (error === undefined) return 'ok';
  return error instanceof AppError ? error.code : 'internal';
}
