// One pool of document readers per process: an idle sidecar with the knowledge index on runs no reader worker, and
// the index and the MCP file tools, given the composition root's one DocumentReaders, share its bounds (workers and
// queue) instead of each starting a pool of their own.
import { afterAll, expect, it } from 'vitest';
import { createContext } from '../../src/context/context.js';
import { createDocumentReaders } from '../../src/knowledge/extract/document-readers.js';
import { createLogger } from '../../src/logging/logger.js';
import { parseSettings } from '../../src/settings/settings.js';
import { buildPdf } from '../support/pdf-fixtures.js';
import { TEST_KEY } from '../support/sidecar.js';
import { makeTempDir } from '../support/temp-dir.js';

const temp = makeTempDir();
afterAll(() => temp.remove());

it('starts no document reader worker in an idle sidecar with the knowledge index on', async () => {
  const settings = parseSettings({
    NEXTCLOUD_HOST: 'http://127.0.0.1:9',
    NEXTCLOUD_USERNAME: 'alice',
    NEXTCLOUD_PASSWORD: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA',
    KNOWLEDGE_ENABLED: 'true',
    TOKEN_ENCRYPTION_KEY: TEST_KEY,
    TOKEN_STORAGE_DB: temp.file('store.db'),
  });
  const context = await createContext(settings, { logger: createLogger('silent') });
  try {
    expect(context.knowledge).toBeDefined();
    expect(context.documents.liveWorkers()).toBe(0);
  } finally {
    await context.close();
  }
});

it('holds the index and the file tools to one worker and one queue between them', async () => {
  const readers = createDocumentReaders({ pdf: { workers: 1, maxQueued: 1 }, documents: {} });
  const limits = { maxPages: 10, maxTextChars: 10_000 };
  try {
    // The index's read takes the one worker, a file tool's read the one queue place, and a third read is refused.
    const forIndex = readers.readPdfText(buildPdf(['The quarterly budget']), limits);
    const forFileTool = readers.readPdfText(buildPdf(['The gyrocopter manual']), limits);
    const third = readers.readPdfText(buildPdf(['one more']), limits);

    await expect(third).rejects.toThrow(/busy/);
    expect((await forIndex).pages).toEqual(['The quarterly budget']);
    expect((await forFileTool).pages).toEqual(['The gyrocopter manual']);
    expect(readers.liveWorkers()).toBe(1);
  } finally {
    await readers.close();
  }
  expect(readers.liveWorkers()).toBe(0);
  await expect(readers.readPdfText(buildPdf(['late']), limits)).rejects.toThrow(/closed/);
});
