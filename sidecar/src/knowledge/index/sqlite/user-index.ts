// One user's chunks in memory: chunk slots, the BM25 postings over all of them, and an int8 segment per doc type.
import { bm25Idf, bm25TermScore, withDocumentEvidence } from '../bm25.js';
import { DOC_TYPES, type DocType } from '../../doc-types.js';
import type { RankedPoints } from '../index-store.js';
import { DocumentSlots } from './document-slots.js';
import { Postings, type TermPairs } from './postings.js';
import { TopK } from './top-k.js';
import { VectorSegment } from './vector-segment.js';

/** A chunk as the index needs it (point id, type, its terms as stored, float vector for its int8 copy). */
export interface ChunkEntry {
  pointId: number;
  /** Its document's row id: BM25 adds the evidence of the document's other chunks. */
  documentId: number;
  docType: DocType;
  /** How many terms title + text has (BM25's chunk length). */
  length: number;
  pairs: TermPairs;
  /** Int8: the vector as stored (copied as it is); float32: quantised into the segment. */
  vector: Float32Array | Int8Array;
}

/** Bit i set: DOC_TYPES[i] is searched. */
export type TypeMask = number;
export const ALL_TYPES: TypeMask = (1 << DOC_TYPES.length) - 1;

export function typeMaskOf(docTypes: readonly DocType[] | undefined): TypeMask {
  if (!docTypes || docTypes.length === 0) return ALL_TYPES;
  return docTypes.reduce((mask, type) => mask | (1 << DOC_TYPES.indexOf(type)), 0);
}

export class UserIndex {
  private pointIds = new Float64Array(64);
  /** Chunk slot → its document's slot in `documents`. */
  private documentSlots = new Int32Array(64);
  private readonly documents = new DocumentSlots();
  private lengths = new Uint32Array(64);
  private types = new Uint8Array(64);
  private vectorSlots = new Int32Array(64);
  private scores = new Float64Array(64);
  private touched = new Int32Array(64);
  private readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
  /** While the postings block is filled, slots only ascend (a term's block range stays sorted by slot). */
  private building = false;
  private readonly freedWhileBuilding: number[] = [];
  private used = 0;
  private totalLength = 0;
  private readonly postings = new Postings();
  private readonly segments: VectorSegment[];
  /** The quantised query, reused by every search. */
  readonly queryBuffer: Int8Array;

  constructor(readonly dimensions: number) {
    this.segments = DOC_TYPES.map(() => new VectorSegment(dimensions));
    this.queryBuffer = new Int8Array(dimensions);
  }

  get live(): number {
    return this.slotOf.size;
  }

  /** Approximate bytes held (typed arrays and postings), for the report and the LRU. */
  get bytes(): number {
    const slots = this.pointIds.length * (8 + 4 + 4 + 1 + 4 + 8 + 4) + this.documents.bytes;
    return slots + this.segments.reduce((sum, s) => sum + s.bytes, 0) + this.postings.bytes;
  }

  /** Sizes everything for a load: `termCounts[term]` postings per term, `perType[i]` chunks of DOC_TYPES[i]. */
  beginLoad(termCounts: Uint32Array, perType: readonly number[]): void {
    const chunks = perType.reduce((sum, n) => sum + n, 0);
    this.grow(chunks);
    perType.forEach((n, i) => this.segments[i]?.reserve(n));
    this.postings.allocate(termCounts);
    this.building = true;
  }

  /** Maps the next part of the fresh postings block (see Postings.prefault); true once all of it is. */
  prefault(entries: number): boolean {
    return this.postings.prefault(entries);
  }

  endLoad(): void {
    this.building = false;
    this.freeSlots.push(...this.freedWhileBuilding.splice(0));
  }

  has(pointId: number): boolean {
    return this.slotOf.has(pointId);
  }

  add(chunk: ChunkEntry): void {
    if (this.slotOf.has(chunk.pointId)) return;
    const slot = (this.building ? undefined : this.freeSlots.pop()) ?? this.used++;
    if (slot >= this.pointIds.length) this.grow(this.pointIds.length * 2);
    const type = DOC_TYPES.indexOf(chunk.docType);
    this.pointIds[slot] = chunk.pointId;
    this.documentSlots[slot] = this.documents.acquire(chunk.documentId);
    this.lengths[slot] = chunk.length;
    this.types[slot] = type;
    this.vectorSlots[slot] = this.segmentOf(type).add(slot, chunk.vector);
    this.totalLength += chunk.length;
    this.postings.add(slot, chunk.pairs);
    this.slotOf.set(chunk.pointId, slot);
  }

