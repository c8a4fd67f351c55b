// GET /api/v1/pdf-preview against the files double with PDFs made by the tests: the page asked for is rendered at
// its scale, bad pages, files and paths get clear 400s (traversal never reaches Nextcloud), missing files 404,
// oversized ones 413 before any download, and rendered pages come from the cache until the file changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { buildLargePdf, buildPdf, corruptPdf } from '../support/pdf-fixtures.js';
import { startPreviewApp, type PreviewApp } from '../support/preview-app.js';
import { APP_PASSWORD } from '../support/sidecar.js';

const BOB_PASSWORD = 'QrStU-12345-vWxYz-67890-AbCdE';
let nextcloud: PlatformDouble;
let files: FilesDouble;
let preview: PreviewApp;
let smallCap: PreviewApp;

beforeAll(async () => {
  files = createFilesApp();
  nextcloud = await startPlatformDouble({
    users: [
      { id: 'alice', appPasswords: [APP_PASSWORD] },
      { id: 'bob', appPasswords: [BOB_PASSWORD] },
    ],
    apps: [files],
  });
  files.seedFile('alice', 'Documents/report.pdf', Buffer.from(buildPdf(['First page', 'Second page', 'Third'])));
  files.seedFile('alice', 'Documents/picture.pdf', Buffer.from(buildPdf([{ image: true }])));
  files.seedFile('alice', 'Documents/notes.txt', 'Plain text, not a PDF at all.');
  files.seedFile('alice', 'Documents/broken.pdf', Buffer.from(corruptPdf()));
  files.seedFile('alice', 'Documents/secret.pdf', Buffer.from(buildPdf(['hidden'], { userPassword: 'pw' })));
  files.seedFile('alice', 'Documents/big.pdf', Buffer.from(buildLargePdf(0.5, 1)));
  files.seedFile('alice', 'Über uns/Jahres bericht & Plan.pdf', Buffer.from(buildPdf(['Umlauts'])));
  files.seedFile('bob', 'Private/bob.pdf', Buffer.from(buildPdf(['Bob only'])));
  preview = await startPreviewApp({ nextcloudUrl: nextcloud.url, userId: 'alice', appPassword: APP_PASSWORD });
  smallCap = await startPreviewApp({
    nextcloudUrl: nextcloud.url,
    userId: 'alice',
    appPassword: APP_PASSWORD,
    maxBytes: 64 * 1024,
  });
});
afterAll(async () => {
  await Promise.all([preview.close(), smallCap.close()]);
  await nextcloud.close();
});

/** GET with a raw query string (kept as written: encoded forms reach the sidecar as they are). */
function get(app: PreviewApp, query: string, headers: Record<string, string> = {}) {
  return fetch(`${app.url}/api/v1/pdf-preview?${query}`, { headers });
}

async function json(response: Response): Promise<Record<string, unknown>> {
  return (await response.json()) as Record<string, unknown>;
}

