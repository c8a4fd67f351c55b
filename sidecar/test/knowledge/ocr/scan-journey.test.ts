// Scans end to end in basic mode with OCR on: a scanned PDF and a photographed page are uploaded over WebDAV to the
// Nextcloud double, the sync reads them with Tesseract, search finds their words, and the knowledge status says OCR
// is on with its languages. Needs tesseract-ocr with eng and deu.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp } from '../../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../../test/platform/apps/notes.js';
import { startPlatformDouble, type PlatformDouble } from '../../../../test/platform/platform-double.js';
import { until } from '../../support/knowledge-sidecar.js';
import { imageOnlyPdf, requireTesseract, scanOfText } from '../../support/scan-fixtures.js';
import { APP_PASSWORD, basicAuth, startTestSidecar, type TestSidecar } from '../../support/sidecar.js';

let nextcloud: PlatformDouble;
let sidecar: TestSidecar;

interface SyncStatus {
  documents: number;
  queued: number;
  ocr: unknown;
  sources: { file: { skipped: Record<string, number>; partial: Record<string, number> } };
}
const readStatus = async () => (await (await fetch(`${sidecar.url}/api/v1/knowledge/status`)).json()) as SyncStatus;
const searchTitles = async (query: string) => {
  const response = await fetch(`${sidecar.url}/api/v1/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, algorithm: 'bm25' }),
  });
  const body = (await response.json()) as { results: { title: string; doc_type: string }[] };
  return body.results.map((result) => result.title);
};
const upload = async (path: string, bytes: Uint8Array) => {
  const response = await fetch(`${nextcloud.url}/remote.php/dav/files/carol/${path}`, {
    method: 'PUT',
    body: bytes,
    headers: { authorization: basicAuth('carol', APP_PASSWORD) },
  });
  expect(response.status).toBe(201);
};

beforeAll(async () => {
  requireTesseract(['eng', 'deu']);
  nextcloud = await startPlatformDouble({
    users: [{ id: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [createFilesApp(), createNotesApp()],
  });
  await upload('invoice-scan.pdf', imageOnlyPdf(scanOfText(['Invoice from the harbour warehouse', 'copper wire'])));
  await upload('whiteboard.png', scanOfText(['Sprint goals: migrate the lighthouse database']));
  sidecar = await startTestSidecar({
    NEXTCLOUD_HOST: nextcloud.url,
    NEXTCLOUD_USERNAME: 'carol',
    NEXTCLOUD_PASSWORD: APP_PASSWORD,
    KNOWLEDGE_ENABLED: 'true',
    KNOWLEDGE_OCR_ENABLED: 'true',
    KNOWLEDGE_OCR_LANGUAGES: 'eng+deu',
  });
  let status: SyncStatus | undefined;
  await until(
    'the scans are indexed',
    async () => {
      status = await readStatus();
      return status.documents === 2 && status.queued === 0;
    },
    {
      timeoutMs: 90_000,
      intervalMs: 500,
      detail: () => `${JSON.stringify(status)}\n${sidecar.logText().slice(-3000)}`,
    },
  );
}, 120_000);
afterAll(async () => {
  await sidecar?.stop();
  await nextcloud?.close();
});

describe('scans with OCR on', () => {
  it('finds the words of a scanned PDF and of a photographed page', async () => {
    const [invoice, whiteboard] = [await searchTitles('harbour warehouse'), await searchTitles('lighthouse database')];

    expect([invoice, whiteboard]).toEqual([['invoice-scan.pdf'], ['whiteboard.png']]);
  });

  it('says in the knowledge status that OCR is on with its languages, and leaves nothing out', async () => {
    const status = await readStatus();

    expect(status.ocr).toEqual({ enabled: true, languages: ['eng', 'deu'], warning: null });
    expect([status.sources.file.skipped, status.sources.file.partial]).toEqual([{}, {}]);
  });
});
