// One user's BM25 inverted index in typed arrays: a contiguous block per term built at load, append lists after,
// folded into a new block a few terms at a time by later operations (no call ever rebuilds the whole block at once).
import { Layout, TF_CAP, type AppendList } from './postings-layout.js';

/** Appended postings above this share of the block (and at least MIN_APPENDED) start a merge into a new block. */
const MERGE_RATIO = 0.25;
const MIN_APPENDED = 1 << 16;
/** Merge work (entries moved, terms counted as MERGE_TERM_COST) done by each add or remove, per term it names. */
const MERGE_WORK_PER_TERM = 16;
const MERGE_WORK_MIN = 1024;
const MERGE_TERM_COST = 16;

/** A chunk's terms as (term number, tf) pairs, the stored blob's layout: [term, tf, term, tf, …]. */
export type TermPairs = Uint32Array;

export interface PostingsLimits {
  /** Fewest appended (or removed) postings that start a merge (tests lower it to exercise merges). */
  minAppended?: number;
  /** Least merge work an operation does (tests lower it so merges stay half done across operations). */
  mergeWorkMin?: number;
}

export class Postings {
  private current = new Layout(new Uint32Array(0));
  /** A merge in progress: terms below `cursor` already live in `next`. */
  private next: Layout | undefined;
  private cursor = 0;
  /** Per term: live postings (block and appended). */
  private df = new Int32Array(0);
  private prefaulted = 0;
  /** `term:slot` → tf, for tf ≥ TF_CAP. */
  private readonly bigTf = new Map<string, number>();
  private readonly minAppended: number;
  private readonly mergeWorkMin: number;
  postingCount = 0;

  constructor(limits: PostingsLimits = {}) {
    this.minAppended = limits.minAppended ?? MIN_APPENDED;
    this.mergeWorkMin = limits.mergeWorkMin ?? MERGE_WORK_MIN;
  }

  /** Lays out an empty block with room for `counts[term]` postings per term (pass one of a load). */
  allocate(counts: Uint32Array): void {
    this.current = new Layout(counts);
    this.next = undefined;
    this.cursor = 0;
    this.df = new Int32Array(counts.length);
    this.prefaulted = 0;
  }

  /**
   * Writes the next `count` entries of a fresh block once, so the operating system maps its pages now, in slices
   * the caller times, and not all at once on the first chunks (every term's range starts on its own page).
   * Returns whether the whole block is mapped.
   */
  prefault(count: number): boolean {
    const { slots, tfs } = this.current;
    const to = Math.min(slots.length, this.prefaulted + count);
    slots.fill(0, this.prefaulted, to);
    tfs.fill(0, this.prefaulted, to);
    this.prefaulted = to;
    return to === slots.length;
  }

