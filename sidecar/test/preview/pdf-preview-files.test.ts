// GET /api/v1/pdf-preview downloads a PDF once per version, not once per page: requests counted at the files double,
// a changed file downloaded anew, the download folder bounded by PDF_PREVIEW_FILE_CACHE_BYTES and emptied on close.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { buildPdf } from '../support/pdf-fixtures.js';
import { startPreviewApp, type PreviewApp } from '../support/preview-app.js';
import { APP_PASSWORD } from '../support/sidecar.js';

let nextcloud: PlatformDouble;
let files: FilesDouble;
let preview: PreviewApp;

beforeAll(async () => {
  files = createFilesApp();
  nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [files] });
  preview = await startPreviewApp({ nextcloudUrl: nextcloud.url, userId: 'alice', appPassword: APP_PASSWORD });
});
afterAll(async () => {
  await preview.close();
  await nextcloud.close();
});

function seed(name: string, pages: string[]): number {
  const pdf = Buffer.from(buildPdf(pages));
  files.seedFile('alice', `Documents/${name}`, pdf);
  return pdf.length;
}

async function page(app: PreviewApp, name: string, number: number): Promise<Record<string, unknown>> {
  const response = await fetch(`${app.url}/api/v1/pdf-preview?file_path=/Documents/${name}&page=${number}&scale=0.5`);
  const body = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`pdf-preview answered ${response.status}: ${String(body.message)}`);
  return body;
}

/** The GETs (downloads) of `name` the files double answered since `since` requests. */
function downloadsOf(name: string, since: number): number {
  return nextcloud.requests
    .slice(since)
    .filter((request) => request.method === 'GET' && request.path.endsWith(`/Documents/${name}`)).length;
}

describe('GET /api/v1/pdf-preview downloads', () => {
  it('a PDF once for all its pages', async () => {
    seed('pages.pdf', ['One', 'Two', 'Three']);
    const before = nextcloud.requests.length;

    const answers = [];
    for (const number of [1, 2, 3]) answers.push(await page(preview, 'pages.pdf', number));

    expect([answers.map((answer) => answer.page_number), downloadsOf('pages.pdf', before)]).toEqual([[1, 2, 3], 1]);
  });

  it('a PDF once for pages asked for at the same time', async () => {
    seed('together.pdf', ['One', 'Two', 'Three', 'Four']);
    const before = nextcloud.requests.length;
    nextcloud.setLatency(100);

    const answers = await Promise.all([1, 2, 3, 4].map((number) => page(preview, 'together.pdf', number)));

    nextcloud.setLatency(0);
    expect([answers.map((answer) => answer.page_number), downloadsOf('together.pdf', before)]).toEqual([
      [1, 2, 3, 4],
      1,
    ]);
  });

  it('a changed PDF again, and renders its new pixels', async () => {
    seed('changing.pdf', ['Before', 'Second']);
    const before = nextcloud.requests.length;
    const old = await page(preview, 'changing.pdf', 1);
    await page(preview, 'changing.pdf', 2);

    seed('changing.pdf', ['After the change, with much more text on the first page', 'Second', 'Third']);
    const changed = await page(preview, 'changing.pdf', 1);
    await page(preview, 'changing.pdf', 2);

    expect([downloadsOf('changing.pdf', before), changed.total_pages, changed.image === old.image]).toEqual([
      2,
      3,
      false,
    ]);
  });
});

describe('GET /api/v1/pdf-preview keeps downloads', () => {
  it('within PDF_PREVIEW_FILE_CACHE_BYTES: past it the oldest file is deleted from disk', async () => {
    const size = seed('first.pdf', ['First']);
    seed('second.pdf', ['Second']);
    const small = await startPreviewApp({
      nextcloudUrl: nextcloud.url,
      userId: 'alice',
      appPassword: APP_PASSWORD,
      fileCacheBytes: size + 100,
    });
    const before = nextcloud.requests.length;

    await page(small, 'first.pdf', 1);
    const afterFirst = small.spooledFiles();
    await page(small, 'second.pdf', 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const afterSecond = small.spooledFiles();
    await fetch(`${small.url}/api/v1/pdf-preview?file_path=/Documents/first.pdf&page=1&scale=0.75`).then((r) =>
      r.arrayBuffer(),
    );
    await small.close();

    expect([afterFirst.length, afterSecond.length, afterSecond.includes(afterFirst[0]!)]).toEqual([1, 1, false]);
    expect(downloadsOf('first.pdf', before)).toBe(2);
  });

  it('until the server closes, which deletes them all', async () => {
    seed('one.pdf', ['One']);
    seed('two.pdf', ['Two']);
    const app = await startPreviewApp({ nextcloudUrl: nextcloud.url, userId: 'alice', appPassword: APP_PASSWORD });
    await page(app, 'one.pdf', 1);
    await page(app, 'two.pdf', 1);
    const open = app.spooledFiles();

    await app.close();

    expect([open.length, app.spooledFiles()]).toEqual([2, []]);
  });

  it('never with PDF_PREVIEW_FILE_CACHE_BYTES=0: each uncached page downloads its PDF and deletes it after', async () => {
    seed('uncached.pdf', ['One', 'Two']);
    const app = await startPreviewApp({
      nextcloudUrl: nextcloud.url,
      userId: 'alice',
      appPassword: APP_PASSWORD,
      fileCacheBytes: 0,
    });
    const before = nextcloud.requests.length;

    await page(app, 'uncached.pdf', 1);
    await page(app, 'uncached.pdf', 2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const left = app.spooledFiles();
    await app.close();

    expect([downloadsOf('uncached.pdf', before), left]).toEqual([2, []]);
  });
});
