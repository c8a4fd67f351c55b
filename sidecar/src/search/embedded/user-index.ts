// One user's chunks in memory: chunk slots, the BM25 postings over all of them, and an int8 segment per doc type.
import { bm25Idf, bm25TermScore } from '../bm25.js';
import { DOC_TYPES, type DocType } from '../doc-types.js';
import type { RankedPoints } from '../index-store.js';
import { tokenize } from '../tokenizer.js';
import { Postings } from './postings.js';
import { TopK } from './top-k.js';
import { VectorSegment } from './vector-segment.js';

/** A chunk as the index needs it (point id, type, text for its terms, float vector for its int8 copy). */
export interface ChunkEntry {
  pointId: number;
  docType: DocType;
  text: string;
  vector: Float32Array;
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
  private lengths = new Uint32Array(64);
  private types = new Uint8Array(64);
  private vectorSlots = new Int32Array(64);
  private scores = new Float64Array(64);
  private touched = new Int32Array(64);
  private readonly slotOf = new Map<number, number>();
  private readonly freeSlots: number[] = [];
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
    const slots = this.pointIds.length * (8 + 4 + 1 + 4 + 8 + 4);
    return slots + this.segments.reduce((sum, s) => sum + s.bytes, 0) + this.postings.postingCount * 4;
  }

  has(pointId: number): boolean {
    return this.slotOf.has(pointId);
  }

  add(chunk: ChunkEntry): void {
    if (this.slotOf.has(chunk.pointId)) return;
    const slot = this.freeSlots.pop() ?? this.used++;
    if (slot >= this.pointIds.length) this.grow();
    const terms = tokenize(chunk.text);
    const type = DOC_TYPES.indexOf(chunk.docType);
    this.pointIds[slot] = chunk.pointId;
    this.lengths[slot] = terms.length;
    this.types[slot] = type;
    this.vectorSlots[slot] = this.segmentOf(type).add(slot, chunk.vector);
    this.totalLength += terms.length;
    this.postings.add(slot, terms);
    this.slotOf.set(chunk.pointId, slot);
  }

  /** Forgets a chunk; `text` is the text it was added with (its terms find its postings). */
  remove(pointId: number, text: string): void {
    const slot = this.slotOf.get(pointId);
    if (slot === undefined) return;
    this.postings.remove(slot, tokenize(text));
    this.totalLength -= this.lengths[slot] ?? 0;
    this.segmentOf(this.types[slot] ?? 0).remove(this.vectorSlots[slot] ?? 0, (owner, moved) => {
      this.vectorSlots[owner] = moved;
    });
    this.pointIds[slot] = 0;
    this.slotOf.delete(pointId);
    this.freeSlots.push(slot);
  }

  pointIdOf(slot: number): number {
    return this.pointIds[slot] ?? 0;
  }

  /** The segments of the types in `mask`. */
  segmentsIn(mask: TypeMask): VectorSegment[] {
    return this.segments.filter((_, i) => (mask & (1 << i)) !== 0);
  }

  /** BM25 over distinct query terms, statistics over all of this user's chunks, hits limited to `mask`. */
  bm25(query: string, mask: TypeMask, limit: number): RankedPoints {
    const terms = [...new Set(tokenize(query))];
    const count = this.live;
    if (count === 0 || terms.length === 0) return { hits: [], total: 0 };
    const average = this.totalLength / count;
    const { scores, touched, lengths, types } = this;
    let matched = 0;
    for (const term of terms) {
      const idf = bm25Idf(count, this.postings.documentFrequency(term));
      this.postings.forEach(term, (slot, tf) => {
        if ((mask & (1 << (types[slot] ?? 0))) === 0) return;
        if (scores[slot] === 0) touched[matched++] = slot;
        scores[slot] = (scores[slot] ?? 0) + bm25TermScore(tf, lengths[slot] ?? 0, average, idf);
      });
    }
    const top = new TopK(limit);
    for (let i = 0; i < matched; i++) {
      const slot = touched[i] ?? 0;
      top.offer(this.pointIds[slot] ?? 0, scores[slot] ?? 0);
      scores[slot] = 0;
    }
    return { hits: top.drain().map(({ id, score }) => ({ pointId: String(id), score })), total: matched };
  }

  private segmentOf(type: number): VectorSegment {
    const segment = this.segments[type];
    if (!segment) throw new Error(`No segment for doc type ${type}.`);
    return segment;
  }

  private grow(): void {
    const capacity = this.pointIds.length * 2;
    const widen = <T extends Float64Array | Uint32Array | Uint8Array | Int32Array>(old: T, next: T): T => {
      next.set(old as never);
      return next;
    };
    this.pointIds = widen(this.pointIds, new Float64Array(capacity));
    this.lengths = widen(this.lengths, new Uint32Array(capacity));
    this.types = widen(this.types, new Uint8Array(capacity));
    this.vectorSlots = widen(this.vectorSlots, new Int32Array(capacity));
    this.scores = new Float64Array(capacity);
    this.touched = new Int32Array(capacity);
  }
}
