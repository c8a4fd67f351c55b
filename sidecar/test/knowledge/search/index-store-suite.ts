// One behaviour suite for every IndexStore: run by the SQLite and the PostgreSQL store tests with their factory.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bm25Idf, bm25TermScore, withDocumentEvidence } from '../../../src/knowledge/index/bm25.js';
import type { DocType } from '../../../src/knowledge/doc-types.js';
import type { ChunkInput, IndexedDocument, IndexStore } from '../../../src/knowledge/index/index-store.js';
import { documentTokenizer, queryTerms } from '../../../src/knowledge/text/bm25-text.js';

/**
 * Opens a store over an empty index; `close` releases it and whatever the factory made for it; `openAgain` opens
 * another store over the same index, as another process would (its caller closes it).
 */
export type IndexStoreFactory = () => Promise<{
  store: IndexStore;
  close: () => Promise<void>;
  openAgain: () => IndexStore;
}>;

const DIMENSIONS = 16;

export function runIndexStoreSuite(engine: 'sqlite' | 'postgres', open: IndexStoreFactory): void {
  describe(`IndexStore (${engine})`, () => {
    let store: IndexStore;
    let close: () => Promise<void>;
    let openAgain: () => IndexStore;

    beforeEach(async () => {
      ({ store, close, openAgain } = await open());
      expect(store.engine).toBe(engine);
      await store.useEmbedder('test-embedder', DIMENSIONS);
    });
    afterEach(async () => {
      await store.close();
      await close();
    });

    it('replaces a document and all its chunks: the old chunks are gone', async () => {
      await store.replaceDocument('alice', doc('file', '1'), chunks(['alpha one', 'alpha two', 'alpha three']));
      const before = await store.documentPoints('alice', 'file', '1');
      expect(before.map((p) => p.text)).toEqual(['alpha one', 'alpha two', 'alpha three']);
      await store.replaceDocument('alice', doc('file', '1', { version: 'v2', title: 'New' }), chunks(['beta one']));
      const after = await store.documentPoints('alice', 'file', '1');
      expect(after.map((p) => [p.text, p.document.title, p.document.version])).toEqual([['beta one', 'New', 'v2']]);
      expect(
        await store.points(
          'alice',
          before.map((p) => p.pointId),
        ),
      ).toEqual([]);
      expect((await store.bm25('alice', 'alpha', { limit: 10 })).total).toBe(0);
      expect((await store.bm25('alice', 'beta', { limit: 10 })).hits.map((h) => h.pointId)).toEqual([
        after[0]?.pointId,
      ]);
      expect(await store.counts('alice')).toEqual({
        documents: 1,
        chunks: 1,
        byType: { file: { documents: 1, chunks: 1 } },
      });
    });

    it('keeps the old version whole when a replacement fails', async () => {
      await store.replaceDocument('alice', doc('note', '7'), chunks(['kept text']));
      const bad = [...chunks(['new text']), { ...chunks(['x'])[0]!, index: 1, vector: new Float32Array(3) }];
      await expect(store.replaceDocument('alice', doc('note', '7', { version: 'v9' }), bad)).rejects.toThrow();
      const points = await store.documentPoints('alice', 'note', '7');
      expect(points.map((p) => [p.text, p.document.version])).toEqual([['kept text', 'v1']]);
      expect((await store.bm25('alice', 'kept', { limit: 5 })).total).toBe(1);
    });

    it('keeps a document with an empty chunk list, without text', async () => {
      await store.replaceDocument('alice', doc('contact', 'c1'), chunks(['some words']));
      await store.replaceDocument('alice', doc('contact', 'c1', { version: 'v2' }), []);
      expect(await store.versions('alice', 'contact')).toEqual(new Map([['c1', 'v2']]));
      expect(await store.documentPoints('alice', 'contact', 'c1')).toEqual([]);
      expect((await store.bm25('alice', 'words', { limit: 5 })).total).toBe(0);
    });

    it('never lets one user reach another user’s chunks, even of the same shared file', async () => {
      const shared = doc('file', '42', { filePath: '/Shared/plan.md' });
      const text = ['the shared project plan', 'budget and milestones'];
      await store.replaceDocument('alice', shared, chunks(text, 1));
      await store.replaceDocument('bob', shared, chunks(text, 1));
      await store.replaceDocument('bob', doc('note', '9'), chunks(['bob alone writes about the project'], 5));
      const mine = async (user: string) => (await store.documentPoints(user, 'file', '42')).map((p) => p.pointId);
      const [alicePoints, bobPoints] = [await mine('alice'), await mine('bob')];
      expect(alicePoints).toHaveLength(2);
      expect(alicePoints.filter((id) => bobPoints.includes(id))).toEqual([]);

      const bm25 = await store.bm25('alice', 'project plan budget', { limit: 10 });
      expect(bm25.hits.every((h) => alicePoints.includes(h.pointId))).toBe(true);
      expect(bm25.total).toBe(2);
      const near = await store.nearest('alice', vector(1), { limit: 10 });
      expect(near.hits.map((h) => h.pointId).sort()).toEqual([...alicePoints].sort());
      expect(near.total).toBe(2);
      expect(await store.points('alice', bobPoints)).toEqual([]);
      expect((await store.points('bob', bobPoints)).map((p) => p.pointId)).toEqual(bobPoints);
      expect((await store.findByFilePath('alice', '/Shared/plan.md')).map((d) => d.docId)).toEqual(['42']);
      expect((await store.counts('alice')).chunks).toBe(2);
      expect((await store.counts('bob')).chunks).toBe(3);

      expect(await store.deleteUser('alice')).toBe(1);
      expect(await store.counts('alice')).toEqual({ documents: 0, chunks: 0, byType: {} });
      expect((await store.bm25('bob', 'plan', { limit: 10 })).total).toBe(1);
      expect((await store.points('bob', bobPoints)).length).toBe(2);
    });

    it('scores BM25 exactly by the formula, with statistics over all of the user’s chunks', async () => {
      const corpus: [DocType, string][] = [
        ['file', 'Meeting notes: the budget meeting moved to Friday.'],
        ['file', 'Budget budget budget! Numbers for the quarterly budget review and the forecast of expenses.'],
        ['note', 'Friday lunch with the team'],
        [
          'note',
          'A long note about nothing in particular, written to make this chunk much longer than the others so ' +
            'that length normalisation matters for every term it contains, including meeting.',
        ],
        ['deck_card', 'Prepare the review'],
        ['calendar_item', 'Dentist appointment'],
      ];
      for (const [i, [type, text]] of corpus.entries()) {
        await store.replaceDocument('alice', doc(type, `d${i}`), chunks([text], i));
      }
      await store.replaceDocument('bob', doc('file', 'b1'), chunks(['budget budget meeting budget'.repeat(5)], 9));
      const ids = new Map<string, string>();
      for (const [i, [type]] of corpus.entries()) {
        ids.set((await store.documentPoints('alice', type, `d${i}`))[0]!.pointId, corpus[i]![1]);
      }
      for (const [query, docTypes] of [
        ['budget meeting', undefined],
        ['Meetings about the BUDGET review on friday', undefined],
        ['review', ['deck_card', 'file'] as DocType[]],
        ['budget friday', ['note'] as DocType[]],
      ] as const) {
        const result = await store.bm25('alice', query, { limit: 10, docTypes });
        const allowed = [...ids].filter(([id]) => {
          const i = [...ids.keys()].indexOf(id);
          return !docTypes || docTypes.includes(corpus[i]![0]);
        });
        const expected = allowed
          .map(([id, text]) => ({
            id,
            score: bm25Expected(
              query,
              titled(`Title d${corpus.findIndex(([, t]) => t === text)}`, text),
              corpus.map(([, t], i) => titled(`Title d${i}`, t)),
            ),
          }))
          .filter((e) => e.score > 0)
          .sort((a, b) => b.score - a.score);
        expect(result.total).toBe(expected.length);
        expect(result.hits.map((h) => h.pointId)).toEqual(expected.map((e) => e.id));
        for (const [i, hit] of result.hits.entries()) expect(hit.score).toBeCloseTo(expected[i]!.score, 9);
      }
      const limited = await store.bm25('alice', 'budget meeting friday', { limit: 2 });
      expect(limited.hits).toHaveLength(2);
      expect(limited.total).toBe(4);
      expect((await store.bm25('alice', 'zzz unknownword', { limit: 5 })).total).toBe(0);
    });

    it('finds the exact nearest chunks, filters by type and counts honestly above minScore', async () => {
      const vectors = new Map<string, { type: DocType; vector: Float32Array }>();
      const types: DocType[] = ['file', 'note', 'news_item'];
      for (let d = 0; d < 30; d++) {
        const type = types[d % 3]!;
        const input = Array.from({ length: 10 }, (_, i) => chunk(`chunk ${d}-${i}`, i, 10, 1000 + d * 10 + i));
        await store.replaceDocument('alice', doc(type, `v${d}`), input);
        for (const p of await store.documentPoints('alice', type, `v${d}`)) {
          vectors.set(p.pointId, { type, vector: input[p.index]!.vector });
        }
      }
      for (const seed of [1, 2, 3]) {
        const query = vector(seed);
        for (const docTypes of [undefined, ['note', 'news_item'] as DocType[]]) {
          const exact = [...vectors]
            .filter(([, v]) => !docTypes || docTypes.includes(v.type))
            .map(([id, v]) => ({ id, score: dot(query, v.vector) }))
            .sort((a, b) => b.score - a.score);
          const result = await store.nearest('alice', query, { limit: 10, docTypes });
          expect(result.hits.map((h) => h.pointId)).toEqual(exact.slice(0, 10).map((e) => e.id));
          for (const [i, hit] of result.hits.entries()) expect(hit.score).toBeCloseTo(exact[i]!.score, 5);
          expect(result.total).toBe(exact.length);
          const minScore = 0.3;
          const above = await store.nearest('alice', query, { limit: 5, docTypes, minScore });
          expect(above.total).toBe(exact.filter((e) => e.score >= minScore).length);
          expect(above.hits.every((h) => h.score >= minScore)).toBe(true);
        }
      }
    });

    it('counts the document title in BM25: a note is found by a title word its text never says', async () => {
      await store.replaceDocument('alice', doc('note', 'g', { title: 'Groceries' }), chunks(['milk, eggs', 'bread']));
      await store.replaceDocument('alice', doc('note', 'h'), chunks(['a grocery list for the week ahead']));
      const result = await store.bm25('alice', 'groceries', { limit: 10 });
      const titledPoints = (await store.documentPoints('alice', 'note', 'g')).map((p) => p.pointId);
      const other = (await store.documentPoints('alice', 'note', 'h')).map((p) => p.pointId);
      expect(result.total).toBe(3);
      const corpus = [
        titled('Groceries', 'milk, eggs'),
        titled('Groceries', 'bread'),
        titled('Title h', 'a grocery list for the week ahead'),
      ];
      const scores = new Map(result.hits.map((h) => [h.pointId, h.score]));
      const [first, second, third] = corpus.map((text) => bm25Expected('groceries', text, corpus));
      // Both chunks of the note titled Groceries match: each gains the damped evidence of the other.
      expect(scores.get(titledPoints[0]!)).toBeCloseTo(withDocumentEvidence(first!, first! + second!), 9);
      expect(scores.get(titledPoints[1]!)).toBeCloseTo(withDocumentEvidence(second!, first! + second!), 9);
      expect(scores.get(other[0]!)).toBeCloseTo(third!, 9);
      await store.replaceDocument('alice', doc('note', 'g', { title: 'Hardware', version: 'v2' }), chunks(['bread']));
      expect((await store.bm25('alice', 'groceries', { limit: 10 })).hits.map((h) => h.pointId)).toEqual(other);
    });

    it('holds one embedder: another id or dimension clears the index, and dimensions never mix', async () => {
      await store.replaceDocument('alice', doc('file', '1'), chunks(['hello world']));
      expect(await store.useEmbedder('test-embedder', DIMENSIONS)).toBe(false);
      expect((await store.counts('alice')).documents).toBe(1);
      expect(await store.useEmbedder('other-model', DIMENSIONS)).toBe(true);
      expect((await store.counts('alice')).documents).toBe(0);
      await store.replaceDocument('alice', doc('file', '1'), chunks(['hello world']));
      expect(await store.useEmbedder('other-model', 8)).toBe(true);
      expect(await store.versions('alice', 'file')).toEqual(new Map());
      await expect(store.replaceDocument('alice', doc('file', '2'), chunks(['sixteen dims']))).rejects.toThrow();
      await store.replaceDocument('alice', doc('file', '3'), [chunk('eight dims', 0, 1, 3, 8)]);
      const near = await store.nearest('alice', vector(3, 8), { limit: 5 });
      expect(near.hits).toHaveLength(1);
      expect(near.hits[0]!.score).toBeCloseTo(1, 5);
      expect((await store.bm25('alice', 'hello', { limit: 5 })).total).toBe(0);
    });

    it('deletes documents, finds them by file path, lists versions and counts by type', async () => {
      await store.replaceDocument('alice', doc('file', 'f1', { filePath: '/A/x.md' }), chunks(['one', 'two']));
      await store.replaceDocument(
        'alice',
        doc('file', 'f2', { filePath: '/A/x.md', version: 'v5' }),
        chunks(['three']),
      );
      await store.replaceDocument(
        'alice',
        doc('deck_card', 'c1', { extra: { board: 'Ops', stack: 'Doing' } }),
        chunks(['card']),
      );
      expect((await store.findByFilePath('alice', '/A/x.md')).map((d) => d.docId).sort()).toEqual(['f1', 'f2']);
      expect(await store.findByFilePath('alice', '/A/y.md')).toEqual([]);
      expect(await store.versions('alice', 'file')).toEqual(
        new Map([
          ['f1', 'v1'],
          ['f2', 'v5'],
        ]),
      );
      expect(await store.counts('alice')).toEqual({
        documents: 3,
        chunks: 4,
        byType: { file: { documents: 2, chunks: 3 }, deck_card: { documents: 1, chunks: 1 } },
      });
      const card = (await store.documentPoints('alice', 'deck_card', 'c1'))[0]!;
      expect(card.document).toEqual(doc('deck_card', 'c1', { extra: { board: 'Ops', stack: 'Doing' } }));
      expect(await store.deleteDocument('alice', 'file', 'f1')).toBe(true);
      expect(await store.deleteDocument('alice', 'file', 'f1')).toBe(false);
      expect(await store.deleteDocument('bob', 'file', 'f2')).toBe(false);
      expect((await store.bm25('alice', 'one two three', { limit: 5 })).total).toBe(1);
      expect((await store.nearest('alice', vector(0), { limit: 5, docTypes: ['file'] })).total).toBe(1);
      expect(await store.deleteUser('alice')).toBe(2);
      expect(await store.deleteUser('alice')).toBe(0);
    });

    it('returns points in the order asked, with vectors on request, and ignores unknown or malformed ids', async () => {
      await store.replaceDocument('alice', doc('file', 'p', { pageCount: 2 }), [
        chunk('page one', 0, 2, 11, DIMENSIONS, 1),
        chunk('page two', 1, 2, 12, DIMENSIONS, 2),
      ]);
      const [a, b] = await store.documentPoints('alice', 'file', 'p');
      const points = await store.points('alice', [b!.pointId, 'nope', '-1', '999999999', a!.pointId], {
        vectors: true,
      });
      expect(points.map((p) => [p.text, p.page, p.start, p.end, p.total])).toEqual([
        ['page two', 2, 100, 108, 2],
        ['page one', 1, 0, 8, 2],
      ]);
      expect(Array.from(points[1]!.vector!)).toEqual(Array.from(vector(11)));
      expect((await store.points('alice', [a!.pointId]))[0]!.vector).toBeUndefined();
    });

    it('keeps one point id secret of 32 bytes: the same when asked again, from another store, after a new embedder', async () => {
      const first = await store.pointIdSecret();
      const other = openAgain();

      const again = [await store.pointIdSecret(), await other.pointIdSecret()];
      await store.useEmbedder('another-embedder', DIMENSIONS);
      const third = openAgain();
      const afterEmbedder = await third.pointIdSecret();

      await Promise.all([other.close(), third.close()]);
      expect(first.length).toBe(32);
      expect([...again, afterEmbedder].map((secret) => secret.equals(first))).toEqual([true, true, true]);
    });

    it('round-trips unicode-heavy text and a 1 MB chunk', async () => {
      const unicode = 'Zürich café — 東京の会議 🗓️ naïve façade Ωμέγα ﬁnance e\u0301t\u00e9 \u{1F600}';
      const big = 'lorem ipsum dolor '.repeat(Math.ceil(1_048_576 / 18)).slice(0, 1_048_576);
      await store.replaceDocument('alice', doc('note', 'u', { title: 'Ünïcødé 📝' }), chunks([unicode, big]));
      const [u, b] = await store.documentPoints('alice', 'note', 'u');
      expect(u!.text).toBe(unicode);
      expect(u!.document.title).toBe('Ünïcødé 📝');
      expect(b!.text).toBe(big);
      expect((await store.bm25('alice', 'zurich CAFE', { limit: 5 })).hits.map((h) => h.pointId)).toEqual([u!.pointId]);
      const lorem = await store.bm25('alice', 'lorem', { limit: 5 });
      const title = 'Ünïcødé 📝';
      const expected = bm25Expected('lorem', titled(title, big), [titled(title, unicode), titled(title, big)]);
      expect(lorem.hits[0]!.score).toBeCloseTo(expected, 9);
    });
  });
}

