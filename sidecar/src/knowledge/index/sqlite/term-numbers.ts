// The numbers of dictionary terms that writes met lately, per user, so that a build of many small documents asks
// SQLite only for the terms it has not met yet (most terms of the next abstract are in the dictionary already).
// Numbers a write adds are kept once its transaction committed (`keepAdded`); a failed write drops all kept numbers
// (its rollback may have taken numbers it read back), and so does a change of the dictionary's epoch: whatever
// deletes terms renews the epoch in its transaction.
import { randomUUID } from 'node:crypto';
import type { IndexStatements } from './index-rows.js';

const EPOCH_KEY = 'terms_epoch';
/** Numbers kept over all users at most (a few MB); when full, all are dropped, as the stemmer's cache does. */
const MAX_KEPT = 50_000;
/** Terms looked up per statement. */
const LOOKUP_BATCH = 512;

export class TermNumbers {
  private readonly kept = new Map<string, Map<string, number>>();
  /** Numbers added in the transaction under way, kept only once it commits. */
  private added: { userId: string; term: string; number: number }[] = [];
  private keptCount = 0;
  private epoch: string | undefined;

  constructor(private readonly sql: IndexStatements) {}

  /**
   * In the caller's transaction: the number of each of `terms` (distinct) in `userId`'s dictionary, the ones it
   * lacks added with the next free numbers.
   */
  numberAll(userId: string, terms: readonly string[]): Map<string, number> {
    const known = this.keptFor(userId);
    const numbers = new Map<string, number>();
    const unknown: string[] = [];
    for (const term of terms) {
      const number = known.get(term);
      if (number === undefined) unknown.push(term);
      else numbers.set(term, number);
    }
    for (let i = 0; i < unknown.length; i += LOOKUP_BATCH) {
      const batch = JSON.stringify(unknown.slice(i, i + LOOKUP_BATCH));
      for (const row of this.sql.termNumbers.all(userId, batch)) {
        numbers.set(row.term, row.term_no);
        this.keep(known, row.term, row.term_no);
      }
    }
    let next: number | undefined;
    for (const term of unknown) {
      if (numbers.has(term)) continue;
      next ??= this.sql.termCount.get(userId)?.n ?? 0;
      this.sql.insertTerm.run(userId, term, next);
      this.added.push({ userId, term, number: next });
      numbers.set(term, next++);
    }
    return numbers;
  }

  /** After the transaction committed: the numbers it added are kept too. */
  keepAdded(): void {
    for (const { userId, term, number } of this.added) {
      const known = this.kept.get(userId);
      if (known) this.keep(known, term, number);
    }
    this.added = [];
  }

  /** Drops every kept number, the current transaction's too (it failed, so they may be gone with its rollback). */
  forgetAll(): void {
    this.kept.clear();
    this.keptCount = 0;
    this.added = [];
  }

  /** The user's kept numbers, none when the dictionary's epoch changed since they were read. */
  private keptFor(userId: string): Map<string, number> {
    const epoch = this.sql.meta.get(EPOCH_KEY)?.value;
    if (epoch !== this.epoch) {
      this.forgetAll();
      this.epoch = epoch;
    }
    let known = this.kept.get(userId);
    if (!known) this.kept.set(userId, (known = new Map()));
    return known;
  }

  private keep(known: Map<string, number>, term: string, number: number): void {
    if (this.keptCount >= MAX_KEPT) {
      for (const numbers of this.kept.values()) numbers.clear();
      this.keptCount = 0;
    }
    known.set(term, number);
    this.keptCount++;
  }
}

/**
 * In the caller's transaction, which deletes dictionary terms: numbers kept by any store (of this process or
 * another) stop being used.
 */
export function renewTermsEpoch(sql: IndexStatements): void {
  sql.setMeta.run(EPOCH_KEY, randomUUID());
}
