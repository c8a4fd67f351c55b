// A cached preview page without a round trip to Nextcloud: while the file's ETag was confirmed within
// PDF_PREVIEW_ETAG_TRUST_SECONDS the page is answered from the cache (and other pages from the downloaded PDF) without
// asking Nextcloud; after the window the ETag is asked again and a changed file shows. Confirmations are per user,
// bounded, and never trusted across a clock that went back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { createEtagConfirmations } from '../../src/preview/etag-confirmations.js';
import { buildPdf } from '../support/pdf-fixtures.js';
import { startPreviewApp, type PreviewApp } from '../support/preview-app.js';
import { APP_PASSWORD } from '../support/sidecar.js';

const WINDOW_MS = 15_000;
let nextcloud: PlatformDouble;
let files: FilesDouble;
let trusting: PreviewApp;
let asking: PreviewApp;
let now = 1_800_000_000_000;

beforeAll(async () => {
  files = createFilesApp();
  nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [files] });
  const base = { nextcloudUrl: nextcloud.url, userId: 'alice', appPassword: APP_PASSWORD };
  trusting = await startPreviewApp({ ...base, etagTrustMs: WINDOW_MS, clock: () => now });
  asking = await startPreviewApp(base);
});
afterAll(async () => {
  await Promise.all([trusting.close(), asking.close()]);
  await nextcloud.close();
});

/** The answer to a preview request and the requests Nextcloud saw meanwhile ("METHOD path"). */
async function preview(app: PreviewApp, query: string) {
  const before = nextcloud.requests.length;
  const response = await fetch(`${app.url}/api/v1/pdf-preview?${query}`);
  const body = (await response.json()) as { total_pages: number };
  const asked = nextcloud.requests.slice(before).map((request) => request.method);
  return { status: response.status, body, asked, timing: response.headers.get('server-timing') ?? '' };
}

describe('a preview within the ETag trust window', () => {
  it('answers a cached page without asking Nextcloud, and says the ETag was trusted', async () => {
    files.seedFile('alice', 'Trust/cached.pdf', Buffer.from(buildPdf(['One', 'Two'])));
    const first = await preview(trusting, 'file_path=/Trust/cached.pdf&page=1');
    now += WINDOW_MS - 1;

    const again = await preview(trusting, 'file_path=/Trust/cached.pdf&page=1');

    expect(first.asked).toEqual(['PROPFIND', 'GET']);
    expect([again.status, again.asked]).toEqual([200, []]);
    expect(again.timing).toBe('etag-check;dur=0.00;desc="trusted"');
  });

  it('renders another page from the PDF downloaded before, still without asking', async () => {
    files.seedFile('alice', 'Trust/paged.pdf', Buffer.from(buildPdf(['One', 'Two', 'Three'])));
    await preview(trusting, 'file_path=/Trust/paged.pdf&page=1');

    const next = await preview(trusting, 'file_path=/Trust/paged.pdf&page=3');

    expect([next.status, next.body.total_pages, next.asked]).toEqual([200, 3, []]);
  });

  it('asks Nextcloud again once the window has passed, and shows a file changed meanwhile', async () => {
    files.seedFile('alice', 'Trust/changing.pdf', Buffer.from(buildPdf(['One'])));
    await preview(trusting, 'file_path=/Trust/changing.pdf');
    files.seedFile('alice', 'Trust/changing.pdf', Buffer.from(buildPdf(['One', 'and a new page'])));
    const within = await preview(trusting, 'file_path=/Trust/changing.pdf');
    now += WINDOW_MS;

    const after = await preview(trusting, 'file_path=/Trust/changing.pdf');

    expect([within.body.total_pages, within.asked]).toEqual([1, []]);
    expect([after.body.total_pages, after.asked]).toEqual([2, ['PROPFIND', 'GET']]);
  });

  it('asks Nextcloud for every preview when the window is 0', async () => {
    files.seedFile('alice', 'Trust/asked.pdf', Buffer.from(buildPdf(['One'])));
    await preview(asking, 'file_path=/Trust/asked.pdf');

    const again = await preview(asking, 'file_path=/Trust/asked.pdf');

    expect(again.asked).toEqual(['PROPFIND']);
    expect(again.timing).toMatch(/^etag-check;dur=[\d.]+$/);
  });
});

describe('ETag confirmations', () => {
  it('are trusted for the user and the file confirmed, within the window only', () => {
    const confirmations = createEtagConfirmations(1000);
    confirmations.confirm('alice', '/a.pdf', 'e1', 5000);

    expect(confirmations.trusted('alice', '/a.pdf', 5999)).toBe('e1');
    expect(confirmations.trusted('alice', '/a.pdf', 6000)).toBeUndefined();
    expect(confirmations.trusted('bob', '/a.pdf', 5500)).toBeUndefined();
    expect(confirmations.trusted('alice', '/b.pdf', 5500)).toBeUndefined();
    expect(confirmations.trusted('alice', '/a.pdf', 4999)).toBeUndefined();
  });

  it('keep at most their bound, the least recently confirmed going first', () => {
    const confirmations = createEtagConfirmations(1000, 2);
    confirmations.confirm('alice', '/1', 'a', 0);
    confirmations.confirm('alice', '/2', 'b', 0);
    confirmations.confirm('alice', '/1', 'a', 1);
    confirmations.confirm('alice', '/3', 'c', 2);

    expect(['/1', '/2', '/3'].map((path) => confirmations.trusted('alice', path, 3))).toEqual(['a', undefined, 'c']);
  });
});
