// One user's BM25 inverted index in memory: term → postings of (chunk slot, term frequency), packed in one number.
import { termFrequencies } from '../tokenizer.js';

/** A posting is `slot * TF_SPAN + min(tf, TF_OVERFLOW)`: a small integer V8 keeps unboxed for slots < 2^20. */
const TF_SPAN = 1024;
const TF_OVERFLOW = TF_SPAN - 1;

export class Postings {
  private readonly lists = new Map<string, number[]>();
  /** term → slot → tf, for the rare tf ≥ TF_OVERFLOW. */
  private readonly bigTf = new Map<string, Map<number, number>>();
  postingCount = 0;

  add(slot: number, terms: readonly string[]): void {
    for (const [term, tf] of termFrequencies(terms)) {
      let list = this.lists.get(term);
      if (!list) this.lists.set(term, (list = []));
      list.push(slot * TF_SPAN + Math.min(tf, TF_OVERFLOW));
      if (tf >= TF_OVERFLOW) this.bigTfOf(term).set(slot, tf);
      this.postingCount++;
    }
  }

  /** Removes a slot's postings; `terms` are the terms it was added with. */
  remove(slot: number, terms: readonly string[]): void {
    for (const [term, tf] of termFrequencies(terms)) {
      const list = this.lists.get(term);
      if (!list) continue;
      const at = list.indexOf(slot * TF_SPAN + Math.min(tf, TF_OVERFLOW));
      if (at < 0) continue;
      list[at] = list[list.length - 1] ?? 0;
      list.pop();
      this.postingCount--;
      if (list.length === 0) this.lists.delete(term);
      if (tf >= TF_OVERFLOW) {
        this.bigTf.get(term)?.delete(slot);
        if (this.bigTf.get(term)?.size === 0) this.bigTf.delete(term);
      }
    }
  }

  /** Calls `visit(slot, tf)` for every posting of `term`; returns the document frequency. */
  forEach(term: string, visit: (slot: number, tf: number) => void): number {
    const list = this.lists.get(term);
    if (!list) return 0;
    const big = this.bigTf.get(term);
    for (const packed of list) {
      const slot = Math.floor(packed / TF_SPAN);
      const tf = packed - slot * TF_SPAN;
      visit(slot, tf === TF_OVERFLOW ? (big?.get(slot) ?? tf) : tf);
    }
    return list.length;
  }

  documentFrequency(term: string): number {
    return this.lists.get(term)?.length ?? 0;
  }

  get termCount(): number {
    return this.lists.size;
  }

  private bigTfOf(term: string): Map<number, number> {
    let map = this.bigTf.get(term);
    if (!map) this.bigTf.set(term, (map = new Map()));
    return map;
  }
}
