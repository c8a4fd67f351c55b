// Bounds of the search body and the chunk-context query: everything outside is a clear 400, nothing defaulted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseChunkContextQuery, parsePointIds, parseSearchRequest } from '../../src/api/search-request.js';
import { InvalidInputError } from '../../src/errors.js';

describe('parseSearchRequest', () => {
  it('fills the documented defaults', () => {
    expect(parseSearchRequest({ query: ' budget ' })).toEqual({
      query: 'budget',
      algorithm: 'hybrid',
      fusion: 'rrf',
      limit: 10,
      offset: 0,
      scoreThreshold: 0,
      docTypes: undefined,
      includePca: false,
      includeChunks: false,
    });
  });

  it.each([
    [{ query: 'x', algorithm: 'bm42' }, 'algorithm must be one of bm25, semantic, hybrid.'],
    [{ query: 'x', fusion: 'sum' }, 'fusion must be one of rrf, dbsf.'],
    [{ query: 'x', limit: 0 }, 'limit must be between 1 and 100.'],
    [{ query: 'x', limit: 101 }, 'limit must be between 1 and 100.'],
    [{ query: 'x', limit: 2.5 }, 'limit must be a whole number.'],
    [{ query: 'x', limit: '10' }, 'limit must be a number.'],
    [{ query: 'x', offset: 1_000_001 }, 'offset must be between 0 and 1000000.'],
    [{ query: 'x', score_threshold: 1.5 }, 'score_threshold must be between 0 and 1.'],
    [
      { query: 'x', doc_types: ['file', 'photo'] },
      'doc_types must be a list of: file, note, deck_card, calendar_item, news_item, contact.',
    ],
    [{ query: 'x', include_pca: 'yes' }, 'include_pca must be true or false.'],
    [{ query: 'x', qeury: 'typo' }, 'Unknown field: qeury.'],
    [{ query: 'x'.repeat(10_001) }, 'query must be between 1 and 10000 characters long.'],
    [{ query: '' }, 'query must be between 1 and 10000 characters long.'],
    [[], 'The body must be a JSON object with at least "query".'],
  ])('refuses %j', (body, message) => {
    expect(() => parseSearchRequest(body)).toThrow(new InvalidInputError(message));
  });

  it('answers any JSON value with a request or an InvalidInputError, nothing else', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        try {
          parseSearchRequest(body);
        } catch (error) {
          expect(error).toBeInstanceOf(InvalidInputError);
        }
      }),
    );
  });
});

describe('parseChunkContextQuery and parsePointIds', () => {
  it('checks integer bounds and end > start', () => {
    const ok = { doc_type: 'note', doc_id: '12', start: '10', end: '20' };
    expect(parseChunkContextQuery(ok)).toEqual({ docType: 'note', docId: '12', start: 10, end: 20, context: 500 });
    expect(() => parseChunkContextQuery({ ...ok, end: '10' })).toThrow('end must be greater than start.');
    expect(() => parseChunkContextQuery({ ...ok, start: '-1' })).toThrow('start must be between');
    expect(() => parseChunkContextQuery({ ...ok, context: '1.5' })).toThrow('context must be a whole number.');
    for (const odd of ['0x10', '1e3', ' 10', '10.0', '+5']) {
      expect(() => parseChunkContextQuery({ ...ok, start: odd })).toThrow('start must be a whole number.');
    }
    expect(() => parseChunkContextQuery({ ...ok, doc_type: 'photo' })).toThrow('doc_type must be one of');
  });

  it('takes 1 to 100 decimal point ids', () => {
    expect(parsePointIds({ point_ids: ['1', '1', '22'] })).toEqual(['1', '22']);
    expect(() => parsePointIds({ point_ids: [] })).toThrow(InvalidInputError);
    expect(() => parsePointIds({ point_ids: ['1; DROP'] })).toThrow(InvalidInputError);
    expect(() => parsePointIds({ point_ids: Array.from({ length: 101 }, (_, i) => String(i)) })).toThrow();
  });
});
