// The cache of downloaded PDFs on its own, with real files in a temporary folder: one download per version shared by
// callers at once, a file in use never deleted under its reader, the byte cap, idle expiry, newer versions and close.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DownloadedPdf } from '../../src/preview/pdf-download.js';
import { createPdfFileCache, type PdfFileKey } from '../../src/preview/pdf-file-cache.js';
import { until } from '../support/knowledge-sidecar.js';

let dir: string;
let downloads: number;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pdf-file-cache-test-'));
  downloads = 0;
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A download that writes `size` bytes to a new file; the ETag of the bytes is `etag` (the key's by default). */
function downloadOf(key: PdfFileKey, size = 100, etag = key.etag, delayMs = 0): () => Promise<DownloadedPdf> {
  return async () => {
    downloads += 1;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const filePath = join(dir, `${downloads}.pdf`);
    writeFileSync(filePath, Buffer.alloc(size));
    return { filePath, size, etag, remove: () => rm(filePath, { force: true }) };
  };
}

const report = (etag: string | null = 'v1'): PdfFileKey => ({ userId: 'alice', path: '/report.pdf', etag });
const other = (name: string): PdfFileKey => ({ userId: 'alice', path: `/${name}.pdf`, etag: 'v1' });

describe('the PDF file cache', () => {
  it('downloads a version once, for callers one after the other and at once', async () => {
    const cache = createPdfFileCache({ maxBytes: 1000, idleMs: 60_000 });
    const atOnce = await Promise.all([1, 2, 3].map(() => cache.acquire(report(), downloadOf(report(), 100, 'v1', 20))));
    atOnce.forEach((lease) => lease.release());
    const later = await cache.acquire(report(), downloadOf(report()));

    expect([downloads, new Set([...atOnce, later].map((lease) => lease.filePath)).size, cache.size()]).toEqual([
      1, 1, 100,
    ]);
    later.release();
    await cache.close();
  });

  it('never reuses a file for another ETag, another path or another user, and forgets the older version', async () => {
    const cache = createPdfFileCache({ maxBytes: 1000, idleMs: 60_000 });
    const first = await cache.acquire(report('v1'), downloadOf(report('v1')));
    first.release();

    const keys = [report('v2'), other('notes'), { ...report('v1'), userId: 'bob' }];
    const leases = [];
    for (const key of keys) leases.push(await cache.acquire(key, downloadOf(key)));
    leases.forEach((lease) => lease.release());
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect([downloads, existsSync(first.filePath), leases.map((lease) => lease.etag)]).toEqual([
      4,
      false,
      ['v2', 'v1', 'v1'],
    ]);
    await cache.close();
  });

  it('keeps nothing without an ETag', async () => {
    const cache = createPdfFileCache({ maxBytes: 1000, idleMs: 60_000 });
    const first = await cache.acquire(report(null), downloadOf(report(null)));
    first.release();
    const second = await cache.acquire(report(null), downloadOf(report(null)));
    second.release();
    await cache.close();

    expect([downloads, cache.size(), existsSync(first.filePath), existsSync(second.filePath)]).toEqual([
      2,
      0,
      false,
      false,
    ]);
  });

  it('evicts the least recently used file past the byte cap, but only once its reader is done', async () => {
    const cache = createPdfFileCache({ maxBytes: 250, idleMs: 60_000 });
    const a = await cache.acquire(other('a'), downloadOf(other('a')));
    const b = await cache.acquire(other('b'), downloadOf(other('b')));
    b.release();

    const c = await cache.acquire(other('c'), downloadOf(other('c')));
    const whileRead = existsSync(a.filePath);
    a.release();
    // The file goes once its reader is done; the unlink itself is asynchronous.
    await until('the released file is gone', () => !existsSync(a.filePath), { timeoutMs: 5000, intervalMs: 10 });

    expect([whileRead, existsSync(a.filePath), existsSync(b.filePath), cache.size()]).toEqual([true, false, true, 200]);
    await cache.close();
    c.release();
    await until('closed, every file is gone', () => !existsSync(b.filePath) && !existsSync(c.filePath), {
      timeoutMs: 5000,
      intervalMs: 10,
    });
    expect([existsSync(b.filePath), existsSync(c.filePath)]).toEqual([false, false]);
  });

  it('keeps at most maxFiles files, however small', async () => {
    const cache = createPdfFileCache({ maxBytes: 1000, idleMs: 60_000, maxFiles: 2 });
    const leases = [];
    for (const name of ['a', 'b', 'c']) leases.push(await cache.acquire(other(name), downloadOf(other(name), 10)));
    leases.forEach((lease) => lease.release());
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect([leases.map((lease) => existsSync(lease.filePath)), cache.size()]).toEqual([[false, true, true], 20]);
    await cache.close();
  });

  it('keeps no file larger than the cap and deletes it after use', async () => {
    const cache = createPdfFileCache({ maxBytes: 50, idleMs: 60_000 });
    const lease = await cache.acquire(report(), downloadOf(report()));
    lease.release();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect([cache.size(), existsSync(lease.filePath)]).toEqual([0, false]);
  });

  it('deletes a file nobody used for the idle time, and not one in use', async () => {
    const cache = createPdfFileCache({ maxBytes: 1000, idleMs: 50 });
    const idle = await cache.acquire(other('idle'), downloadOf(other('idle')));
    idle.release();
    const busy = await cache.acquire(other('busy'), downloadOf(other('busy')));
    await new Promise((resolve) => setTimeout(resolve, 150));

    expect([existsSync(idle.filePath), existsSync(busy.filePath), cache.size()]).toEqual([false, true, 100]);
    busy.release();
    await cache.close();
  });

  it('deletes every file on close, and keeps none downloaded after', async () => {
    const cache = createPdfFileCache({ maxBytes: 1000, idleMs: 60_000 });
    const kept = await cache.acquire(other('a'), downloadOf(other('a')));
    kept.release();

    await cache.close();
    const late = await cache.acquire(other('b'), downloadOf(other('b')));
    late.release();
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect([existsSync(kept.filePath), existsSync(late.filePath), cache.size()]).toEqual([false, false, 0]);
  });

  it('passes a failed download to every caller waiting for it and keeps nothing', async () => {
    const cache = createPdfFileCache({ maxBytes: 1000, idleMs: 60_000 });
    const failing = async (): Promise<DownloadedPdf> => {
      downloads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('no such file');
    };

    const outcomes = await Promise.allSettled([cache.acquire(report(), failing), cache.acquire(report(), failing)]);
    const retry = await cache.acquire(report(), downloadOf(report()));
    retry.release();
    await cache.close();

    expect([outcomes.map((outcome) => outcome.status), downloads]).toEqual([['rejected', 'rejected'], 2]);
  });
});
