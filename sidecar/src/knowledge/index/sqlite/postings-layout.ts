// Where a user's postings live: a typed-array block with a range per term, and typed append lists beside it.

/** Term frequencies at or above this are kept exactly in a side map (a Uint16 holds the rest). */
export const TF_CAP = 0xffff;

/** Postings of one term added after its block range was laid out, as [slot, tf, slot, tf, …] (tf exact). */
export class AppendList {
  data = new Uint32Array(8);
  size = 0;

  push(slot: number, tf: number): void {
    if (2 * this.size + 2 > this.data.length) {
      const data = new Uint32Array(this.data.length * 2);
      data.set(this.data);
      this.data = data;
    }
    this.data[2 * this.size] = slot;
    this.data[2 * this.size + 1] = tf;
    this.size++;
  }

  remove(slot: number): boolean {
    const { data } = this;
    for (let i = 0; i < this.size; i++) {
      if (data[2 * i] !== slot) continue;
      this.size--;
      data[2 * i] = data[2 * this.size] ?? 0;
      data[2 * i + 1] = data[2 * this.size + 1] ?? 0;
      return true;
    }
    return false;
  }
}

/** Where terms' postings live: a block range per term (slots ascending, tf 0 = removed) and append lists. */
export class Layout {
  start: Uint32Array;
  end: Uint32Array;
  readonly slots: Uint32Array;
  readonly tfs: Uint16Array;
  readonly appended: (AppendList | undefined)[] = [];
  appendedCount = 0;
  deadInBlock = 0;

  /** Lays out an empty block with room for `counts[term]` postings per term. */
  constructor(counts: Uint32Array) {
    const terms = counts.length;
    this.start = new Uint32Array(terms);
    this.end = new Uint32Array(terms);
    let total = 0;
    for (let t = 0; t < terms; t++) {
      this.start[t] = this.end[t] = total;
      total += counts[t] ?? 0;
    }
    this.slots = new Uint32Array(total);
    this.tfs = new Uint16Array(total);
  }

  get terms(): number {
    return this.start.length;
  }

  get bytes(): number {
    const perTerm = this.start.byteLength + this.end.byteLength;
    return perTerm + this.slots.byteLength + this.tfs.byteLength + this.appendedCount * 8;
  }

  /** The end of the term's room in the block. */
  limit(term: number): number {
    return this.start[term + 1] ?? this.slots.length;
  }

  add(term: number, slot: number, tf: number): void {
    const at = this.end[term] ?? 0;
    if (at < this.limit(term) && (at === this.start[term] || this.slots[at - 1]! < slot)) {
      this.slots[at] = slot;
      this.tfs[at] = Math.min(tf, TF_CAP);
      this.end[term] = at + 1;
    } else this.append(term, slot, tf);
  }

  append(term: number, slot: number, tf: number): void {
    let list = this.appended[term];
    if (!list) this.appended[term] = list = new AppendList();
    list.push(slot, tf);
    this.appendedCount++;
  }

  remove(term: number, slot: number): boolean {
    let low = this.start[term] ?? 0;
    let high = (this.end[term] ?? 0) - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const found = this.slots[mid] ?? 0;
      if (found < slot) low = mid + 1;
      else if (found > slot) high = mid - 1;
      else {
        if (this.tfs[mid] === 0) break;
        this.tfs[mid] = 0;
        this.deadInBlock++;
        return true;
      }
    }
    const list = this.appended[term];
    if (!list?.remove(slot)) return false;
    if (list.size === 0) this.appended[term] = undefined;
    this.appendedCount--;
    return true;
  }

  /** Room for `count` terms; new terms get an empty range at the block's end, so all they get is appended. */
  growTerms(count: number): void {
    if (count <= this.terms) return;
    const widen = (old: Uint32Array): Uint32Array => {
      const next = new Uint32Array(count);
      next.set(old);
      next.fill(this.slots.length, old.length);
      return next;
    };
    this.start = widen(this.start);
    this.end = widen(this.end);
  }
}
