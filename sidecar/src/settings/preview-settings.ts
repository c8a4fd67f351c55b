// Settings of the PDF preview (GET /api/v1/pdf-preview).
import { parsePositiveInteger } from './parsers.js';

export interface PreviewSettings {
  /** PDF_PREVIEW_MAX_BYTES (default 100 MiB, at most 1 GiB): larger PDFs are refused (413) while downloading. */
  maxBytes: number;
  /** PDF_PREVIEW_FILE_CACHE_BYTES (default 512 MiB; 0 keeps none): downloaded PDFs kept on disk, in bytes. */
  fileCacheBytes: number;
  /** PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS (default 300, at most a day) in ms: a kept PDF unused this long goes. */
  fileCacheIdleMs: number;
  /**
   * PDF_PREVIEW_ETAG_TRUST_SECONDS (default 15, at most 300; 0 asks every time) in ms: a PDF whose ETag Nextcloud
   * confirmed this recently is previewed without asking again, so a change shows after at most this long.
   */
  etagTrustMs: number;
  /** PDF_PREVIEW_MAX_IN_FLIGHT (default 8, at most 64): previews of all users downloading or rendering at once. */
  maxInFlight: number;
  /**
   * PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER (default 1, below PDF_PREVIEW_MAX_IN_FLIGHT): previews of one user downloading
   * or rendering at once; their next ones wait their turn, so one user never takes the slots of the others.
   */
  maxInFlightPerUser: number;
  /**
   * PDF_PREVIEW_FAILURE_MEMORY_SECONDS (default 600, at most a day; 0 forgets at once) in ms: a page of a file version
   * that timed out or could not be rendered is answered with the same error for this long instead of rendered again.
   */
  failureMemoryMs: number;
}

export const DEFAULT_PREVIEW_MAX_BYTES = 100 * 1024 * 1024;
const MAX_PREVIEW_MAX_BYTES = 1024 * 1024 * 1024;
export const DEFAULT_FILE_CACHE_BYTES = 512 * 1024 * 1024;
export const DEFAULT_FILE_CACHE_IDLE_SECONDS = 300;
const MAX_FILE_CACHE_IDLE_SECONDS = 24 * 60 * 60;
export const DEFAULT_ETAG_TRUST_SECONDS = 15;
const MAX_ETAG_TRUST_SECONDS = 300;
export const DEFAULT_MAX_IN_FLIGHT = 8;
const MAX_MAX_IN_FLIGHT = 64;
export const DEFAULT_MAX_IN_FLIGHT_PER_USER = 1;
export const DEFAULT_FAILURE_MEMORY_SECONDS = 600;
const MAX_FAILURE_MEMORY_SECONDS = 24 * 60 * 60;

export function parsePreviewSettings(read: (name: string) => string | undefined, problems: string[]): PreviewSettings {
  const maxBytes = parsePositiveInteger('PDF_PREVIEW_MAX_BYTES', read('PDF_PREVIEW_MAX_BYTES'), problems);
  if (maxBytes !== undefined && maxBytes > MAX_PREVIEW_MAX_BYTES) {
    problems.push(`PDF_PREVIEW_MAX_BYTES must be at most ${MAX_PREVIEW_MAX_BYTES} (1 GiB).`);
  }
  const rawCacheBytes = read('PDF_PREVIEW_FILE_CACHE_BYTES');
  const fileCacheBytes =
    rawCacheBytes === '0' ? 0 : parsePositiveInteger('PDF_PREVIEW_FILE_CACHE_BYTES', rawCacheBytes, problems);
  const idleSeconds = parsePositiveInteger(
    'PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS',
    read('PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS'),
    problems,
  );
  if (idleSeconds !== undefined && idleSeconds > MAX_FILE_CACHE_IDLE_SECONDS) {
    problems.push(`PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS must be at most ${MAX_FILE_CACHE_IDLE_SECONDS} (a day).`);
  }
  const rawTrust = read('PDF_PREVIEW_ETAG_TRUST_SECONDS');
  const trustSeconds =
    rawTrust === '0' ? 0 : parsePositiveInteger('PDF_PREVIEW_ETAG_TRUST_SECONDS', rawTrust, problems);
  if (trustSeconds !== undefined && trustSeconds > MAX_ETAG_TRUST_SECONDS) {
    problems.push(`PDF_PREVIEW_ETAG_TRUST_SECONDS must be at most ${MAX_ETAG_TRUST_SECONDS} (five minutes).`);
  }
  return {
    ...parseInFlight(read, problems),
    failureMemoryMs: parseFailureMemorySeconds(read('PDF_PREVIEW_FAILURE_MEMORY_SECONDS'), problems) * 1000,
    maxBytes: Math.min(maxBytes ?? DEFAULT_PREVIEW_MAX_BYTES, MAX_PREVIEW_MAX_BYTES),
    etagTrustMs: Math.min(trustSeconds ?? DEFAULT_ETAG_TRUST_SECONDS, MAX_ETAG_TRUST_SECONDS) * 1000,
    fileCacheBytes: fileCacheBytes ?? DEFAULT_FILE_CACHE_BYTES,
    fileCacheIdleMs: Math.min(idleSeconds ?? DEFAULT_FILE_CACHE_IDLE_SECONDS, MAX_FILE_CACHE_IDLE_SECONDS) * 1000,
  };
}

/** The bounds of previews in flight: in all, and per user strictly below it (one user never takes every slot). */
function parseInFlight(
  read: (name: string) => string | undefined,
  problems: string[],
): Pick<PreviewSettings, 'maxInFlight' | 'maxInFlightPerUser'> {
  const total = parsePositiveInteger('PDF_PREVIEW_MAX_IN_FLIGHT', read('PDF_PREVIEW_MAX_IN_FLIGHT'), problems);
  if (total !== undefined && (total < 2 || total > MAX_MAX_IN_FLIGHT)) {
    problems.push(`PDF_PREVIEW_MAX_IN_FLIGHT must be between 2 and ${MAX_MAX_IN_FLIGHT} (got ${total}).`);
  }
  const maxInFlight = Math.min(Math.max(total ?? DEFAULT_MAX_IN_FLIGHT, 2), MAX_MAX_IN_FLIGHT);
  const perUser = parsePositiveInteger(
    'PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER',
    read('PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER'),
    problems,
  );
  if (perUser !== undefined && perUser >= maxInFlight) {
    problems.push(
      `PDF_PREVIEW_MAX_IN_FLIGHT_PER_USER must be below PDF_PREVIEW_MAX_IN_FLIGHT (${maxInFlight}), ` +
        `so one user never takes every preview slot (got ${perUser}).`,
    );
  }
  return { maxInFlight, maxInFlightPerUser: Math.min(perUser ?? DEFAULT_MAX_IN_FLIGHT_PER_USER, maxInFlight - 1) };
}

function parseFailureMemorySeconds(raw: string | undefined, problems: string[]): number {
  const seconds = raw === '0' ? 0 : parsePositiveInteger('PDF_PREVIEW_FAILURE_MEMORY_SECONDS', raw, problems);
  if (seconds !== undefined && seconds > MAX_FAILURE_MEMORY_SECONDS) {
    problems.push(`PDF_PREVIEW_FAILURE_MEMORY_SECONDS must be at most ${MAX_FAILURE_MEMORY_SECONDS} (a day).`);
  }
  return Math.min(seconds ?? DEFAULT_FAILURE_MEMORY_SECONDS, MAX_FAILURE_MEMORY_SECONDS);
}
