// The embedded index's lean layout: a lexical embedder's vectors stored as int8 (cosines close to the float ones,
// exact for the stored vector), terms as varint pairs, chunk text kept once and deflated, an index of the older
// layout rebuilt once, and the byte bound of the users' loaded indexes.
import { afterEach, describe, expect, it } from 'vitest';
import type { SqliteSqlDatabase } from '../../../src/store/sql/sqlite-database.js';
import { createHashingEmbedder } from '../../../src/knowledge/embedders/hashing-embedder.js';
import type { IndexedDocument, IndexStore } from '../../../src/knowledge/index/index-store.js';
import { createSqliteIndexStore } from '../../../src/knowledge/index/sqlite-index-store.js';
import { prepareIndexStatements } from '../../../src/knowledge/index/sqlite/index-rows.js';
import { LoadedUsers } from '../../../src/knowledge/index/sqlite/loaded-users.js';
import { blobFromPairs, pairsFromBlob } from '../../../src/knowledge/index/sqlite/term-pairs.js';
import { storedText, textsOfStored } from '../../../src/knowledge/index/sqlite/chunk-text.js';
import { migratedDatabase, seeded } from './index-fixtures.js';

const embedder = createHashingEmbedder(64);
const TEXTS = [
  'Boundary layer transition on a flat plate at supersonic speeds.',
  'Heat transfer in laminar flow over a heated cylinder.',
  'Buckling of thin cylindrical shells under axial compression.',
  'Shock wave interaction with a turbulent boundary layer.',
];

const note = (i: number): IndexedDocument => ({
  docType: 'note',
  docId: String(i),
  title: `Note ${i}`,
  mimeType: 'text/markdown',
  version: 'v1',
});

