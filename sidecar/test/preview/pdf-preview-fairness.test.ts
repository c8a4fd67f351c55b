// GET /api/v1/pdf-preview under a flood: one user's slow pages never take the other users' render slots (the real
// sidecar, two users), one user's previews past their own cap wait their turn, and a page that timed out or could
// not be rendered is answered with its error at once instead of taking a render worker again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { callApi, signIn, syncSidecarEnv } from '../support/knowledge-sidecar.js';
import { startNextcloudWithOidc } from '../support/nextcloud-with-oidc.js';
import { buildPdf, corruptPdf } from '../support/pdf-fixtures.js';
import { startPreviewApp, type PreviewApp } from '../support/preview-app.js';
import { APP_PASSWORD, startTestSidecar, type TestSidecar } from '../support/sidecar.js';

const PASSWORDS = { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', bob: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' };
/** Pages that take a render worker for a second or more at scale 5 (20,000 shapes take ten). */
const SLOW_PAGES = Array.from({ length: 10 }, () => ({ shapes: 5_000 }));

describe('GET /api/v1/pdf-preview with two users', () => {
  let nextcloud: PlatformDouble;
  let sidecar: TestSidecar;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    const files = createFilesApp();
    nextcloud = await startNextcloudWithOidc(
      [
        { id: 'alice', appPasswords: [PASSWORDS.alice] },
        { id: 'bob', appPasswords: [PASSWORDS.bob] },
      ],
      { apps: [files] },
    );
    files.seedFile('alice', 'Slow/heavy.pdf', Buffer.from(buildPdf(SLOW_PAGES)));
    files.seedFile('bob', 'Documents/letter.pdf', Buffer.from(buildPdf(['Dear Alice', 'Regards, Bob'])));
    sidecar = await startTestSidecar(await syncSidecarEnv(nextcloud.url, { KNOWLEDGE_ENABLED: 'false' }));
    tokens = {
      alice: await signIn(nextcloud, sidecar, 'alice', PASSWORDS.alice),
      bob: await signIn(nextcloud, sidecar, 'bob', PASSWORDS.bob),
    };
  }, 30_000);
  afterAll(async () => {
    await sidecar?.stop();
    await nextcloud?.close();
  });

  const preview = (user: 'alice' | 'bob', query: string) =>
    callApi(sidecar, tokens[user]!, `/api/v1/pdf-preview?${query}`).then(async (response) => {
      await response.arrayBuffer();
      return { status: response.status, at: performance.now() };
    });

  it("answers another user's preview at once while one user floods with ten slow pages", async () => {
    const flood = SLOW_PAGES.map((_, index) => preview('alice', `file_path=/Slow/heavy.pdf&page=${index + 1}&scale=5`));
    await new Promise((resolve) => setTimeout(resolve, 500));

    const bobs = await preview('bob', 'file_path=/Documents/letter.pdf&page=2&scale=1');

    const alices = await Promise.all(flood);
    const lastOfAlice = Math.max(...alices.map((answer) => answer.at));
    expect(bobs.status).toBe(200);
    expect(bobs.at).toBeLessThan(lastOfAlice);
    // Alice's own: one rendering, four waiting their turn, the oldest waiting ones pushed out by her newer ones.
    expect(alices.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429, 429, 429]);
  }, 60_000);
});

describe('GET /api/v1/pdf-preview remembers pages that failed', () => {
  let nextcloud: PlatformDouble;
  let files: FilesDouble;
  let app: PreviewApp;
  let now = Date.now();

  beforeAll(async () => {
    files = createFilesApp();
    nextcloud = await startPlatformDouble({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [files] });
    // Ten seconds and more at scale 5, far past the timeout; the timeout leaves a fresh worker time to load mupdf.
    files.seedFile('alice', 'Documents/slow.pdf', Buffer.from(buildPdf([{ shapes: 30_000 }])));
    files.seedFile('alice', 'Documents/broken.pdf', Buffer.from(corruptPdf()));
    app = await startPreviewApp({
      nextcloudUrl: nextcloud.url,
      userId: 'alice',
      appPassword: APP_PASSWORD,
      renderTimeoutMs: 2_000,
      failureMemoryMs: 600_000,
      clock: () => now,
    });
    // A worker that loaded mupdf already: its start (a second or two on a busy machine) counts toward the timeout.
    files.seedFile('alice', 'Documents/warm.pdf', Buffer.from(buildPdf(['Warm'])));
    expect((await fetch(`${app.url}/api/v1/pdf-preview?file_path=/Documents/warm.pdf`)).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await nextcloud?.close();
  });

  const get = async (query: string) => {
    const started = performance.now();
    const response = await fetch(`${app.url}/api/v1/pdf-preview?${query}`);
    const body = (await response.json()) as { message?: string };
    return { status: response.status, message: body.message, ms: performance.now() - started };
  };

  it('answers a page of an unreadable PDF with the same 400 without rendering it again, and a new version anew', async () => {
    const renders = app.renders();
    const first = await get('file_path=/Documents/broken.pdf');

    const again = await get('file_path=/Documents/broken.pdf');
    const rendersAfterAgain = app.renders() - renders;
    files.seedFile('alice', 'Documents/broken.pdf', Buffer.from(buildPdf(['Repaired'])));
    const repaired = await get('file_path=/Documents/broken.pdf');

    expect([first.status, first.message]).toEqual([400, 'The file is not a readable PDF.']);
    expect([again.status, again.message, rendersAfterAgain]).toEqual([400, first.message, 1]);
    expect([repaired.status, app.renders() - renders]).toEqual([200, 2]);
  });

  it('answers a page that timed out with the same 503 at once, until the window has passed', async () => {
    const renders = app.renders();
    const first = await get('file_path=/Documents/slow.pdf&scale=5');

    const again = await get('file_path=/Documents/slow.pdf&scale=5');
    const rendersAfterAgain = app.renders() - renders;
    now += 600_000;
    const later = await get('file_path=/Documents/slow.pdf&scale=5');

    expect([first.status, first.message]).toEqual([503, 'The page took too long to render.']);
    expect([again.status, again.message, rendersAfterAgain]).toEqual([503, first.message, 1]);
    expect(again.ms).toBeLessThan(first.ms);
    expect([later.status, app.renders() - renders]).toEqual([503, 2]);
  });
});