  /** Adds a chunk's postings: into the block while it has room for the term (slots must ascend), else appended. */
  add(slot: number, pairs: TermPairs): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const term = pairs[i] ?? 0;
      const tf = pairs[i + 1] ?? 0;
      if (tf <= 0) continue;
      if (term >= this.df.length) this.growTerms(term + 1);
      this.layoutOf(term).add(term, slot, tf);
      if (tf >= TF_CAP) this.bigTf.set(`${term}:${slot}`, tf);
      this.df[term] = (this.df[term] ?? 0) + 1;
      this.postingCount++;
    }
    this.maintain(pairs.length);
  }

  /** Removes a slot's postings; `pairs` are the terms it was added with. */
  remove(slot: number, pairs: TermPairs): void {
    for (let i = 0; i + 1 < pairs.length; i += 2) {
      const term = pairs[i] ?? 0;
      const tf = pairs[i + 1] ?? 0;
      if (term >= this.df.length || tf <= 0) continue;
      if (this.layoutOf(term).remove(term, slot)) {
        this.df[term] = (this.df[term] ?? 0) - 1;
        this.postingCount--;
        if (tf >= TF_CAP) this.bigTf.delete(`${term}:${slot}`);
      }
    }
    this.maintain(pairs.length);
  }

  /** Calls `visit(slot, tf)` for every live posting of `term`. */
  forEach(term: number, visit: (slot: number, tf: number) => void): void {
    if (term >= this.df.length) return;
    const layout = this.layoutOf(term);
    const { slots, tfs } = layout;
    for (let at = layout.start[term] ?? 0, end = layout.end[term] ?? 0; at < end; at++) {
      const tf = tfs[at] ?? 0;
      if (tf === 0) continue;
      const slot = slots[at] ?? 0;
      visit(slot, tf === TF_CAP ? (this.bigTf.get(`${term}:${slot}`) ?? tf) : tf);
    }
    const list = layout.appended[term];
    if (!list) return;
    for (let i = 0; i < list.size; i++) visit(list.data[2 * i] ?? 0, list.data[2 * i + 1] ?? 0);
  }

  documentFrequency(term: number): number {
    return term < this.df.length ? (this.df[term] ?? 0) : 0;
  }

  /** Bytes held by the typed arrays (both blocks while a merge runs; appended postings at 8 bytes). */
  get bytes(): number {
    return this.df.byteLength + this.current.bytes + (this.next?.bytes ?? 0);
  }

  /** Folds the append lists and removed postings into a new block now (finishing a merge in progress). */
  merge(): void {
    this.mergeStep(Infinity);
    this.beginMerge();
    this.mergeStep(Infinity);
  }

  private layoutOf(term: number): Layout {
    return this.next && term < this.cursor ? this.next : this.current;
  }

  /** A little merge work per operation: a merge ends long before the next one is due, no call does all of it. */
  private maintain(pairsLength: number): void {
    if (!this.next) {
      const { appendedCount, deadInBlock, slots } = this.current;
      if (appendedCount + deadInBlock <= Math.max(this.minAppended, MERGE_RATIO * slots.length)) return;
      this.beginMerge();
    }
    this.mergeStep(this.mergeWorkMin + MERGE_WORK_PER_TERM * pairsLength);
  }

  private beginMerge(): void {
    const counts = new Uint32Array(this.df.length);
    for (let t = 0; t < counts.length; t++) counts[t] = Math.max(0, this.df[t] ?? 0);
    this.next = new Layout(counts);
    this.cursor = 0;
  }

  private mergeStep(budget: number): void {
    const next = this.next;
    if (!next) return;
    let work = 0;
    while (this.cursor < next.terms && work < budget) work += this.migrate(this.cursor++, next) + MERGE_TERM_COST;
    if (this.cursor < next.terms) return;
    // Terms numbered after the merge began have only appended postings: their lists move over as they are.
    const merged = next.terms;
    next.growTerms(this.df.length);
    for (let t = merged; t < this.df.length; t++) {
      const list = this.current.appended[t];
      if (!list) continue;
      next.appended[t] = list;
      next.appendedCount += list.size;
    }
    this.current = next;
    this.next = undefined;
    this.cursor = 0;
    this.prefaulted = next.slots.length;
  }

  /** Moves one term's live postings (block and appended, by slot ascending) into the new block; returns how many. */
  private migrate(term: number, next: Layout): number {
    const old = this.current;
    const list = old.appended[term];
    const extra = list ? sortedBySlot(list) : new Float64Array(0);
    old.appended[term] = undefined;
    let at = next.start[term] ?? 0;
    const limit = next.limit(term);
    const put = (slot: number, capped: number) => {
      if (at < limit) {
        next.slots[at] = slot;
        next.tfs[at++] = capped;
      } else next.append(term, slot, capped === TF_CAP ? (this.bigTf.get(`${term}:${slot}`) ?? capped) : capped);
    };
    let e = 0;
    let moved = 0;
    for (let i = old.start[term] ?? 0, end = old.end[term] ?? 0; i < end; i++) {
      const tf = old.tfs[i] ?? 0;
      if (tf === 0) continue;
      const slot = old.slots[i] ?? 0;
      for (; e < extra.length && Math.floor((extra[e] ?? 0) / 0x10000) < slot; e++, moved++) putKey(extra[e] ?? 0, put);
      put(slot, tf);
      moved++;
    }
    for (; e < extra.length; e++, moved++) putKey(extra[e] ?? 0, put);
    next.end[term] = at;
    return moved;
  }

  private growTerms(count: number): void {
    const capacity = Math.max(count, this.df.length * 2, 1024);
    const df = new Int32Array(capacity);
    df.set(this.df);
    this.df = df;
    this.current.growTerms(capacity);
  }
}

/** An append list as keys slot·2¹⁶ + capped tf, sorted (exact in a double: slots stay below 2³²). */
function sortedBySlot(list: AppendList): Float64Array {
  const keys = new Float64Array(list.size);
  for (let i = 0; i < list.size; i++) {
    keys[i] = (list.data[2 * i] ?? 0) * 0x10000 + Math.min(list.data[2 * i + 1] ?? 0, TF_CAP);
  }
  return keys.sort();
}

function putKey(key: number, put: (slot: number, capped: number) => void): void {
  put(Math.floor(key / 0x10000), key % 0x10000);
}