async function indexAll(store: IndexStore): Promise<Float32Array[]> {
  const vectors = await embedder.embed(TEXTS.map((text, i) => `Note ${i}\n${text}`));
  for (const [i, text] of TEXTS.entries()) {
    const chunk = { index: 0, total: 1, start: 0, end: text.length, page: null, text, vector: vectors[i]! };
    await store.replaceDocument('alice', note(i), [chunk]);
  }
  return vectors;
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

describe('the lean layout of the embedded index', () => {
  let db: SqliteSqlDatabase | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('stores a lexical embedder’s vectors as int8 bytes and scores them within 0.02 of the float cosine', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    const vectors = await indexAll(store);
    const sizes = db.raw.prepare<[], { size: number }>('SELECT length(vector) AS size FROM index_chunks').all();
    expect(sizes.map((row) => row.size)).toEqual(TEXTS.map(() => embedder.dimensions));

    const [query] = await embedder.embed(['boundary layer']);
    const { hits } = await store.nearest('alice', query!, { limit: 4 });
    const points = await store.points(
      'alice',
      hits.map((hit) => hit.pointId),
      { vectors: true },
    );
    for (const [i, hit] of hits.entries()) {
      const stored = points[i]!.vector!;
      expect(Math.hypot(...stored)).toBeCloseTo(1, 5);
      // The score is the stored vector's exact cosine, and that is close to the float vector's.
      expect(hit.score).toBeCloseTo(dot(query!, stored), 5);
      expect(Math.abs(hit.score - dot(query!, vectors[Number(points[i]!.document.docId)]!))).toBeLessThan(0.02);
    }
    expect(hits.slice(0, 2).map((hit) => points[hits.indexOf(hit)]!.document.docId)).toEqual(
      expect.arrayContaining(['0', '3']),
    );
    await store.close();
  });

  it('keeps a semantic embedder’s vectors as float32 exactly', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder(embedder.id, embedder.dimensions, 'semantic');
    const vectors = await indexAll(store);
    const sizes = db.raw.prepare<[], { size: number }>('SELECT length(vector) AS size FROM index_chunks').all();
    expect(sizes.map((row) => row.size)).toEqual(TEXTS.map(() => 4 * embedder.dimensions));
    const { hits } = await store.nearest('alice', vectors[2]!, { limit: 1 });
    expect(hits[0]!.score).toBeCloseTo(1, 6);
    await store.close();
  });

  it('rebuilds an index of the older layout, and one whose embedder changed kind', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    await indexAll(store);
    await store.close();
    const format = { id: embedder.id, dimensions: embedder.dimensions, tokenizer: 'snowball-en-de-1' };
    db.raw.prepare("UPDATE index_meta SET value = ? WHERE key = 'embedder'").run(JSON.stringify(format));

    const reopened = createSqliteIndexStore(db);
    expect(await reopened.useEmbedder(embedder.id, embedder.dimensions, 'lexical')).toBe(true);
    expect((await reopened.counts('alice')).documents).toBe(0);
    await indexAll(reopened);
    expect(await reopened.useEmbedder(embedder.id, embedder.dimensions, 'lexical')).toBe(false);
    expect(await reopened.useEmbedder(embedder.id, embedder.dimensions, 'semantic')).toBe(true);
    await reopened.close();
  });

  it('keeps each chunk’s text once, deflated when that is smaller, and hands it back exactly', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    const long = `${TEXTS.join(' ')} Grüße, Straße — 東京 🚀. `.repeat(20);
    const texts = ['short note', long];
    const vectors = await embedder.embed(texts);
    const chunks = texts.map((text, index) => ({
      ...{ index, total: 2, start: 0, end: text.length, page: null, text },
      vector: vectors[index]!,
    }));
    await store.replaceDocument('alice', note(7), chunks);
    const stored = db.raw
      .prepare<[], { kind: string; bytes: number }>(
        'SELECT typeof(text) AS kind, length(CAST(text AS BLOB)) AS bytes FROM index_chunk_texts ORDER BY id',
      )
      .all();
    expect(stored.map((row) => row.kind)).toEqual(['text', 'blob']);
    expect(stored[1]!.bytes).toBeLessThan(Buffer.byteLength(long) / 4);
    expect((await store.documentPoints('alice', 'note', '7')).map((point) => point.text)).toEqual(texts);
    await store.deleteDocument('alice', 'note', '7');
    expect(db.raw.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM index_chunk_texts').get()?.n).toBe(0);
    await store.close();
  });

  it('inflates many stored texts in one call and hands each back exactly, in order', () => {
    const random = seeded(5);
    const pieces = [...TEXTS, 'Grüße aus Zürich — 東京 🚀', 'x'];
    const texts = Array.from({ length: 60 }, (_, i) =>
      Array.from(
        { length: i % 7 === 0 ? 1 : 5 + Math.floor(random() * 80) },
        () => pieces[Math.floor(random() * 6)],
      ).join(i % 2 === 0 ? ' ' : '\n\n'),
    );
    texts.push('', 'ab'.repeat(300_000));
    const stored = texts.map(storedText);
    expect(stored.filter((value) => typeof value !== 'string').length).toBeGreaterThan(40);
    expect(stored.filter((value) => typeof value === 'string').length).toBeGreaterThan(5);
    expect(textsOfStored(stored)).toEqual(texts);
    expect(textsOfStored([stored[3]!])).toEqual([texts[3]]);
    expect(textsOfStored([])).toEqual([]);
  });

  it('writes a small document with thousands of distinct terms, numbering them a few chunks at a time', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    const words = (chunk: number) => Array.from({ length: 700 }, (_, i) => `zq${chunk}x${i}`).join(' ');
    const texts = [0, 1, 2].map(words);
    const vectors = await embedder.embed(texts);
    const chunks = texts.map((text, index) => ({
      ...{ index, total: 3, start: 0, end: text.length, page: null, text },
      vector: vectors[index]!,
    }));
    await store.replaceDocument('alice', note(9), chunks);
    const dictionary = db.raw.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM index_terms').get();
    expect(dictionary?.n).toBeGreaterThan(2100);
    for (const word of ['zq0x5', 'zq1x350', 'zq2x699']) {
      expect((await store.bm25('alice', word, { limit: 5 })).total).toBe(1);
    }
    await store.close();
  });

  it('keeps loaded users within the byte bound, dropping the least recently searched first', async () => {
    db = await migratedDatabase(':memory:');
    const store = createSqliteIndexStore(db);
    await store.useEmbedder(embedder.id, embedder.dimensions, 'lexical');
    await indexAll(store);
    const vector = (await embedder.embed(['bob']))[0]!;
    await store.replaceDocument('bob', note(1), [
      { index: 0, total: 1, start: 0, end: 3, page: null, text: 'bob', vector },
    ]);
    await store.close();
    const statements = prepareIndexStatements(db.raw);
    const roomy = new LoadedUsers(statements, { maxLoadedBytes: 1 << 30, sliceMs: 15 });
    await roomy.get('alice', embedder.dimensions, 'int8');
    await roomy.get('bob', embedder.dimensions, 'int8');
    expect(roomy.usage().users).toBe(2);
    const tight = new LoadedUsers(statements, { maxLoadedBytes: roomy.usage().bytes - 1, sliceMs: 15 });
    await tight.get('alice', embedder.dimensions, 'int8');
    await tight.get('bob', embedder.dimensions, 'int8');
    expect(tight.usage()).toMatchObject({ users: 1, chunks: 1 });
    expect((await tight.get('alice', embedder.dimensions, 'int8')).live).toBe(TEXTS.length);
    expect(tight.usage().users).toBe(1);
  });

  it('packs term pairs as sorted varints and reads back every pair, large numbers included', () => {
    const pairs = new Uint32Array([300, 2, 5, 1, 2 ** 31 + 7, 70_000, 128, 127]);
    const blob = blobFromPairs(pairs);
    expect(blob.byteLength).toBeLessThan(pairs.byteLength / 2);
    expect(Array.from(pairsFromBlob(blob))).toEqual([5, 1, 128, 127, 300, 2, 2 ** 31 + 7, 70_000]);
    expect(Array.from(pairsFromBlob(blobFromPairs(new Uint32Array(0))))).toEqual([]);
  });
});
