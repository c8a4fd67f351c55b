// Whether Nextcloud accepts a Basic pair (login name, app password) for an MCP caller: asked once, and the answer
// (a refusal too) remembered briefly under a hash of host, login name and password, never the password itself, so a
// flood of one wrong pair costs Nextcloud one failed login.
import { UnauthenticatedError } from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import { callerKey, type CallerMemoStore } from '../platform/caller-memo.js';
import { fetchCurrentUser, rememberedCurrentUserKey } from '../platform/current-user.js';

export interface BasicCredentialCheck {
  /**
   * Resolves when Nextcloud accepts the pair (or did within the last `acceptedForMs`); throws UnauthenticatedError
   * when it refused it (or did within `refusedForMs`), UpstreamError when it could not say (not remembered).
   */
  verify(host: string, credentials: NextcloudCredentials): Promise<void>;
  /** Whether the answer for this pair is remembered (so asking costs Nextcloud nothing). */
  isRemembered(host: string, credentials: NextcloudCredentials): boolean;
  /** Remembered answers (never more than `maxEntries`). */
  size(): number;
}

export interface BasicCredentialCheckOptions {
  http: HttpClient;
  timeoutMs: number;
  /** The tools' memo: an accepted pair's user is handed to it, so the first tool call does not ask for it again. */
  memo?: CallerMemoStore;
  acceptedForMs?: number;
  refusedForMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

interface Entry {
  outcome: Promise<void>;
  /** Until when the settled outcome counts; Infinity while the question is in flight. */
  until: number;
}

export function createBasicCredentialCheck(options: BasicCredentialCheckOptions): BasicCredentialCheck {
  const clock = options.clock ?? Date.now;
  const acceptedForMs = options.acceptedForMs ?? 60_000;
  const refusedForMs = options.refusedForMs ?? 5 * 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const entries = new Map<string, Entry>();

  const current = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.until > clock()) return entry;
    if (entry) entries.delete(key);
    return undefined;
  };

  const ask = (key: string, host: string, credentials: NextcloudCredentials): Entry => {
    const entry: Entry = { outcome: Promise.resolve(), until: Infinity };
    entry.outcome = fetchCurrentUser(options.http, host, credentials, options.timeoutMs).then(
      (user) => {
        entry.until = clock() + acceptedForMs;
        void options.memo?.forCaller(host, credentials).remember(rememberedCurrentUserKey, async () => user);
      },
      (error: unknown) => {
        if (error instanceof UnauthenticatedError) entry.until = clock() + refusedForMs;
        else if (entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    // Callers see the outcome through `verify`; this handler only keeps an unobserved refusal from being reported.
    entry.outcome.catch(() => undefined);
    entries.set(key, entry);
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  };

  return {
    verify: (host, credentials) => {
      const key = callerKey(host, credentials);
      return (current(key) ?? ask(key, host, credentials)).outcome;
    },
    isRemembered: (host, credentials) => current(callerKey(host, credentials)) !== undefined,
    size: () => entries.size,
  };
}
