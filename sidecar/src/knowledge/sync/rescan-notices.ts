// Notices that a user's documents of some types changed where no webhook tells (a share made or removed, a Deck card
// changed; sent by the companion): each brings a scan of those sources forward, coalesced and rate-limited per user.
import type { DocType } from '../doc-types.js';
import type { Logger } from '../../logging/logger.js';
import type { SyncUserStore } from './sync-users.js';

/**
 * What became of one notice: `scheduled` (a scan starts after the coalescing delay), `coalesced` (joined a scan
 * already waiting), `deferred` (the user's rescans of this minute are used up: the scan waits until one is free),
 * `unknown_user` (the sidecar does not sync this user), `paused` (their sync is paused until a new credential).
 */
export type RescanNoticeOutcome = 'scheduled' | 'coalesced' | 'deferred' | 'unknown_user' | 'paused';

export const RESCAN_NOTICE_OUTCOMES: readonly RescanNoticeOutcome[] = [
  'scheduled',
  'coalesced',
  'deferred',
  'unknown_user',
  'paused',
];

export interface RescanNoticeResult {
  outcome: RescanNoticeOutcome;
  /** Milliseconds until the user's scan starts; absent for an unknown or paused user. */
  scanInMs?: number;
}

export interface RescanNotices {
  notify(userId: string, docTypes: readonly DocType[]): Promise<RescanNoticeResult>;
  /** Notices by outcome since the start (this process). */
  counts(): Record<RescanNoticeOutcome, number>;
  /** Cancels the scans still waiting. */
  stop(): void;
}

export interface RescanNoticeDeps {
  users: Pick<SyncUserStore, 'get'>;
  /** The sync engine's scan of some sources of one user. */
  scanSources(userId: string, docTypes: readonly DocType[]): Promise<void>;
  logger: Logger;
  /** Scans a user's notices may start per minute (KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE). */
  scansPerMinute: number;
  /** How long a scan waits for more notices to join it (default 1000 ms). */
  coalesceMs?: number;
  clock?: () => number;
}

const MINUTE_MS = 60_000;

interface UserRescans {
  /** The scan waiting to start, with the sources notices asked for so far. */
  waiting?: { docTypes: Set<DocType>; startsAt: number; timer: NodeJS.Timeout };
  /** When this minute's scans started (oldest first). */
  started: number[];
}

export function createRescanNotices(deps: RescanNoticeDeps): RescanNotices {
  const clock = deps.clock ?? Date.now;
  const coalesceMs = deps.coalesceMs ?? 1000;
  // Only synced, active users enter (unknown ones are answered first): at most one entry per synced user.
  const perUser = new Map<string, UserRescans>();
  const counts = Object.fromEntries(RESCAN_NOTICE_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    RescanNoticeOutcome,
    number
  >;
  let stopped = false;

  const count = (userId: string, result: RescanNoticeResult): RescanNoticeResult => {
    counts[result.outcome] += 1;
    deps.logger.debug({ userId, outcome: result.outcome }, 'knowledge sync: rescan notice');
    return result;
  };

  const start = (userId: string, rescans: UserRescans): void => {
    const waiting = rescans.waiting;
    if (!waiting) return;
    rescans.waiting = undefined;
    rescans.started.push(clock());
    deps.scanSources(userId, [...waiting.docTypes]).catch((error: unknown) => {
      deps.logger.warn({ err: error, userId }, 'knowledge sync: a rescan after a notice failed');
    });
  };

  return {
    async notify(userId, docTypes) {
      const state = await deps.users.get(userId);
      if (!state) return count(userId, { outcome: 'unknown_user' });
      if (state.state !== 'active') return count(userId, { outcome: 'paused' });
      const now = clock();
      const rescans = perUser.get(userId) ?? { started: [] };
      perUser.set(userId, rescans);
      rescans.started = rescans.started.filter((at) => at > now - MINUTE_MS);
      if (rescans.waiting) {
        for (const docType of docTypes) rescans.waiting.docTypes.add(docType);
        return count(userId, { outcome: 'coalesced', scanInMs: Math.max(0, rescans.waiting.startsAt - now) });
      }
      const soonest = now + coalesceMs;
      const free =
        rescans.started.length < deps.scansPerMinute
          ? soonest
          : rescans.started[rescans.started.length - deps.scansPerMinute]! + MINUTE_MS;
      const startsAt = Math.max(soonest, free);
      if (stopped) return count(userId, { outcome: 'deferred', scanInMs: startsAt - now });
      const timer = setTimeout(() => start(userId, rescans), startsAt - now);
      timer.unref();
      rescans.waiting = { docTypes: new Set(docTypes), startsAt, timer };
      return count(userId, { outcome: startsAt > soonest ? 'deferred' : 'scheduled', scanInMs: startsAt - now });
    },
    counts: () => ({ ...counts }),
    stop() {
      stopped = true;
      for (const rescans of perUser.values()) if (rescans.waiting) clearTimeout(rescans.waiting.timer);
      perUser.clear();
    },
  };
}
