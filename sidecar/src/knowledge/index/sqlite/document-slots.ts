// Dense numbers for the documents of one user's loaded chunks, counted by chunk: BM25 sums each document's evidence in
// a typed array indexed by them, instead of a Map keyed by document row id touched twice per matching chunk.

export class DocumentSlots {
  private readonly slotOf = new Map<number, number>();
  private documentIds = new Float64Array(64);
  private chunkCounts = new Int32Array(64);
  private readonly freeSlots: number[] = [];
  private used = 0;
  /** Per document slot: the sum BM25 gathers during one search, back to 0 after it (see UserIndex.bm25). */
  totals = new Float64Array(64);

  /** Bytes held by the typed arrays and, roughly, the Map. */
  get bytes(): number {
    return this.documentIds.length * (8 + 4 + 8) + this.slotOf.size * 40;
  }

  /** The slot of a chunk's document, counting the chunk. */
  acquire(documentId: number): number {
    let slot = this.slotOf.get(documentId);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.used++;
      if (slot >= this.documentIds.length) this.grow(this.documentIds.length * 2);
      this.documentIds[slot] = documentId;
      this.chunkCounts[slot] = 0;
      this.slotOf.set(documentId, slot);
    }
    this.chunkCounts[slot] = (this.chunkCounts[slot] ?? 0) + 1;
    return slot;
  }

  /** Uncounts a chunk of the document in `slot`; the slot is free again once its last chunk went. */
  release(slot: number): void {
    const left = (this.chunkCounts[slot] ?? 0) - 1;
    this.chunkCounts[slot] = left;
    if (left > 0) return;
    this.slotOf.delete(this.documentIds[slot] ?? 0);
    this.freeSlots.push(slot);
  }

  private grow(capacity: number): void {
    const widen = <T extends Float64Array | Int32Array>(old: T, next: T): T => {
      next.set(old as never);
      return next;
    };
    this.documentIds = widen(this.documentIds, new Float64Array(capacity));
    this.chunkCounts = widen(this.chunkCounts, new Int32Array(capacity));
    this.totals = widen(this.totals, new Float64Array(capacity));
  }
}