/** What BM25 counts of a chunk: its document's title, a line break, its text. */
export function titled(title: string, text: string): string {
  return `${title}\n${text}`;
}

/**
 * BM25 of `text` for the distinct terms of `query` over `corpus` (the user's chunks, each of a one-chunk document of
 * its own, so each in its own language), straight from the formula.
 */
export function bm25Expected(query: string, text: string, corpus: readonly string[]): number {
  const terms = (chunk: string) => documentTokenizer('', [chunk]).chunkTerms(chunk);
  const docs = corpus.map(terms);
  const average = docs.reduce((sum, d) => sum + d.length, 0) / docs.length;
  const own = terms(text);
  let score = 0;
  for (const term of queryTerms(query)) {
    const tf = own.filter((t) => t === term).length;
    if (tf === 0) continue;
    const df = docs.filter((d) => d.includes(term)).length;
    score += bm25TermScore(tf, own.length, average, bm25Idf(docs.length, df));
  }
  return score;
}

function doc(docType: DocType, docId: string, extra: Partial<IndexedDocument> = {}): IndexedDocument {
  return { docType, docId, title: `Title ${docId}`, mimeType: 'text/plain', version: 'v1', ...extra };
}

function chunks(texts: readonly string[], seed = 0): ChunkInput[] {
  let start = 0;
  return texts.map((text, index) => {
    const c = chunk(text, index, texts.length, seed * 100 + index);
    c.start = start;
    c.end = start + text.length;
    start = c.end + 2;
    return c;
  });
}

function chunk(
  text: string,
  index: number,
  total: number,
  seed: number,
  dims = DIMENSIONS,
  page: number | null = null,
): ChunkInput {
  const start = index * 100;
  return { index, total, start, end: start + text.length, page, text, vector: vector(seed, dims) };
}

/** A deterministic L2-normalised vector. */
function vector(seed: number, dims = DIMENSIONS): Float32Array {
  let state = (seed * 2654435761 + 1) >>> 0;
  const next = () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + 3266489917) >>> 0;
    return state / 2 ** 32 - 0.5;
  };
  const v = Float32Array.from({ length: dims }, next);
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}
