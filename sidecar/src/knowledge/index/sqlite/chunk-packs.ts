// A page of chunk rows read as one packed row (each column aggregated: numbers as one comma-separated string, blobs
// joined into one blob) and cut back into rows: loading a user's index then makes two Buffers a page instead of two
// a chunk, which took about 40 % of a load's time (bench/knowledge-lean-index.ts). SQLite's group_concat copies a
// blob's bytes unchanged in a UTF-8 database, and every aggregate of one query sees the rows in the same order.
import type { DocType } from '../../doc-types.js';
import type { ChunkPack, ChunkRow } from './index-rows.js';

export type TermsRow = Pick<ChunkRow, 'id' | 'doc_type' | 'terms'>;

const EMPTY = Buffer.alloc(0);

/** The page's rows with their terms (views into the packed blob), in ascending id order. */
export function termsRowsOfPack(pack: ChunkPack | undefined): TermsRow[] {
  return ascending(inPackedOrder(pack));
}

/** The page's whole rows (terms and vectors are views into the packed blobs), in ascending id order. */
export function chunkRowsOfPack(pack: ChunkPack | undefined): ChunkRow[] {
  const rows = inPackedOrder(pack);
  if (rows.length === 0) return [];
  const documentIds = numbers(pack?.document_ids ?? '');
  const lengths = numbers(pack?.lengths ?? '');
  const vectors = pack?.vectors ?? EMPTY;
  // Every vector of an index has the same size (the store checks each write's dimensions).
  const size = vectors.length / rows.length;
  if (documentIds.length !== rows.length || lengths.length !== rows.length || !Number.isInteger(size)) {
    throw new Error('A packed page of chunks is malformed.');
  }
  return ascending(
    rows.map((row, i) => ({
      id: row.id,
      document_id: documentIds[i] ?? 0,
      doc_type: row.doc_type,
      length: lengths[i] ?? 0,
      terms: row.terms,
      vector: vectors.subarray(i * size, (i + 1) * size),
    })),
  );
}

function inPackedOrder(pack: ChunkPack | undefined): TermsRow[] {
  if (!pack?.ids) return [];
  const ids = numbers(pack.ids);
  const types = (pack.doc_types ?? '').split(',') as DocType[];
  const termBytes = numbers(pack.term_bytes ?? '');
  const terms = pack.terms ?? EMPTY;
  if (types.length !== ids.length || termBytes.length !== ids.length) {
    throw new Error('A packed page of chunks is malformed.');
  }
  const rows: TermsRow[] = [];
  let at = 0;
  for (let i = 0; i < ids.length; i++) {
    const end = at + (termBytes[i] ?? 0);
    rows.push({ id: ids[i] ?? 0, doc_type: types[i]!, terms: terms.subarray(at, end) });
    at = end;
  }
  if (at !== terms.length) throw new Error('A packed page of chunks is malformed.');
  return rows;
}

function numbers(list: string): number[] {
  return list === '' ? [] : list.split(',').map(Number);
}

/** SQLite feeds the aggregates in the subquery's order; should it not, the rows are sorted here. */
function ascending<T extends { id: number }>(rows: T[]): T[] {
  for (let i = 1; i < rows.length; i++) {
    if ((rows[i - 1]?.id ?? 0) > (rows[i]?.id ?? 0)) return rows.sort((a, b) => a.id - b.id);
  }
  return rows;
}