  /** Forgets a chunk; `pairs` are the terms it was added with (they find its postings). */
  remove(pointId: number, pairs: TermPairs): void {
    const slot = this.slotOf.get(pointId);
    if (slot === undefined) return;
    this.postings.remove(slot, pairs);
    this.totalLength -= this.lengths[slot] ?? 0;
    this.segmentOf(this.types[slot] ?? 0).remove(this.vectorSlots[slot] ?? 0, (owner, moved) => {
      this.vectorSlots[owner] = moved;
    });
    this.documents.release(this.documentSlots[slot] ?? 0);
    this.pointIds[slot] = 0;
    this.slotOf.delete(pointId);
    (this.building ? this.freedWhileBuilding : this.freeSlots).push(slot);
  }

  /** Cosine of a unit query with the chunk's int8 vector; undefined for a chunk not loaded. */
  int8Cosine(pointId: number, query: Float32Array): number | undefined {
    const slot = this.slotOf.get(pointId);
    if (slot === undefined) return undefined;
    return this.segmentOf(this.types[slot] ?? 0).cosine(this.vectorSlots[slot] ?? 0, query);
  }

  pointIdOf(slot: number): number {
    return this.pointIds[slot] ?? 0;
  }

  /** The segments of the types in `mask`. */
  segmentsIn(mask: TypeMask): VectorSegment[] {
    return this.segments.filter((_, i) => (mask & (1 << i)) !== 0);
  }

  /** In how many of this user's chunks the term of this number occurs. */
  documentFrequency(term: number): number {
    return this.postings.documentFrequency(term);
  }

  /**
   * BM25 over the distinct query terms' numbers, statistics over all of this user's chunks, hits within `mask`, each
   * chunk's score with its document's evidence (bm25.ts).
   */
  bm25(terms: readonly number[], mask: TypeMask, limit: number): RankedPoints {
    const count = this.live;
    if (count === 0 || terms.length === 0) return { hits: [], total: 0 };
    const average = this.totalLength / count;
    const { scores, touched, lengths, types } = this;
    let matched = 0;
    for (const term of terms) {
      const df = this.postings.documentFrequency(term);
      if (df === 0) continue;
      const idf = bm25Idf(count, df);
      this.postings.forEach(term, (slot, tf) => {
        if ((mask & (1 << (types[slot] ?? 0))) === 0) return;
        if (scores[slot] === 0) touched[matched++] = slot;
        scores[slot] = (scores[slot] ?? 0) + bm25TermScore(tf, lengths[slot] ?? 0, average, idf);
      });
    }
    // Each document's total, added up in the order of `touched` (the same sums, bit for bit, in any run).
    const { documentSlots } = this;
    const totals = this.documents.totals;
    for (let i = 0; i < matched; i++) {
      const slot = touched[i] ?? 0;
      const document = documentSlots[slot] ?? 0;
      totals[document] = (totals[document] ?? 0) + (scores[slot] ?? 0);
    }
    const top = new TopK(limit);
    for (let i = 0; i < matched; i++) {
      const slot = touched[i] ?? 0;
      top.offer(
        this.pointIds[slot] ?? 0,
        withDocumentEvidence(scores[slot] ?? 0, totals[documentSlots[slot] ?? 0] ?? 0),
      );
    }
    for (let i = 0; i < matched; i++) {
      const slot = touched[i] ?? 0;
      scores[slot] = 0;
      totals[documentSlots[slot] ?? 0] = 0;
    }
    return { hits: top.drain().map(({ id, score }) => ({ pointId: String(id), score })), total: matched };
  }

  private segmentOf(type: number): VectorSegment {
    const segment = this.segments[type];
    if (!segment) throw new Error(`No segment for doc type ${type}.`);
    return segment;
  }

  private grow(capacity: number): void {
    if (capacity <= this.pointIds.length) return;
    const widen = <T extends Float64Array | Uint32Array | Uint8Array | Int32Array>(old: T, next: T): T => {
      next.set(old as never);
      return next;
    };
    this.pointIds = widen(this.pointIds, new Float64Array(capacity));
    this.documentSlots = widen(this.documentSlots, new Int32Array(capacity));
    this.lengths = widen(this.lengths, new Uint32Array(capacity));
    this.types = widen(this.types, new Uint8Array(capacity));
    this.vectorSlots = widen(this.vectorSlots, new Int32Array(capacity));
    this.scores = new Float64Array(capacity);
    this.touched = new Int32Array(capacity);
  }
}
