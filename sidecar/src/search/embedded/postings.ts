// One user's BM25 inverted index in typed arrays: a contiguous block per term built at load, small append lists after.

/** Term frequencies at or above this are kept exactly in a side map (a Uint16 holds the rest). */
const TF_CAP = 0xffff;
/** Appended postings above this share of the block (and at least MIN_APPENDED) trigger a merge into a new block. */
const MERGE_RATIO = 0.25;
const MIN_APPENDED = 1 << 16;

/** A chunk's terms as (term number, tf) pairs, the stored blob's layout: [term, tf, term, tf, …]. */
export type TermPairs = Uint32Array;

export class Postings {
  /** Per term: the block range [start, end); `end` grows while the block is filled at load. */
  private start = new Uint32Array(0);
  private end = new Uint32Array(0);
  /** Per term: live postings (block and appended). */
  private df = new Int32Array(0);
  /** The block: slots ascending within each term's range; tf 0 marks a removed posting. */
  private slots = new Uint32Array(0);
  private tfs = new Uint16Array(0);
  /** Per term: postings added after the block was built, as [slot, tf, slot, tf, …]. */
  private appended: (number[] | undefined)[] = [];
  private appendedCount = 0;
  private deadInBlock = 0;
  private prefaulted = 0;
  /** `term:slot` → tf, for tf ≥ TF_CAP. */
  private readonly bigTf = new Map<string, number>();
  postingCount = 0;

  /** Lays out an empty block with room for `counts[term]` postings per term (pass one of a load). */
  allocate(counts: Uint32Array): void {
    const terms = counts.length;
    this.start = new Uint32Array(terms);
    this.end = new Uint32Array(terms);
    this.df = new Int32Array(terms);
    this.appended = [];
    let total = 0;
    for (let t = 0; t < terms; t++) {
      this.start[t] = this.end[t] = total;
      total += counts[t] ?? 0;
    }
    this.slots = new Uint32Array(total);
    this.tfs = new Uint16Array(total);
    this.prefaulted = 0;
  }

  /**
   * Writes the next `count` entries of a fresh block once, so the operating system maps its pages now, in slices
   * the caller times, and not all at once on the first chunks (every term's range starts on its own page).
   * Returns whether the whole block is mapped.
   */
  prefault(count: number): boolean {
    const to = Math.min(this.slots.length, this.prefaulted + count);
    this.slots.fill(0, this.prefaulted, to);
    this.tfs.fill(0, this.prefaulted, to);
    this.prefaulted = to;
    return to === this.slots.length;
  }

