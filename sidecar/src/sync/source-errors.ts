// Errors a sync source raises about the source as a whole (not one document), for the engine to show in the status.

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
