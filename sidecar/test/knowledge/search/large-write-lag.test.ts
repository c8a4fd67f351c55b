// Writing a 6 MB document (5,000 chunks) into a loaded embedded index: the event loop never waits long (a
// setInterval(1) probe, against its own baseline on this machine), a reader meanwhile sees the old or the new
// version and never a mix, and a crash between staging and switching leaves nothing visible and is cleaned up.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setImmediate as tick } from 'node:timers/promises';
import { tokenize } from '../../../src/knowledge/text/tokenizer.js';
import type { IndexedDocument, IndexStore } from '../../../src/knowledge/index/index-store.js';
import {
  createSqliteIndexStore,
  type SqliteIndexStoreOptions,
} from '../../../src/knowledge/index/sqlite-index-store.js';
import type { RawSqlite, SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { longestGap, showGap } from '../../support/loop-probe.js';
import { makeTempDir } from '../../support/temp-dir.js';
import { migratedDatabase, syntheticText } from './index-fixtures.js';

const DIMENSIONS = 384;
/** The bound, on the event loop's CPU time. */
const MAX_GAP_MS = 50;
/**
 * On the clock this shared 2-core machine adds what it takes away: at a load of 3–4, descheduling and the garbage
 * collector waiting for a core for its helpers made gaps of 60–110 ms while the loop's own CPU gap stayed under 20 ms.
 * The clock is held to the bound or the probe's baseline, whichever is larger, plus this margin.
 */
const WALL_MARGIN_MS = 150;

const { text, chunks } = syntheticText(9);
const chunksOf = (body: string) => chunks(body, DIMENSIONS);
const big = (version: string): IndexedDocument => ({
  docType: 'file',
  docId: 'big',
  title: 'Annual archive',
  mimeType: 'text/plain',
  version,
  filePath: '/Archive/annual.txt',
});

describe('writing a large document into the embedded index', () => {
  let dir: ReturnType<typeof makeTempDir>;
  let db: SqliteSqlDatabase | undefined;
  const open = async (options: SqliteIndexStoreOptions = {}) => {
    const connection = await migratedDatabase(dir.file('index.db'));
    return { connection, store: createSqliteIndexStore(connection, options) };
  };
  const loaded = async (store: IndexStore) => {
    await store.useEmbedder('test', DIMENSIONS);
    for (let d = 0; d < 200; d++) {
      const doc: IndexedDocument = {
        docType: 'note',
        docId: `n${d}`,
        title: `note ${d}`,
        mimeType: 'text/plain',
        version: '1',
      };
      await store.replaceDocument('alice', doc, chunksOf(text(12_000, 'notes')));
    }
    expect((await store.bm25('alice', 'notes', { limit: 1 })).total).toBeGreaterThan(1000);
  };

  beforeEach(() => {
    dir = makeTempDir('large-write-');
  });
  afterEach(() => {
    if (db?.raw.open) db.raw.close();
    db = undefined;
    dir.remove();
  });

  it('never holds the event loop longer than 50 ms, writing 6 MB new and then replaced', async () => {
    const { connection, store } = await open();
    db = connection;
    await loaded(store);
    const first = chunksOf(text(6_000_000, 'firstmarker'));
    const second = chunksOf(text(6_000_000, 'secondmarker'));
    expect(first.length).toBe(5000);

    // The probe's baseline: the event loop busy with tiny steps that allocate as a write does (one chunk tokenised
    // per step), so it sees what this shared 2-core machine's scheduling and garbage collector allow at best.
    const baseline = await longestGap(async () => {
      const until = performance.now() + 2000;
      for (let i = 0; performance.now() < until; i++) {
        tokenize(first[i % first.length]!.text);
        await tick();
      }
    });
    const writingNew = await longestGap(() => store.replaceDocument('alice', big('v1'), first));
    const replacing = await longestGap(() => store.replaceDocument('alice', big('v2'), second));
    console.info(
      `large write: baseline ${showGap(baseline)}, new ${showGap(writingNew)}, replaced ${showGap(replacing)}`,
    );
    // What the write holds the loop for, in the loop's own CPU time without the garbage collector's pauses (their
    // length follows the whole test process's heap; the line above shows them): the bound, strictly.
    expect(writingNew.code).toBeLessThanOrEqual(MAX_GAP_MS);
    expect(replacing.code).toBeLessThanOrEqual(MAX_GAP_MS);
    // On the clock (see WALL_MARGIN_MS): still far below the seconds a write held it for in one transaction.
    const bound = Math.max(MAX_GAP_MS, baseline.wall) + WALL_MARGIN_MS;
    expect(writingNew.wall).toBeLessThanOrEqual(bound);
    expect(replacing.wall).toBeLessThanOrEqual(bound);

    expect((await store.bm25('alice', 'firstmarker', { limit: 5 })).total).toBe(0);
    const hits = await store.bm25('alice', 'secondmarker', { limit: 100 });
    expect(hits.total).toBeGreaterThan(4000);
    const points = await store.points(
      'alice',
      hits.hits.map((h) => h.pointId),
    );
    expect(points.every((p) => p.document.version === 'v2' && p.text.includes('secondmarker'))).toBe(true);
    expect((await store.counts('alice')).byType.file).toEqual({ documents: 1, chunks: second.length });
    // Nothing left behind: every chunk row in the database is a visible one.
    const raw = connection.raw.prepare('SELECT count(*) AS n FROM index_chunks').get() as { n: number };
    expect(raw.n).toBe((await store.counts('alice')).chunks);
    expect(connection.raw.prepare('SELECT count(*) AS n FROM index_pending').get()).toEqual({ n: 0 });
  }, 240_000);

  it('lets a reader see the old version or the new one while it is written, never a mix', async () => {
    const { connection, store } = await open();
    db = connection;
    await store.useEmbedder('test', DIMENSIONS);
    const old = chunksOf(text(2_000_000, 'oldmarker'));
    const next = chunksOf(text(2_500_000, 'newmarker'));
    await store.replaceDocument('alice', big('v1'), old);
    await store.bm25('alice', 'oldmarker', { limit: 1 });

    const seen = new Set<string>();
    let done = false;
    const reader = (async () => {
      while (!done) {
        const points = await store.documentPoints('alice', 'file', 'big');
        const versions = new Set(points.map((p) => p.document.version));
        expect(versions.size).toBe(1);
        const version = [...versions][0]!;
        const marker = version === 'v1' ? 'oldmarker' : 'newmarker';
        expect(points).toHaveLength(version === 'v1' ? old.length : next.length);
        expect(points.every((p) => p.text.includes(marker))).toBe(true);
        // What BM25 finds is dropped unless the database has it (as the search service does): one version only.
        const hits = await store.bm25('alice', 'oldmarker newmarker', { limit: 50 });
        const found = await store.points(
          'alice',
          hits.hits.map((h) => h.pointId),
        );
        expect(new Set(found.map((p) => p.document.version)).size).toBeLessThanOrEqual(1);
        seen.add(version);
        await tick();
      }
    })();
    await store.replaceDocument('alice', big('v2'), next);
    done = true;
    await reader;
    expect(seen.has('v1')).toBe(true);
    expect((await store.documentPoints('alice', 'file', 'big')).map((p) => p.document.version)).toEqual(
      next.map(() => 'v2'),
    );
    expect((await store.bm25('alice', 'oldmarker', { limit: 1 })).total).toBe(0);
  }, 240_000);

  it('leaves nothing visible when it crashes between staging and switching, and cleans up on the next open', async () => {
    let staged!: () => void;
    const bothStaged = new Promise<void>((resolve) => (staged = resolve));
    let stagedWrites = 0;
    const first = await open();
    await first.store.useEmbedder('test', DIMENSIONS);
    const old = chunksOf(text(300_000, 'oldmarker'));
    await first.store.replaceDocument('alice', big('v1'), old);
    await first.store.bm25('alice', 'oldmarker', { limit: 1 });
    const crashing = await open({
      beforeSwitch: () => {
        if (++stagedWrites === 2) staged();
        return new Promise<never>(() => undefined); // the process "dies" here: the write never goes on
      },
    });
    await crashing.store.useEmbedder('test', DIMENSIONS);
    void crashing.store.replaceDocument('alice', big('v2'), chunksOf(text(300_000, 'newmarker')));
    const brandNew = { ...big('v1'), docId: 'new', filePath: '/Archive/new.txt' };
    void crashing.store.replaceDocument('alice', brandNew, chunksOf(text(150_000, 'newmarker')));
    await bothStaged;

    // Staged rows exist, yet no reader sees them.
    const rows = (c: RawSqlite, sql: string) => (c.prepare(sql).get() as { n: number }).n;
    expect(rows(crashing.connection.raw, 'SELECT count(*) AS n FROM index_pending')).toBeGreaterThan(0);
    expect(rows(crashing.connection.raw, 'SELECT count(*) AS n FROM index_chunks')).toBeGreaterThan(old.length);
    for (const store of [first.store, crashing.store]) {
      expect((await store.documentPoints('alice', 'file', 'big')).every((p) => p.document.version === 'v1')).toBe(true);
      expect(await store.versions('alice', 'file')).toEqual(new Map([['big', 'v1']]));
      expect(await store.findByFilePath('alice', '/Archive/new.txt')).toEqual([]);
      expect(await store.counts('alice')).toEqual({
        documents: 1,
        chunks: old.length,
        byType: { file: { documents: 1, chunks: old.length } },
      });
    }
    const staleIds = crashing.connection.raw
      .prepare(
        'SELECT c.id FROM index_chunks c JOIN index_documents d ON d.id = c.document_id WHERE c.generation IS NOT d.generation',
      )
      .all() as { id: number }[];
    expect(staleIds.length).toBeGreaterThan(0);
    expect(
      await first.store.points(
        'alice',
        staleIds.map((r) => String(r.id)),
      ),
    ).toEqual([]);

    crashing.connection.raw.close();
    first.connection.raw.close();
    const reopened = await open();
    db = reopened.connection;
    await reopened.store.useEmbedder('test', DIMENSIONS);
    await reopened.store.close(); // waits for the collection that opening started
    expect(rows(db.raw, 'SELECT count(*) AS n FROM index_pending')).toBe(0);
    expect(rows(db.raw, 'SELECT count(*) AS n FROM index_chunks')).toBe(old.length);
    expect(rows(db.raw, 'SELECT count(*) AS n FROM index_documents')).toBe(1);
    const after = createSqliteIndexStore(db);
    expect((await after.documentPoints('alice', 'file', 'big')).map((p) => p.text)).toEqual(old.map((c) => c.text));
    expect((await after.bm25('alice', 'newmarker', { limit: 1 })).total).toBe(0);
    expect((await after.bm25('alice', 'oldmarker', { limit: 1 })).total).toBe(old.length);
  }, 60_000);

  it('removes what a write staged when it fails before the switch, keeping the old version whole', async () => {
    let fail = false;
    const { connection, store } = await open({
      beforeSwitch: () => (fail ? Promise.reject(new Error('disk gone')) : Promise.resolve()),
    });
    db = connection;
    await store.useEmbedder('test', DIMENSIONS);
    const old = chunksOf(text(200_000, 'oldmarker'));
    await store.replaceDocument('alice', big('v1'), old);
    fail = true;
    await expect(store.replaceDocument('alice', big('v2'), chunksOf(text(200_000, 'newmarker')))).rejects.toThrow(
      'disk gone',
    );
    await expect(
      store.replaceDocument('alice', { ...big('v1'), docId: 'other' }, chunksOf(text(150_000, 'newmarker'))),
    ).rejects.toThrow('disk gone');
    expect((connection.raw.prepare('SELECT count(*) AS n FROM index_pending').get() as { n: number }).n).toBe(0);
    expect((connection.raw.prepare('SELECT count(*) AS n FROM index_chunks').get() as { n: number }).n).toBe(
      old.length,
    );
    expect(await store.versions('alice', 'file')).toEqual(new Map([['big', 'v1']]));
    expect((await store.bm25('alice', 'newmarker', { limit: 1 })).total).toBe(0);
    expect((await store.bm25('alice', 'oldmarker', { limit: 1 })).total).toBe(old.length);
  }, 120_000);
});
