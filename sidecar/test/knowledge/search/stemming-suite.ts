// One suite for the language-aware terms of every IndexStore: Snowball stems per document language, queries in
// either form of a word, language-less text unchanged, and the rebuild of an index made by an older tokenizer.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChunkInput, IndexedDocument, IndexStore } from '../../../src/knowledge/index/index-store.js';
import { queryTerms } from '../../../src/knowledge/text/bm25-text.js';

/** As IndexStoreFactory, plus a way to write the index's recorded format as an older build left it. */
export type StemmingStoreFactory = () => Promise<{
  store: IndexStore;
  close: () => Promise<void>;
  openAgain: () => IndexStore;
  writeRecordedFormat: (json: string) => Promise<void>;
}>;

const DIMENSIONS = 4;

export function runStemmingSuite(engine: 'sqlite' | 'postgres', open: StemmingStoreFactory): void {
  describe(`IndexStore terms by language (${engine})`, () => {
    let opened: Awaited<ReturnType<StemmingStoreFactory>>;
    let store: IndexStore;

    beforeEach(async () => {
      opened = await open();
      store = opened.store;
      await store.useEmbedder('test-embedder', DIMENSIONS);
      await store.replaceDocument('alice', doc('en', 'Project report'), [
        chunk('The engineers were running the generators while the committee discussed the connection of the plants.'),
      ]);
      await store.replaceDocument('alice', doc('de', 'Projektbericht'), [
        chunk('Die Rechnungen wurden bezahlt, und die Häuser der Gemeinde sind mit dem neuen Netz verbunden.'),
      ]);
      await store.replaceDocument('alice', doc('codes', 'Serials'), [chunk('XR-2231 ab7f0c QX9 batches')]);
    });
    afterEach(async () => {
      await store.close();
      await opened.close();
    });

    const found = async (query: string) => {
      const hits = (await store.bm25('alice', query, { limit: 10 })).hits;
      const points = await store.points(
        'alice',
        hits.map((hit) => hit.pointId),
      );
      return points.map((point) => point.document.docId);
    };

    it('finds an English document by another form of its words, in a sentence or alone', async () => {
      expect(await found('who runs the generator')).toEqual(['en']);
      expect(await found('connected')).toEqual(['en']);
      expect(await found('discussions of the committees')).toEqual(['en']);
    });

    it('finds a German document by another form of its words, in a sentence or alone', async () => {
      expect(await found('die Rechnung ist bezahlt')).toEqual(['de']);
      expect(await found('Haus')).toEqual(['de']);
      expect(await found('Gemeinden')).toEqual(['de']);
    });

    it('keeps the terms of text in no language: codes match as they are, a language-less query keeps its words', async () => {
      expect(await found('xr 2231')).toEqual(['codes']);
      expect(await found('AB7F0C')).toEqual(['codes']);
      expect(await found('batch')).toEqual(['codes']);
      expect(queryTerms('XR-2231 ab7f0c')).toEqual(['xr', '2231', 'ab7f0c']);
    });

    it('ranks a document matching in two chunks above one matching as well in a single chunk', async () => {
      const twice = [chunk('Turbine blades crack under heat.'), chunk('Inspect every turbine blade for cracks.')];
      twice[1]!.index = 1;
      twice.forEach((each) => (each.total = 2));
      await store.replaceDocument('alice', { ...doc('twice', 'Inspection'), docType: 'note' }, twice);
      await store.replaceDocument('alice', { ...doc('once', 'Inspection'), docType: 'note' }, [
        chunk('Turbine blades crack under heat.'),
      ]);
      const hits = (await store.bm25('alice', 'turbine cracks', { limit: 10, docTypes: ['note'] })).hits;
      const owners = (
        await store.points(
          'alice',
          hits.map((hit) => hit.pointId),
        )
      ).map((p) => p.document.docId);
      expect(owners[0]).toBe('twice');
      expect(owners.indexOf('once')).toBeGreaterThan(owners.indexOf('twice'));
      expect(hits[0]!.score).toBeGreaterThan(hits[owners.indexOf('once')]!.score);
    });

    it('rebuilds an index whose terms an older tokenizer made, and keeps one made by this one', async () => {
      expect(await store.useEmbedder('test-embedder', DIMENSIONS)).toBe(false);
      expect((await store.counts('alice')).documents).toBe(3);
      await opened.writeRecordedFormat(JSON.stringify({ id: 'test-embedder', dimensions: DIMENSIONS }));
      const reopened = opened.openAgain();
      try {
        expect(await reopened.useEmbedder('test-embedder', DIMENSIONS)).toBe(true);
        expect((await reopened.counts('alice')).documents).toBe(0);
        expect(await reopened.versions('alice', 'file')).toEqual(new Map());
        await reopened.replaceDocument('alice', doc('en', 'Project report'), [
          chunk('The committee discussed the connection of the plants.'),
        ]);
        const hits = (await reopened.bm25('alice', 'connected', { limit: 5 })).hits;
        expect(hits).toHaveLength(1);
      } finally {
        await reopened.close();
      }
    });
  });
}

function doc(docId: string, title: string): IndexedDocument {
  return { docType: 'file', docId, title, mimeType: 'text/plain', version: 'v1' };
}

function chunk(text: string): ChunkInput {
  return { index: 0, total: 1, start: 0, end: text.length, page: null, text, vector: Float32Array.of(1, 0, 0, 0) };
}
