// Writes of one document run one at a time, over every store on one SQLite connection (the map holds only writes
// in flight, so it stays as small as the work under way).
const registry = new WeakMap<object, Map<string, Promise<unknown>>>();

export type DocumentLocks = Map<string, Promise<unknown>>;

export function documentLocks(connection: object): DocumentLocks {
  let locks = registry.get(connection);
  if (!locks) registry.set(connection, (locks = new Map()));
  return locks;
}

export function documentKey(userId: string, docType: string, docId: string): string {
  return JSON.stringify([userId, docType, docId]);
}

/** Runs `work` once every earlier holder of `key` has finished (whether it succeeded or failed). */
export async function withDocumentLock<T>(locks: DocumentLocks, key: string, work: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const run = previous.then(work, work);
  const tail = run.catch(() => undefined);
  locks.set(key, tail);
  try {
    return await run;
  } finally {
    if (locks.get(key) === tail) locks.delete(key);
  }
}

/** Runs `work` holding every key of `keys`, taken in sorted order (two batches never wait for each other in a ring). */
export function withDocumentLocks<T>(
  locks: DocumentLocks,
  keys: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const sorted = [...new Set(keys)].sort();
  const run = sorted.reduceRight<() => Promise<T>>((inner, key) => () => withDocumentLock(locks, key, inner), work);
  return run();
}
