// Per-user lock: at most one token refresh in flight for each user; different users never wait for each other.

export interface RefreshLock {
  /** Runs `task` after every earlier task of the same user has settled. */
  run<T>(userId: string, task: () => Promise<T>): Promise<T>;
}

export function createRefreshLock(): RefreshLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(userId: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(userId) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(userId, tail);
      void tail.then(() => {
        if (tails.get(userId) === tail) tails.delete(userId);
      });
      return result;
    },
  };
}
