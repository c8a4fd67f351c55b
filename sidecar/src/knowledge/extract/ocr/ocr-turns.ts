// Whose page is read next by OCR: at most `slots` pages at once over all users, and when pages wait, the users take
// turns page by page, so one user's long scan never holds up another's. Waiting pages are bounded by the sync's own
// workers: each holds one document, and a document asks for one page at a time.
export interface OcrTurns {
  /** Resolves with the function that gives the turn back once it is this user's turn. */
  take(userId: string): Promise<() => void>;
  /** Pages being read and pages waiting (for tests and the log). */
  counts(): { running: number; waiting: number };
}

export function createOcrTurns(slots: number): OcrTurns {
  /** Waiting pages per user. */
  const waiting = new Map<string, (() => void)[]>();
  /** When each waiting user's page last started (a count of pages started): the longest waiting goes first. */
  const lastStarted = new Map<string, number>();
  let started = 0;
  let running = 0;

  const giveBack = (userId: string) => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      running -= 1;
      // Bounded: a user is remembered only while their pages wait or run.
      if (!waiting.has(userId)) lastStarted.delete(userId);
      startNext();
    };
  };

  const startNext = () => {
    while (running < slots && waiting.size > 0) {
      const userId = longestWaiting();
      const queue = waiting.get(userId)!;
      const start = queue.shift()!;
      if (queue.length === 0) waiting.delete(userId);
      lastStarted.set(userId, ++started);
      running += 1;
      start();
    }
  };

  /** The waiting user whose page started longest ago (one that waits for its first page: first of all). */
  const longestWaiting = () => {
    let best: string | undefined;
    for (const userId of waiting.keys()) {
      if (best === undefined || (lastStarted.get(userId) ?? 0) < (lastStarted.get(best) ?? 0)) best = userId;
    }
    return best!;
  };

  return {
    take: (userId) =>
      new Promise((resolve) => {
        const queue = waiting.get(userId) ?? [];
        queue.push(() => resolve(giveBack(userId)));
        waiting.set(userId, queue);
        startNext();
      }),
    counts: () => ({
      running,
      waiting: [...waiting.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
  };
}
