// The bounds of reading one document's text in the extraction worker: characters kept, time, and for zip containers
// (Office Open XML, OpenDocument, EPUB) the entries and the bytes they may expand to.
import { ExtractionRefusedError, REFUSAL_REASONS } from './extraction-refusal.js';

export interface ExtractionLimits {
  /** Characters of text kept at most; the rest is left out and the document marked as cut. */
  maxTextChars: number;
  /** Entries a zip container may list at most (more: `too many entries`). */
  maxEntries: number;
  /** Bytes the entries read from a zip container may expand to in all (more: `zip bomb`). */
  maxExpandedBytes: number;
  /** Expanded size over compressed size an entry larger than a mebibyte may reach (more: `zip bomb`). */
  maxCompressionRatio: number;
  /** Milliseconds the worker reads at most before it gives up on its own (`took too long to read`). */
  timeoutMs: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxTextChars: 5_000_000,
  maxEntries: 10_000,
  maxExpandedBytes: 200 * 1024 * 1024,
  maxCompressionRatio: 100,
  timeoutMs: 30_000,
};

/** A deadline extractors check between steps (entries, parser chunks): past it they give up with `timeout`. */
export interface Deadline {
  check(): void;
}

export function createDeadline(timeoutMs: number, now: () => number = () => performance.now()): Deadline {
  const end = now() + timeoutMs;
  return {
    check: () => {
      if (now() > end) throw new ExtractionRefusedError(REFUSAL_REASONS.timeout);
    },
  };
}
