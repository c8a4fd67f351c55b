// Finishing sync queue items: an item is removed unless it was queued again meanwhile with other work (which is
// then released). Items finished together (a write batch's documents end at once) share two statements: the calls
// made before the event loop turns are written together.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SqlDatabase, SqlValue } from '../../store/sql/sql-database.js';

export interface FinishedItem {
  id: number;
  action: string;
  version: string;
}

/** Items finished in one statement at most (three parameters each). */
const MAX_FINISHED_AT_ONCE = 300;

/** `finish(item)` resolves once the item's row is gone (or released); failures reject every item written with it. */
export function createQueueFinisher(db: SqlDatabase): (item: FinishedItem) => Promise<void> {
  let waiting: { item: FinishedItem; resolve: () => void; reject: (error: unknown) => void }[] = [];

  const flush = async (): Promise<void> => {
    await nextTurn();
    const batch = waiting;
    waiting = [];
    for (let from = 0; from < batch.length; from += MAX_FINISHED_AT_ONCE) {
      const slice = batch.slice(from, from + MAX_FINISHED_AT_ONCE);
      await finishAll(
        db,
        slice.map((each) => each.item),
      ).then(
        () => slice.forEach((each) => each.resolve()),
        (error: unknown) => slice.forEach((each) => each.reject(error)),
      );
    }
  };

  return (item) =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length === 1) void flush();
    });
}

async function finishAll(db: SqlDatabase, items: readonly FinishedItem[]): Promise<void> {
  const params: SqlValue[] = items.flatMap((item) => [item.id, item.action, item.version]);
  const matches = items.map(() => '(id = ? AND action = ? AND version = ?)').join(' OR ');
  const removed = await db.all<{ id: number }>(`DELETE FROM sync_queue WHERE ${matches} RETURNING id`, params);
  const gone = new Set(removed.map((row) => Number(row.id)));
  const requeued = items.filter((item) => !gone.has(item.id)).map((item) => item.id);
  if (requeued.length === 0) return;
  await db.run(`UPDATE sync_queue SET claimed_until = 0 WHERE id IN (${requeued.map(() => '?').join(', ')})`, requeued);
}
