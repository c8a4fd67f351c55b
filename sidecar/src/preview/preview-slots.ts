// Who may download or render a PDF preview now: at most `perUser` previews of one user at once (that user's next ones
// wait their turn, a few at most), and at most `total` of all users together (past it 503 at once). One user paging
// quickly waits for their own previews; one user flooding never takes the slots, or the render workers, of the others.
import { RateLimitedError, UnavailableError } from '../errors.js';

export interface PreviewSlots {
  /**
   * Resolves with the function that gives the slot back, once one of the user's own is free. UnavailableError when
   * every slot of all users is taken or the wait took too long; RateLimitedError for a waiting preview pushed out by
   * newer ones of the same user.
   */
  acquire(userId: string): Promise<() => void>;
}

export interface PreviewSlotOptions {
  /** Previews of all users downloading or rendering at once. */
  total: number;
  /** Previews of one user downloading or rendering at once (below `total`). */
  perUser: number;
  /** One user's previews waiting for their turn at most; past it the oldest waiting one is refused. */
  maxWaitingPerUser?: number;
  /** A preview waits at most this long for its turn. */
  maxWaitMs?: number;
}

/** Waiting previews of one user kept (a viewer paging quickly wants its newest page, not its oldest). */
export const DEFAULT_MAX_WAITING_PER_USER = 4;
export const DEFAULT_MAX_WAIT_MS = 30_000;

interface Waiter {
  start(): void;
  refuse(error: Error): void;
}

interface UserSlots {
  running: number;
  waiting: Waiter[];
}

export function createPreviewSlots(options: PreviewSlotOptions): PreviewSlots {
  const maxWaiting = options.maxWaitingPerUser ?? DEFAULT_MAX_WAITING_PER_USER;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const users = new Map<string, UserSlots>();
  let running = 0;

  const release = (userId: string, slots: UserSlots) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The user's next waiting preview takes the slot over: it never competes with other users for it again.
      const next = slots.waiting.shift();
      if (next) return next.start();
      slots.running -= 1;
      running -= 1;
      if (slots.running === 0) users.delete(userId);
    };
  };

  return {
    acquire: (userId) => {
      const slots = users.get(userId) ?? { running: 0, waiting: [] };
      if (slots.running < options.perUser) {
        if (running >= options.total) {
          return Promise.reject(new UnavailableError('Too many PDF previews are being made; try again shortly.'));
        }
        slots.running += 1;
        running += 1;
        users.set(userId, slots);
        return Promise.resolve(release(userId, slots));
      }
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          start: () => {
            clearTimeout(timer);
            resolve(release(userId, slots));
          },
          refuse: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        const timer = setTimeout(() => {
          slots.waiting.splice(slots.waiting.indexOf(waiter), 1);
          waiter.refuse(new UnavailableError('Your other PDF previews are still being made; try again shortly.'));
        }, maxWaitMs);
        slots.waiting.push(waiter);
        if (slots.waiting.length > maxWaiting) slots.waiting.shift()!.refuse(new RateLimitedError(1));
      });
    },
  };
}
