// The best `limit` of a stream of (id, score) pairs: a bounded min-heap, best first at the end, ties by lower id.
export class TopK {
  private readonly ids: number[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly limit: number) {}

  offer(id: number, score: number): void {
    if (this.limit <= 0) return;
    if (this.ids.length < this.limit) {
      this.ids.push(id);
      this.scores.push(score);
      this.up(this.ids.length - 1);
    } else if (this.worse(0, id, score)) {
      this.ids[0] = id;
      this.scores[0] = score;
      this.down(0);
    }
  }

  /** Best first. */
  drain(): { id: number; score: number }[] {
    const out = this.ids.map((id, i) => ({ id, score: this.scores[i] ?? 0 }));
    return out.sort((a, b) => b.score - a.score || a.id - b.id);
  }

  /** Is the entry at `i` worse than (id, score)? */
  private worse(i: number, id: number, score: number): boolean {
    const s = this.scores[i] ?? 0;
    return s < score || (s === score && (this.ids[i] ?? 0) > id);
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, this.ids[parent] ?? 0, this.scores[parent] ?? 0)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.ids.length;
    for (;;) {
      let worst = i;
      for (const child of [2 * i + 1, 2 * i + 2]) {
        if (child < n && this.worse(child, this.ids[worst] ?? 0, this.scores[worst] ?? 0)) worst = child;
      }
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  private swap(a: number, b: number): void {
    [this.ids[a], this.ids[b]] = [this.ids[b] ?? 0, this.ids[a] ?? 0];
    [this.scores[a], this.scores[b]] = [this.scores[b] ?? 0, this.scores[a] ?? 0];
  }
}
