// Answers that rarely change (who the caller is, which apps Nextcloud has), remembered for a few minutes per caller.
// Keyed by host, login name and a hash of the password, so a wrong password never reads another caller's answer.
import { createHash } from 'node:crypto';
import type { NextcloudCredentials } from './credentials.js';

export interface CallerMemo {
  /** The remembered answer for `key`, or `load()`'s (a failed load is not remembered). */
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
}

export interface CallerMemoStore {
  forCaller(host: string, credentials: NextcloudCredentials): CallerMemo;
}

/** For clients that must always ask Nextcloud (validating a password). */
export const NO_MEMO: CallerMemo = { remember: (_key, load) => load() };

export function createCallerMemoStore(
  options: { ttlMs?: number; maxEntries?: number; clock?: () => number } = {},
): CallerMemoStore {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, { value: Promise<unknown>; until: number }>();

  return {
    forCaller(host, credentials) {
      // Hashed at the first answer remembered: most tool calls remember none (a hash per call was 5 % of its CPU).
      let caller: string | undefined;
      return {
        remember<T>(key: string, load: () => Promise<T>): Promise<T> {
          caller ??= callerKey(host, credentials);
          const entryKey = `${caller} ${key}`;
          const hit = entries.get(entryKey);
          if (hit && hit.until > clock()) return hit.value as Promise<T>;
          const value = load();
          entries.set(entryKey, { value, until: clock() + ttlMs });
          value.catch(() => entries.delete(entryKey));
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
          return value;
        },
      };
    },
  };
}

/** A hash of host, login name and password: maps keyed by it never hold a password, and a wrong password never finds
 * a right one's entry. */
export function callerKey(host: string, credentials: NextcloudCredentials): string {
  const known = hashed.get(credentials);
  if (known?.host === host) return known.key;
  const key = createHash('sha256')
    .update(`${host}\n${credentials.loginName}\n${credentials.password}`)
    .digest('base64url');
  hashed.set(credentials, { host, key });
  return key;
}

/** Keys already computed, per credentials object (basic mode and a session reuse one for every call). */
const hashed = new WeakMap<NextcloudCredentials, { host: string; key: string }>();
