// A refusal of the tables double: an HTTP status and Tables' `{message}` body, or an empty body.
export class TablesError extends Error {
  constructor(
    readonly status: number,
    /** undefined sends an empty body. */
    readonly body?: { message: string },
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}
