// The chunker: offsets that slice the document text exactly, sizes within bounds, overlap, pages.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkDocument, documentText } from '../../../src/knowledge/text/chunker.js';

describe('chunkDocument', () => {
  it('gives chunks whose offsets slice the document text exactly, within the size, covering every word', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 400 }), { minLength: 1, maxLength: 4 }), (pages) => {
        const chunks = chunkDocument(pages, { size: 120, overlap: 20, paged: true });
        const text = documentText(pages);
        for (const chunk of chunks) {
          expect(text.slice(chunk.start, chunk.end)).toBe(chunk.text);
          expect(chunk.end - chunk.start).toBeLessThanOrEqual(120);
          expect(chunk.text.trim()).toBe(chunk.text);
          expect(chunk.total).toBe(chunks.length);
        }
        const covered = new Set<number>();
        for (const chunk of chunks) for (let i = chunk.start; i < chunk.end; i += 1) covered.add(i);
        for (let i = 0; i < text.length; i += 1) if (!/\s/.test(text[i]!)) expect(covered.has(i)).toBe(true);
      }),
    );
  });

  it('breaks at sentence ends and repeats the overlap at the start of the next chunk', () => {
    const sentence = 'The quarterly report lists revenue by region. ';
    const chunks = chunkDocument([sentence.repeat(20)], { size: 200, overlap: 50, paged: false });
    expect(chunks.length).toBeGreaterThan(4);
    expect(chunks[0]!.text.endsWith('region.')).toBe(true);
    expect(chunks[1]!.start).toBeLessThan(chunks[0]!.end);
    expect(chunks[0]!.end - chunks[1]!.start).toBeLessThanOrEqual(50);
    expect(chunks.every((chunk) => chunk.page === null)).toBe(true);
  });

  it('numbers pages from 1 and never lets a chunk cross a page', () => {
    const chunks = chunkDocument(['first page text', '', 'third page text'], { size: 500, overlap: 0, paged: true });
    expect(chunks.map((chunk) => [chunk.page, chunk.text])).toEqual([
      [1, 'first page text'],
      [3, 'third page text'],
    ]);
    expect(chunks[1]!.start).toBe('first page text'.length + 2 + 0 + 2);
  });

  it('gives no chunks for an empty or blank document', () => {
    expect(chunkDocument(['   \n '], { size: 100, overlap: 10, paged: false })).toEqual([]);
  });
});
