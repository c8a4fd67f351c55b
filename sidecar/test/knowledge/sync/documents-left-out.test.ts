// Nothing the sync decides not to index disappears silently (issue 16): files are indexed although Nextcloud's GET
// carries no OC-FileId, a document read and left out is counted in the status under its reason, and the count goes
// once the document is gone from Nextcloud.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDavApp } from '../../../../test/platform/apps/dav.js';
import { createFilesApp, type FilesDouble } from '../../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../../test/platform/platform-double.js';
import { startRadicale, type RunningRadicale } from '../../../../test/platform/radicale.js';
import { buildPdf } from '../../support/pdf-fixtures.js';
import { callApi, signIn, syncSidecarEnv, until } from '../../support/knowledge-sidecar.js';
import { startNextcloudWithOidc } from '../../support/nextcloud-with-oidc.js';
import { basicAuth, startTestSidecar, type TestSidecar } from '../../support/sidecar.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const SCAN_INTERVAL_MS = 60_000;
const JOURNALS = '/remote.php/dav/calendars/alice/journals/';
let radicale: RunningRadicale;
let files: FilesDouble;
let nextcloud: PlatformDouble;
let sidecar: TestSidecar;
let token: string;
let skew = 0;

interface SourceStatus {
  documents: number;
  skipped: Record<string, number>;
  partial: Record<string, number>;
}
interface Status {
  queued: number;
  failed: number;
  sources: Record<'file' | 'calendar_item', SourceStatus>;
}

const status = async () => (await (await callApi(sidecar, token, '/api/v1/vector-sync/status')).json()) as Status;
const dav = (path: string, method: string, body?: string) =>
  fetch(`${nextcloud.url}${path}`, {
    method,
    body,
    headers: { authorization: basicAuth('alice', PASSWORD), 'content-type': 'text/calendar; charset=utf-8' },
  });
/** Lets the scan interval pass: the scheduler (ticking every second) scans at its next tick. */
const scanSoon = () => (skew += SCAN_INTERVAL_MS + 1000);
const settled = async (check: (state: Status) => boolean) => {
  let last: Status | undefined;
  await until('the sync settles', async () => {
    last = await status();
    return last.queued === 0 && check(last);
  }).catch((error: unknown) => {
    throw new Error(`${String(error)}; last status: ${JSON.stringify(last?.sources)}`);
  });
  return last!;
};

const journal = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//EN',
  'BEGIN:VJOURNAL',
  'UID:journal-1',
  'DTSTAMP:20250101T000000Z',
  'SUMMARY:Notes of the day',
  'END:VJOURNAL',
  'END:VCALENDAR',
  '',
].join('\r\n');

beforeAll(async () => {
  radicale = await startRadicale();
  files = createFilesApp();
  nextcloud = await startNextcloudWithOidc([{ id: 'alice', appPasswords: [PASSWORD] }], {
    apps: [createDavApp(radicale), files],
  });
  files.seedFile('alice', 'Documents/plan.md', '# Plan\n\nThe heron nests by the quarry.');
  files.seedFile('alice', 'Documents/list.txt', 'Pack the lantern and the rope.');
  files.seedFile('alice', 'Documents/brief.pdf', Buffer.from(buildPdf(['A brief about the glacier survey.'])));
  files.seedFile('alice', 'Photos/view.png', 'not really a picture');
  files.seedFile('alice', 'Music/song.mp3', 'not really a song');
  // 5,250 chunks of 100 characters: indexed up to the 5,000-chunk bound, and said so.
  files.seedFile('alice', 'Documents/long.txt', 'The otter swims past the old mill. '.repeat(15_000));
  // A calendar made without a component set takes events, tasks and journal entries.
  expect((await dav(JOURNALS, 'MKCALENDAR')).status).toBe(201);
  expect((await dav(`${JOURNALS}day.ics`, 'PUT', journal)).status).toBe(201);
  const env = await syncSidecarEnv(nextcloud.url, {
    KNOWLEDGE_SCAN_INTERVAL: String(SCAN_INTERVAL_MS / 1000),
    CHUNK_SIZE: '100',
    CHUNK_OVERLAP: '0',
  });
  sidecar = await startTestSidecar(env, () => Date.now() + skew);
  token = await signIn(nextcloud, sidecar, 'alice', PASSWORD);
}, 60_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
  await radicale?.stop();
});

describe('documents the sync reads', () => {
  it('indexes files of every indexable type, although GET names no file id, and says which it indexed in part', async () => {
    const state = await settled((current) => current.sources.file.documents >= 4);

    expect(state.sources.file).toEqual({
      documents: 4,
      chunks: 5003,
      skipped: { 'unsupported type': 1, 'image: OCR is off': 1 },
      partial: { 'text beyond 5000 chunks': 1 },
      last_error: null,
    });
    expect(state.failed).toBe(0);
  });

  it('counts a document it read and left out under its reason, and forgets it once it is deleted', async () => {
    const before = await settled(
      (current) => current.sources.calendar_item.skipped['neither an event nor a task'] === 1,
    );
    expect((await dav(`${JOURNALS}day.ics`, 'DELETE')).status).toBe(204);
    scanSoon();

    const after = await settled((current) => Object.keys(current.sources.calendar_item.skipped).length === 0);

    expect(before.sources.calendar_item.skipped).toEqual({ 'neither an event nor a task': 1 });
    expect(after.sources.calendar_item.skipped).toEqual({});
    expect(after.failed).toBe(0);
  });
});
