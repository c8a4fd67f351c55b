// Why a document's text cannot be read: short, stable reasons (the sync status counts skipped documents by them and
// the search page puts them in words), thrown inside the extraction worker and turned into skips outside it.

/** Every reason a document's text is refused; the companion's left-out list knows each one. */
export const REFUSAL_REASONS = {
  corrupt: 'corrupt file',
  encrypted: 'encrypted',
  zipBomb: 'zip bomb',
  tooManyEntries: 'too many entries',
  timeout: 'took too long to read',
  memory: 'needs too much memory',
  notText: 'not text',
} as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[keyof typeof REFUSAL_REASONS];

/** Thrown by an extractor for a document it refuses; anything else thrown while extracting counts as corrupt. */
export class ExtractionRefusedError extends Error {
  constructor(readonly reason: RefusalReason) {
    super(`The document's text cannot be read: ${reason}.`);
    this.name = 'ExtractionRefusedError';
  }
}

/** The reason itself when `text` is one, else undefined (a failure message from the worker is matched back). */
export function asRefusalReason(text: string): RefusalReason | undefined {
  return (Object.values(REFUSAL_REASONS) as string[]).includes(text) ? (text as RefusalReason) : undefined;
}
