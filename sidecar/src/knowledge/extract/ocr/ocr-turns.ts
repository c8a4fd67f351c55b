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
  /** Waiting pages per user, in the order the users first waited (a Map keeps insertion order). */
  const waiting = new Map<string, (() => void)[]>();
  let running = 0;

  const giveBack = () => {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      running -= 1;
      startNext();
    };
  };

  const startNext = () => {
    while (running < slots) {
      const next = waiting.entries().next();
      if (next.done) return;
      const [userId, queue] = next.value;
      const start = queue.shift()!;
      // The user goes to the back of the line; the others waiting go first.
      waiting.delete(userId);
      if (queue.length > 0) waiting.set(userId, queue);
      running += 1;
      start();
    }
  };

  return {
    take: (userId) =>
      new Promise((resolve) => {
        const queue = waiting.get(userId) ?? [];
        queue.push(() => resolve(giveBack()));
        waiting.set(userId, queue);
        startNext();
      }),
    counts: () => ({
      running,
      waiting: [...waiting.values()].reduce((sum, queue) => sum + queue.length, 0),
    }),
  };
}
