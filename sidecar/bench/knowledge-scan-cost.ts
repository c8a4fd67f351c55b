// The cost of a scan over 10,000 documents (9,000 files in 300 folders and 1,000 notes in the platform double):
// requests counted at the double and wall time, first scan (the reference) against a rescan with nothing changed;
// and the requests a first sync of the notes makes to scan and fetch them all, against fetching each note on its own.
import { join } from 'node:path';
import { createFilesApp } from '../../test/platform/apps/files.js';
import { createNotesApp } from '../../test/platform/apps/notes.js';
import { startPlatformDouble } from '../../test/platform/platform-double.js';
import { createSqliteIndexStore } from '../src/knowledge/index/sqlite-index-store.js';
import { scanSource } from '../src/knowledge/sync/scanner.js';
import { createDocumentReaders } from '../src/knowledge/extract/document-readers.js';
import { createFilesSource } from '../src/knowledge/sources/files-source.js';
import { createNotesSource } from '../src/knowledge/sources/notes-source.js';
import { createLeftOutDocuments } from '../src/knowledge/sync/left-out-documents.js';
import { createSyncQueue } from '../src/knowledge/sync/sync-queue.js';
import type { SyncSource } from '../src/knowledge/sync/sync-source.js';
import type { SourceState } from '../src/knowledge/sync/sync-users.js';
import { createTestSyncContexts } from '../test/support/sync-context.js';
import { openIndexDatabase, runAsScript } from './knowledge-corpus.js';
import { printLines, type BenchLine } from './report.js';

const PASSWORD = 'AbCdE-12345-fGhIj-67890-KlMnO';
const FOLDERS = 30;
const SUBFOLDERS = 10;
const FILES_PER_FOLDER = 30;
const NOTES = 1000;

export async function benchKnowledgeScanCost(dir: string): Promise<BenchLine[]> {
  const files = createFilesApp();
  const notes = createNotesApp();
  for (let f = 0; f < FOLDERS; f++) {
    for (let s = 0; s < SUBFOLDERS; s++) {
      for (let i = 0; i < FILES_PER_FOLDER; i++) {
        files.seedFile('alice', `Projects/p${f}/s${s}/file-${i}.md`, `# File ${f}/${s}/${i}\n\nSome text ${i}.`);
      }
    }
  }
  for (let i = 0; i < NOTES; i++) notes.seedNote('alice', { title: `Note ${i}`, content: `Note body ${i}` });
  const double = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: [PASSWORD] }],
    apps: [files, notes],
  });
  const contexts = createTestSyncContexts(double.url);
  const db = await openIndexDatabase(join(dir, 'knowledge-scan.db'));
  const deps = {
    store: createSqliteIndexStore(db),
    queue: createSyncQueue(db, { max: 50_000 }),
    leftOut: createLeftOutDocuments(db),
    now: Date.now,
  };
  const context = contexts.contextFor('alice', PASSWORD);
  const readers = createDocumentReaders({ pdf: {}, documents: {} });
  const sources: SyncSource[] = [createFilesSource({ maxFileBytes: 1_000_000, readers }), createNotesSource()];

  const scanAll = async (previous: Map<string, SourceState>) => {
    const requestsBefore = double.requests.length;
    const started = performance.now();
    let queued = 0;
    for (const source of sources) {
      const outcome = await scanSource(source, context, previous.get(source.docType), deps);
      if (outcome.failed) throw new Error(`the ${source.docType} scan failed: ${outcome.state.lastError}`);
      previous.set(source.docType, { docType: source.docType, ...outcome.state });
      queued += outcome.queued;
    }
    return { ms: performance.now() - started, requests: double.requests.length - requestsBefore, queued };
  };

  /** Scans the notes from nothing and fetches every changed note, by the scan's source and by a fresh one. */
  const notesFirstSync = async () => {
    const source = createNotesSource();
    const before = double.requests.length;
    const scanned = await source.scan(context, undefined);
    if (scanned.kind !== 'changes') throw new Error('the first notes scan found no changes');
    const fetchAll = (from: SyncSource) =>
      Promise.all(scanned.changed.map(async (document) => (await from.read(context, document))?.pages.length));
    await fetchAll(source);
    const chunked = double.requests.length - before;
    const beforeAlone = double.requests.length;
    await fetchAll(createNotesSource());
    return { chunked, oneByOne: 1 + double.requests.length - beforeAlone };
  };

  try {
    const states = new Map<string, SourceState>();
    const first = await scanAll(states);
    const again = await scanAll(states);
    console.log(`      first scan queued ${first.queued} documents; the rescan queued ${again.queued}`);
    const notesSync = await notesFirstSync();
    const lines: BenchLine[] = [
      {
        name: `rescan with nothing changed, ${FOLDERS * SUBFOLDERS * FILES_PER_FOLDER} files + ${NOTES} notes: requests`,
        value: again.requests,
        unit: 'requests',
        reference: { name: 'first scan', value: first.requests },
        target: `≤ 1 per source (${sources.length})`,
        pass: again.requests <= sources.length && again.queued === 0,
      },
      {
        name: 'rescan with nothing changed: wall time',
        value: again.ms,
        unit: 'ms',
        reference: { name: 'first scan', value: first.ms },
        target: 'report only',
        pass: true,
      },
      {
        name: `first sync of ${NOTES} notes: requests to scan and fetch them all`,
        value: notesSync.chunked,
        unit: 'requests',
        reference: { name: 'the same with each note fetched on its own', value: notesSync.oneByOne },
        target: 'report only',
        pass: notesSync.chunked < notesSync.oneByOne,
      },
    ];
    return printLines(lines);
  } finally {
    await contexts.close();
    await readers.close();
    await double.close();
    await db.close();
  }
}

await runAsScript(import.meta.url, benchKnowledgeScanCost);
