// Sliding-window rate limiters keyed by a user id or a client address: the contract, the in-memory one (bounded: the
// stalest keys go first) and the address key; the database-backed one shared by replicas is rate-limit-store.ts.
import type { Request } from 'express';
import { isIPv6 } from 'node:net';
import { RateLimitedError } from '../errors.js';

export interface RateLimiter {
  /** Counts an attempt for `key`; throws RateLimitedError (counting nothing) once the window's limit is reached. */
  hit(key: string): Promise<void>;
  /**
   * Throws RateLimitedError while `key` has used up the window's limit; otherwise resolves to the attempts it may
   * still make in the window now. Counts nothing.
   */
  check(key: string): Promise<number>;
  /** Counts an attempt without refusing it (a failure learnt after the fact). */
  record(key: string): Promise<void>;
}

/** Makes the limiters of one sidecar: in memory, or in the database every replica shares. */
export type RateLimiterFactory = (name: string, options: { limit: number; windowMs: number }) => RateLimiter;

export interface MemoryRateLimiter extends RateLimiter {
  /** Keys remembered now (never more than `maxKeys`). */
  size(): number;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  clock?: () => number;
  /** Bound on remembered keys; the stalest are dropped first. */
  maxKeys?: number;
}

export function createRateLimiter({
  limit,
  windowMs,
  clock = Date.now,
  maxKeys = 10_000,
}: RateLimiterOptions): MemoryRateLimiter {
  const attempts = new Map<string, number[]>();
  const recentOf = (key: string, now: number) => (attempts.get(key) ?? []).filter((at) => now - at < windowMs);
  const refuseWhenFull = (key: string, recent: number[], now: number) => {
    if (recent.length < limit) return;
    attempts.set(key, recent);
    const oldest = recent[0] ?? now;
    throw new RateLimitedError(Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));
  };
  const remember = (key: string, recent: number[], now: number) => {
    recent.push(now);
    attempts.delete(key);
    attempts.set(key, recent.slice(-limit));
    if (attempts.size > maxKeys) dropOldestKey(attempts);
  };

  return {
    async hit(key) {
      const now = clock();
      const recent = recentOf(key, now);
      refuseWhenFull(key, recent, now);
      remember(key, recent, now);
    },
    async check(key) {
      const now = clock();
      const recent = recentOf(key, now);
      refuseWhenFull(key, recent, now);
      return limit - recent.length;
    },
    async record(key) {
      const now = clock();
      remember(key, recentOf(key, now), now);
    },
    size: () => attempts.size,
  };
}

/** Limiters in this process's memory (a single sidecar, or tests). */
export function memoryRateLimiters(clock?: () => number): RateLimiterFactory {
  return (_name, options) => createRateLimiter({ ...options, clock });
}

function dropOldestKey(attempts: Map<string, number[]>): void {
  const oldest = attempts.keys().next();
  if (!oldest.done) attempts.delete(oldest.value);
}

/**
 * The key a caller is limited under: its address as Express reports it (the socket address, or the one a trusted
 * proxy forwarded, see MCP_TRUSTED_PROXIES); IPv6 addresses by their /64, the smallest network one subscriber gets.
 */
export function clientAddressKey(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress;
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  return isIPv6(address) ? `${ipv6Prefix64(address)}::/64` : address;
}

/** The first four groups of an IPv6 address, in full (`2001:db8::1` → `2001:db8:0:0`). */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? parseInt(group, 16).toString(16) : group))
    .join(':');
}