  /** Adds a chunk's postings: into the block while it has room for the term (slots must ascend), else appended. */
  add(slot: number, pairs: TermPairs): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const term = pairs[i] ?? 0;
      const tf = pairs[i + 1] ?? 0;
      if (tf <= 0) continue;
      if (term >= this.df.length) this.growTerms(term + 1);
      const at = this.end[term] ?? 0;
      if (at < (this.start[term + 1] ?? this.slots.length) && (at === this.start[term] || this.slots[at - 1]! < slot)) {
        this.slots[at] = slot;
        this.tfs[at] = Math.min(tf, TF_CAP);
        this.end[term] = at + 1;
      } else {
        let list = this.appended[term];
        if (!list) this.appended[term] = list = [];
        list.push(slot, tf);
        this.appendedCount++;
      }
      if (tf >= TF_CAP) this.bigTf.set(`${term}:${slot}`, tf);
      this.df[term] = (this.df[term] ?? 0) + 1;
      this.postingCount++;
    }
    this.mergeWhenDue();
  }

  /** Removes a slot's postings; `counts` are the terms it was added with. */
  remove(slot: number, pairs: TermPairs): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const term = pairs[i] ?? 0;
      const tf = pairs[i + 1] ?? 0;
      if (term >= this.df.length || tf <= 0) continue;
      if (this.removeFromBlock(term, slot) || this.removeAppended(term, slot)) {
        this.df[term] = (this.df[term] ?? 0) - 1;
        this.postingCount--;
        if (tf >= TF_CAP) this.bigTf.delete(`${term}:${slot}`);
      }
    }
    this.mergeWhenDue();
  }

  /** Calls `visit(slot, tf)` for every live posting of `term`. */
  forEach(term: number, visit: (slot: number, tf: number) => void): void {
    if (term >= this.df.length) return;
    const { slots, tfs } = this;
    for (let at = this.start[term] ?? 0, end = this.end[term] ?? 0; at < end; at++) {
      const tf = tfs[at] ?? 0;
      if (tf === 0) continue;
      const slot = slots[at] ?? 0;
      visit(slot, tf === TF_CAP ? (this.bigTf.get(`${term}:${slot}`) ?? tf) : tf);
    }
    const list = this.appended[term];
    if (!list) return;
    for (let i = 0; i < list.length; i += 2) visit(list[i] ?? 0, list[i + 1] ?? 0);
  }

  documentFrequency(term: number): number {
    return term < this.df.length ? (this.df[term] ?? 0) : 0;
  }

  /** Bytes held by the typed arrays (append lists counted at 16 bytes a posting). */
  get bytes(): number {
    const perTerm = this.start.byteLength + this.end.byteLength + this.df.byteLength;
    return perTerm + this.slots.byteLength + this.tfs.byteLength + this.appendedCount * 16;
  }

  /** Folds the append lists and removed postings into a new block (amortised: the block grows geometrically). */
  merge(): void {
    const terms = this.df.length;
    const counts = new Uint32Array(terms);
    for (let t = 0; t < terms; t++) counts[t] = Math.max(0, this.df[t] ?? 0);
    const old = { start: this.start, end: this.end, slots: this.slots, tfs: this.tfs, appended: this.appended };
    this.allocate(counts);
    this.appendedCount = 0;
    this.deadInBlock = 0;
    for (let t = 0; t < terms; t++) {
      const list = old.appended[t];
      const extra = list ? pairsBySlot(list) : [];
      let next = 0;
      let at = this.start[t] ?? 0;
      const put = (slot: number, tf: number) => {
        this.slots[at] = slot;
        this.tfs[at++] = tf;
      };
      for (let i = old.start[t] ?? 0, end = old.end[t] ?? 0; i < end; i++) {
        const tf = old.tfs[i] ?? 0;
        if (tf === 0) continue;
        const slot = old.slots[i] ?? 0;
        while (next < extra.length && (extra[next]?.[0] ?? 0) < slot) put(...(extra[next++] as [number, number]));
        put(slot, tf);
      }
      while (next < extra.length) put(...(extra[next++] as [number, number]));
      this.end[t] = at;
      this.df[t] = at - (this.start[t] ?? 0);
    }
  }

  private mergeWhenDue(): void {
    if (this.appendedCount + this.deadInBlock > Math.max(MIN_APPENDED, MERGE_RATIO * this.slots.length)) this.merge();
  }

  private removeFromBlock(term: number, slot: number): boolean {
    let low = this.start[term] ?? 0;
    let high = (this.end[term] ?? 0) - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const found = this.slots[mid] ?? 0;
      if (found < slot) low = mid + 1;
      else if (found > slot) high = mid - 1;
      else {
        if (this.tfs[mid] === 0) return false;
        this.tfs[mid] = 0;
        this.deadInBlock++;
        return true;
      }
    }
    return false;
  }

  private removeAppended(term: number, slot: number): boolean {
    const list = this.appended[term];
    if (!list) return false;
    for (let i = 0; i < list.length; i += 2) {
      if (list[i] !== slot) continue;
      list[i] = list[list.length - 2] ?? 0;
      list[i + 1] = list[list.length - 1] ?? 0;
      list.length -= 2;
      if (list.length === 0) this.appended[term] = undefined;
      this.appendedCount--;
      return true;
    }
    return false;
  }

  private growTerms(count: number): void {
    const capacity = Math.max(count, this.df.length * 2, 1024);
    const widen = <T extends Uint32Array | Int32Array>(old: T, next: T, fill: number): T => {
      next.set(old as never);
      next.fill(fill as never, old.length);
      return next;
    };
    // New terms start with an empty range at the block's end, so everything they get is appended.
    this.start = widen(this.start, new Uint32Array(capacity), this.slots.length);
    this.end = widen(this.end, new Uint32Array(capacity), this.slots.length);
    this.df = widen(this.df, new Int32Array(capacity), 0);
  }
}

/** [slot, tf] pairs of an append list, by slot ascending (TF_CAP-capped, as the block stores them). */
function pairsBySlot(list: readonly number[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i] ?? 0, Math.min(list[i + 1] ?? 0, TF_CAP)]);
  return pairs.sort((a, b) => a[0] - b[0]);
}
