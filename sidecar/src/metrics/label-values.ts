// What the metrics share: bounded label values (HTTP methods, the outcome of a failure: its error code) and the
// latency buckets of HTTP requests, in and out.
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

/** Seconds: from a fast local answer (5 ms) to the slowest request a timeout allows (30 s). */
export const HTTP_LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
