// The documents people keep, end to end through the platform double: a file of each format is uploaded over WebDAV,
// the sync scans and reads them, a search finds words from each, and the files that cannot be read (corrupt,
// encrypted, zip bombs, too many entries) are counted in the status under their reasons instead of vanishing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../../test/platform/platform-double.js';
import {
  buildDocx,
  buildEml,
  buildEpub,
  buildHtml,
  buildOdf,
  buildPptx,
  buildRtf,
  buildXlsx,
} from '../../support/document-fixtures.js';
import { callApi, signIn, syncSidecarEnv, until } from '../../support/knowledge-sidecar.js';
import { startNextcloudWithOidc } from '../../support/nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../../support/sidecar.js';
import { buildZip } from '../../support/zip-fixtures.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let token: string;

interface Status {
  queued: number;
  failed: number;
  sources: { file: { documents: number; skipped: Record<string, number>; partial: Record<string, number> } };
}

/** One file per format, each with a word found nowhere else. */
const READABLE: [path: string, bytes: Uint8Array, word: string][] = [
  ['Office/budget.docx', buildDocx(['The budget mentions aardvark funding']), 'aardvark'],
  ['Office/stock.xlsx', buildXlsx('Stock', [['bandicoot crates', 12]]), 'bandicoot'],
  ['Office/pitch.pptx', buildPptx(['Caracal launch plan']), 'caracal'],
  ['Open/letter.odt', buildOdf('odt', ['Dear dugong society']), 'dugong'],
  ['Open/ledger.ods', buildOdf('ods', ['echidna expenses']), 'echidna'],
  ['Open/talk.odp', buildOdf('odp', ['flamingo keynote']), 'flamingo'],
  ['Mail/offsite.eml', buildEml('Offsite', 'Meet at the gecko pavilion', 'map.pdf'), 'gecko'],
  ['Books/tale.epub', buildEpub(['The hedgehog went home']), 'hedgehog'],
  ['Web/page.html', buildHtml('Team', 'The ibex team page', 'jackalope'), 'ibex'],
  ['Notes/memo.rtf', buildRtf(['Kookaburra memo']), 'kookaburra'],
  ['Data/animals.csv', new TextEncoder().encode('name,count\nlemur,3\n'), 'lemur'],
  ['Data/config.yaml', new TextEncoder().encode('animal: mongoose\n'), 'mongoose'],
  ['Code/main.ts', new TextEncoder().encode('export const narwhal = 1;\n'), 'narwhal'],
];

const cfb = new Uint8Array(2048);
cfb.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const UNREADABLE: [path: string, bytes: Uint8Array][] = [
  ['Broken/corrupt.docx', new TextEncoder().encode('this is no zip')],
  ['Broken/locked.xlsx', cfb],
  ['Broken/locked.odt', buildOdf('odt', ['Secret'], { encrypted: true })],
  ['Broken/bomb.docx', buildZip([{ name: 'word/document.xml', content: new Uint8Array(32 * 1024 * 1024) }])],
  ['Broken/crowded.epub', buildZip(Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, content: 'x' })))],
];

const status = async () => (await (await callApi(sidecar, token, '/api/v1/vector-sync/status')).json()) as Status;
const searchTitles = async (query: string) => {
  const response = await callApi(sidecar, token, '/api/v1/search', {
    method: 'POST',
    body: JSON.stringify({ query, algorithm: 'bm25' }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { title: string }[] }).results.map((result) => result.title);
};
const upload = (path: string, bytes: Uint8Array) =>
  fetch(`${nextcloud.url}/remote.php/dav/files/alice/${path}`, {
    method: 'PUT',
    body: Buffer.from(bytes),
    headers: { authorization: basicAuth('alice', PASSWORD) },
  });
const mkcol = (path: string) =>
  fetch(`${nextcloud.url}/remote.php/dav/files/alice/${path}`, {
    method: 'MKCOL',
    headers: { authorization: basicAuth('alice', PASSWORD) },
  });

beforeAll(async () => {
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [PASSWORD] }], { apps: [createFilesApp()] });
  for (const folder of ['Office', 'Open', 'Mail', 'Books', 'Web', 'Notes', 'Data', 'Code', 'Broken']) {
    expect((await mkcol(folder)).status).toBe(201);
  }
  for (const [path, bytes] of [...READABLE, ...UNREADABLE]) expect((await upload(path, bytes)).status).toBe(201);
  const env = await syncSidecarEnv(nextcloud.url, { KNOWLEDGE_DOCUMENT_MAX_ENTRIES: '50' });
  sidecar = await startTestSidecar(env);
  token = await signIn(nextcloud, sidecar, 'alice', PASSWORD);
}, 60_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('the documents people keep', () => {
  it('indexes a file of each format and counts the unreadable ones under their reasons', async () => {
    let last: Status | undefined;
    await until('every file is read', async () => {
      last = await status();
      return last.queued === 0 && last.sources.file.documents === READABLE.length;
    }).catch((error: unknown) => {
      throw new Error(`${String(error)}; last status: ${JSON.stringify(last)}`);
    });

    expect(last!.sources.file.skipped).toEqual({
      'corrupt file': 1,
      encrypted: 2,
      'zip bomb': 1,
      'too many entries': 1,
    });
    expect(last!.failed).toBe(0);
  }, 60_000);

  it.each(READABLE.map(([path, , word]) => [word, path.split('/')[1]!]))('finds "%s" in %s', async (word, title) => {
    const titles = await searchTitles(word);

    expect(titles).toEqual([title]);
  });

  it('leaves out the words of the scripts and styles of an HTML page', async () => {
    const titles = await searchTitles('jackalope');

    expect(titles).toEqual([]);
  });
});
