// Documents that arrive while a write of their user runs, or just after one, are written together; a failing batch
// is retried one by one, so only the document that fails gets the error.
import { expect, it } from 'vitest';
import { createIndexBatcher } from '../../../src/knowledge/sync/index-batcher.js';
import type { FetchedDocument } from '../../../src/knowledge/sync/sync-source.js';

const doc = (docId: string): FetchedDocument => ({
  docType: 'note',
  docId,
  title: docId,
  mimeType: 'text/plain',
  version: '1',
  pages: [docId],
});

it('writes the first document at once and those that arrive meanwhile in one batch', async () => {
  const calls: string[][] = [];
  let release: () => void = () => undefined;
  const firstWrite = new Promise<void>((resolve) => (release = resolve));
  const batcher = createIndexBatcher(async (_userId, documents) => {
    calls.push(documents.map((d) => d.docId));
    if (calls.length === 1) await firstWrite;
    return documents.map(() => ({ chunks: 1 }));
  });
  const first = batcher.index('ada', doc('a'));
  const later = ['b', 'c', 'd'].map((id) => batcher.index('ada', doc(id)));
  expect(calls).toEqual([['a']]);
  release();
  await Promise.all([first, ...later]);
  expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
});

it('retries a failed batch one by one and rejects only the document that fails alone', async () => {
  let block: () => void = () => undefined;
  const blocked = new Promise<void>((resolve) => (block = resolve));
  let calls = 0;
  const batcher = createIndexBatcher(async (_userId, documents) => {
    if (++calls === 1) await blocked;
    if (documents.some((d) => d.docId === 'bad')) throw new Error('unwritable');
    return documents.map(() => ({ chunks: 2 }));
  });
  const first = batcher.index('ada', doc('a'));
  const good = batcher.index('ada', doc('good'));
  const bad = batcher.index('ada', doc('bad'));
  block();
  await expect(first).resolves.toEqual({ chunks: 2 });
  await expect(good).resolves.toEqual({ chunks: 2 });
  await expect(bad).rejects.toThrow('unwritable');
});

it('while writes follow each other, lets the next batch fill up before writing it', async () => {
  const calls: string[][] = [];
  const batcher = createIndexBatcher(async (_userId, documents) => {
    calls.push(documents.map((d) => d.docId));
    return documents.map(() => ({ chunks: 1 }));
  });
  await batcher.index('ada', doc('a'));

  // The write of 'a' has just ended and none runs: 'b' waits for the others instead of being written alone.
  await Promise.all(['b', 'c', 'd'].map((id) => batcher.index('ada', doc(id))));

  expect(calls).toEqual([['a'], ['b', 'c', 'd']]);
});