/** Width and height from a PNG's IHDR chunk; undefined when the bytes are no PNG. */
function pngSize(base64: string): { width: number; height: number } | undefined {
  const bytes = Buffer.from(base64, 'base64');
  if (!bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('GET /api/v1/pdf-preview renders', () => {
  it('answers the page asked for as a PNG with its number, the page count and its size', async () => {
    const response = await get(preview, 'file_path=/Documents/report.pdf&page=2&scale=1');

    const body = await json(response);
    expect(response.status).toBe(200);
    expect({ ...body, image: pngSize(String(body.image)) }).toEqual({
      image: { width: 595, height: 842 },
      mime_type: 'image/png',
      page_number: 2,
      total_pages: 3,
      width: 595,
      height: 842,
    });
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(response.headers.get('server-timing')).toMatch(/^etag-check;dur=\d+\.\d\d$/);
  });

  it('renders in proportion to the scale, at 2.0 by default and on page 1 by default', async () => {
    const [byDefault, half] = await Promise.all([
      get(preview, 'file_path=Documents/picture.pdf').then(json),
      get(preview, 'file_path=/Documents/picture.pdf&scale=0.5').then(json),
    ]);

    expect([byDefault, half].map((body) => [body.page_number, body.width, body.height])).toEqual([
      [1, 1190, 1684],
      [1, 298, 421],
    ]);
    expect(pngSize(String(byDefault.image))).toEqual({ width: 1190, height: 1684 });
  });

  it('finds names with spaces, umlauts and ampersands', async () => {
    const response = await get(preview, `file_path=${encodeURIComponent('/Über uns/Jahres bericht & Plan.pdf')}`);

    expect([response.status, (await json(response)).total_pages]).toEqual([200, 1]);
  });
});

describe('GET /api/v1/pdf-preview refuses', () => {
  it.each([
    [
      'a page beyond the document',
      'file_path=/Documents/report.pdf&page=4',
      400,
      'Page 4 does not exist: the PDF has 3 page(s).',
    ],
    ['a file that is not a PDF', 'file_path=/Documents/notes.txt', 400, 'The file is not a PDF.'],
    ['a folder', 'file_path=/Documents', 400, 'The file is not a PDF.'],
    ['a corrupt PDF', 'file_path=/Documents/broken.pdf', 400, 'The file is not a readable PDF.'],
    ['an encrypted PDF', 'file_path=/Documents/secret.pdf', 400, 'The PDF is encrypted.'],
    ['a missing file', 'file_path=/Documents/none.pdf', 404, 'There is no such file.'],
    ["another user's file", 'file_path=/Private/bob.pdf', 404, 'There is no such file.'],
  ])('%s with a clear message and nothing else', async (_what, query, status, message) => {
    const response = await get(preview, query);

    const body = await json(response);
    expect([response.status, body.message, Object.keys(body).sort()]).toEqual([
      status,
      message,
      ['error', 'message', 'request_id'],
    ]);
  });

  it('a PDF larger than PDF_PREVIEW_MAX_BYTES with 413, without downloading it', async () => {
    const before = nextcloud.requests.length;

    const response = await get(smallCap, 'file_path=/Documents/big.pdf');

    const calls = nextcloud.requests.slice(before).map((request) => request.method);
    expect([response.status, (await json(response)).error, calls]).toEqual([413, 'payload_too_large', ['PROPFIND']]);
  });

  it.each([
    'file_path=../bob/files/Private/bob.pdf',
    'file_path=/Documents/../../bob/Private/bob.pdf',
    'file_path=%2e%2e/bob/Private/bob.pdf',
    'file_path=%2E%2E%2Fbob%2FPrivate%2Fbob.pdf',
    'file_path=%252e%252e%252fbob%252fPrivate%252fbob.pdf',
    'file_path=%25252e%25252e',
    'file_path=..%5cbob%5cPrivate%5cbob.pdf',
    'file_path=%5c..%5cbob',
    'file_path=/Documents/report.pdf%00.png',
    'file_path=/Documents/./report.pdf',
    'file_path=/Documents//report.pdf',
    `file_path=/${'a'.repeat(4097)}`,
    'file_path=',
    'page=1',
    'file_path=/a.pdf&file_path=/b.pdf',
    'file_path=/Documents/report.pdf&page=0',
    'file_path=/Documents/report.pdf&page=10001',
    'file_path=/Documents/report.pdf&page=1.5',
    'file_path=/Documents/report.pdf&page=0x2',
    'file_path=/Documents/report.pdf&scale=0.49',
    'file_path=/Documents/report.pdf&scale=5.01',
    'file_path=/Documents/report.pdf&scale=NaN',
    'file_path=/Documents/report.pdf&scale=Infinity',
    'file_path=/Documents/report.pdf&user=bob',
  ])('%s with 400 and no request to Nextcloud', async (query) => {
    const before = nextcloud.requests.length;

    const response = await get(preview, query);

    expect([response.status, (await json(response)).error, nextcloud.requests.length - before]).toEqual([
      400,
      'invalid_input',
      0,
    ]);
  });
});

describe('GET /api/v1/pdf-preview bounds its work', () => {
  it('refuses previews past maxInFlight downloads and renders with 503, before downloading them', async () => {
    // One user here: without a cap of their own below it, the bound of all users is what they meet.
    const narrow = await startPreviewApp({
      nextcloudUrl: nextcloud.url,
      userId: 'alice',
      appPassword: APP_PASSWORD,
      maxInFlight: 2,
      maxInFlightPerUser: 8,
    });
    nextcloud.setLatency(300);
    const before = nextcloud.requests.length;

    const statuses = await Promise.all(
      [1, 2, 3].flatMap((page) =>
        [0.5, 0.75].map((scale) =>
          get(narrow, `file_path=/Documents/report.pdf&page=${page}&scale=${scale}`).then(
            (response) => response.status,
          ),
        ),
      ),
    );

    nextcloud.setLatency(0);
    await narrow.close();
    const gets = nextcloud.requests.slice(before).filter((request) => request.method === 'GET').length;
    // The two previews let in share one download of the file.
    expect([statuses.sort(), gets]).toEqual([[200, 200, 503, 503, 503, 503], 1]);
  });
});

describe('GET /api/v1/pdf-preview caches', () => {
  it('answers the same page again without rendering, and a changed file anew', async () => {
    files.seedFile('alice', 'Documents/draft.pdf', Buffer.from(buildPdf(['Draft one'])));
    const start = preview.renders();
    const first = await get(preview, 'file_path=/Documents/draft.pdf&scale=1.5');
    const firstBody = await first.text();

    const again = await get(preview, 'file_path=/Documents/draft.pdf&scale=1.5');
    const againBody = await again.text();
    const rendersAfterAgain = preview.renders();
    files.seedFile('alice', 'Documents/draft.pdf', Buffer.from(buildPdf(['Draft two', 'and a new page'])));
    const changed = await get(preview, 'file_path=/Documents/draft.pdf&scale=1.5');

    expect([first.status, again.status, againBody === firstBody]).toEqual([200, 200, true]);
    expect(rendersAfterAgain - start).toBe(1);
    expect([changed.status, (await json(changed)).total_pages, preview.renders() - start]).toEqual([200, 2, 2]);
    expect(changed.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  it('answers 304 to If-None-Match with the current ETag', async () => {
    const first = await get(preview, 'file_path=/Documents/report.pdf&page=3&scale=0.5');
    await first.arrayBuffer();

    const again = await get(preview, 'file_path=/Documents/report.pdf&page=3&scale=0.5', {
      'if-none-match': first.headers.get('etag') ?? '',
      // fetch adds "no-cache" to a conditional request unless told otherwise; a browser revalidating sends this.
      'cache-control': 'max-age=0',
    });

    expect([first.status, again.status]).toEqual([200, 304]);
  });
});
