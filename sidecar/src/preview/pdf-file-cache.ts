// Downloaded PDFs kept on disk for a while, so that paging through one version of a file downloads it once: keyed by
// user + path + ETag, bounded in bytes (least recently used out first), deleted when evicted, idle too long, replaced
// by a newer version or closed; callers asking for the same version at once share one download.
import { rm } from 'node:fs/promises';
import type { DownloadedPdf } from './pdf-download.js';

export interface PdfFileKey {
  userId: string;
  path: string;
  /** The ETag Nextcloud gave for the file; null (none given) is never shared nor kept. */
  etag: string | null;
}

/** A downloaded PDF in use: its file stays on disk at least until `release`. */
export interface PdfFileLease {
  filePath: string;
  /** The ETag of the bytes downloaded (may be newer than the key's when the file changed in between). */
  etag: string | null;
  /** Call once, after the last read of the file. */
  release(): void;
}

export interface PdfFileCache {
  /** The file of that version: kept on disk, being downloaded by another caller, or fetched now by `download`. */
  acquire(key: PdfFileKey, download: () => Promise<DownloadedPdf>): Promise<PdfFileLease>;
  /** Bytes of the files kept now (never more than `maxBytes` once the files in use are released). */
  size(): number;
  /** Deletes every kept file (files in use as soon as they are released); later files are never kept. */
  close(): Promise<void>;
}

export interface PdfFileCacheOptions {
  /** PDF_PREVIEW_FILE_CACHE_BYTES; 0 keeps none. */
  maxBytes: number;
  /** PDF_PREVIEW_FILE_CACHE_IDLE_SECONDS in ms: a file nobody asked for this long is deleted. */
  idleMs: number;
  /** Files kept at most, however small (default 1,000). */
  maxFiles?: number;
}

export const DEFAULT_MAX_CACHED_PDFS = 1000;

interface Entry {
  id: string;
  userId: string;
  path: string;
  filePath: string;
  size: number;
  etag: string | null;
  /** Leases not released yet. */
  users: number;
  /** In `kept` (counted in the bytes); a file no longer kept is deleted once its last lease is released. */
  kept: boolean;
  idle?: NodeJS.Timeout;
}

interface Flight {
  /** Callers waiting for this download, the one that started it included. */
  waiters: { count: number };
  entry: Promise<Entry>;
}

export function createPdfFileCache(options: PdfFileCacheOptions): PdfFileCache {
  // A Map keeps insertion order: re-inserting on every use makes its first entry the least recently used.
  const kept = new Map<string, Entry>();
  const flights = new Map<string, Flight>();
  const deletions = new Set<Promise<void>>();
  let bytes = 0;
  let closed = false;
  const maxFiles = options.maxFiles ?? DEFAULT_MAX_CACHED_PDFS;

  const deleteFile = (entry: Entry): void => {
    const deletion = rm(entry.filePath, { force: true }).catch(() => undefined);
    deletions.add(deletion);
    void deletion.finally(() => deletions.delete(deletion));
  };
  const evict = (entry: Entry): void => {
    if (!entry.kept) return;
    kept.delete(entry.id);
    bytes -= entry.size;
    entry.kept = false;
    clearTimeout(entry.idle);
    if (entry.users === 0) deleteFile(entry);
  };
  const keep = (entry: Entry): void => {
    // A newer version makes the older ones useless: they go at once.
    for (const other of kept.values()) {
      if (other.userId === entry.userId && other.path === entry.path) evict(other);
    }
    kept.set(entry.id, entry);
    entry.kept = true;
    bytes += entry.size;
    for (const oldest of kept.values()) {
      if (bytes <= options.maxBytes && kept.size <= maxFiles) break;
      evict(oldest);
    }
  };
  const lease = (entry: Entry): PdfFileLease => {
    let released = false;
    return {
      filePath: entry.filePath,
      etag: entry.etag,
      release: () => {
        if (released) return;
        released = true;
        entry.users -= 1;
        if (entry.users > 0) return;
        if (!entry.kept) deleteFile(entry);
        else entry.idle = setTimeout(() => evict(entry), options.idleMs).unref();
      },
    };
  };
  const fetchEntry = async (key: PdfFileKey, waiters: Flight['waiters'], download: () => Promise<DownloadedPdf>) => {
    const id = fileId(key);
    try {
      const pdf = await download();
      // Stored under the ETag of the bytes read: a file changed since the caller's ETag check is the newer version.
      const entry: Entry = {
        id: fileId({ ...key, etag: pdf.etag }),
        userId: key.userId,
        path: key.path,
        filePath: pdf.filePath,
        size: pdf.size,
        etag: pdf.etag,
        users: waiters.count,
        kept: false,
      };
      const storable = !closed && pdf.etag !== null && key.etag !== null && pdf.size <= options.maxBytes;
      if (storable && !kept.has(entry.id)) keep(entry);
      return entry;
    } finally {
      flights.delete(id);
    }
  };

  return {
    acquire: async (key, download) => {
      const id = fileId(key);
      const found = key.etag === null ? undefined : kept.get(id);
      if (found !== undefined) {
        kept.delete(id);
        kept.set(id, found);
        clearTimeout(found.idle);
        found.users += 1;
        return lease(found);
      }
      let flight = key.etag === null ? undefined : flights.get(id);
      if (flight === undefined) {
        const waiters = { count: 0 };
        flight = { waiters, entry: fetchEntry(key, waiters, download) };
        if (key.etag !== null) flights.set(id, flight);
      }
      flight.waiters.count += 1;
      return lease(await flight.entry);
    },
    size: () => bytes,
    close: async () => {
      closed = true;
      for (const entry of kept.values()) evict(entry);
      await Promise.all(deletions);
    },
  };
}

function fileId(key: PdfFileKey): string {
  return JSON.stringify([key.userId, key.path, key.etag]);
}
