// Errors a sync source raises about the source as a whole (not one document), for the engine to show in the status,
// and how the engine tells Nextcloud being unreachable from an answer about one document.
import { UpstreamError } from '../../errors.js';

/** The app behind a source is not there for this user (not installed or not enabled): nothing to sync, no retry. */
export class SourceUnavailableError extends Error {
  constructor(
    /** The app's name as users know it, e.g. "Notes". */
    readonly app: string,
  ) {
    super(`${app} is not enabled for this account in Nextcloud.`);
    this.name = 'SourceUnavailableError';
  }
}

/** Nextcloud timed out or could not be reached at all (a network error, not an answer about this document). */
export function nextcloudUnreachable(error: unknown): boolean {
  if (!(error instanceof UpstreamError)) return false;
  return error.code === 'upstream_timeout' || typeof (error.cause as { code?: unknown } | undefined)?.code === 'string';
}
