// Settings of reading Office, OpenDocument, RTF, HTML, EPUB and e-mail documents for the knowledge index: the time
// box of a document and the bounds of a zip container (entries, bytes its entries may expand to).
import { parsePositiveInteger } from './parsers.js';

export interface DocumentTextSettings {
  /** KNOWLEDGE_DOCUMENT_TIMEOUT (seconds, default 30, at most 600) in ms: a document read for longer is skipped. */
  timeoutMs: number;
  /** KNOWLEDGE_DOCUMENT_MAX_ENTRIES (default 10,000, at most 1,000,000): a zip container with more is skipped. */
  maxEntries: number;
  /** KNOWLEDGE_DOCUMENT_MAX_EXPANDED_MB (default 200, at most 2048) in bytes: what a container's entries may expand to. */
  maxExpandedBytes: number;
}

const MAX_TIMEOUT_SECONDS = 600;
const MAX_ENTRIES = 1_000_000;
const MAX_EXPANDED_MB = 2048;

export function parseDocumentTextSettings(
  read: (name: string) => string | undefined,
  problems: string[],
): DocumentTextSettings {
  const bounded = (name: string, fallback: number, max: number) => {
    const value = parsePositiveInteger(name, read(name), problems) ?? fallback;
    if (value > max) problems.push(`${name} must be at most ${max} (got ${value}).`);
    return Math.min(value, max);
  };
  return {
    timeoutMs: bounded('KNOWLEDGE_DOCUMENT_TIMEOUT', 30, MAX_TIMEOUT_SECONDS) * 1000,
    maxEntries: bounded('KNOWLEDGE_DOCUMENT_MAX_ENTRIES', 10_000, MAX_ENTRIES),
    maxExpandedBytes: bounded('KNOWLEDGE_DOCUMENT_MAX_EXPANDED_MB', 200, MAX_EXPANDED_MB) * 1024 * 1024,
  };
}
