// When Nextcloud last confirmed the ETag of a caller's PDF: within the trust window a preview of that file is
// answered without asking Nextcloud again (a cached page in well under a millisecond instead of one PROPFIND).
// Bounded: the least recently confirmed entry goes first; an entry lost costs one PROPFIND, nothing else.

export interface EtagConfirmations {
  /** The ETag Nextcloud gave for the caller's file less than the window ago; undefined otherwise. */
  trusted(userId: string, path: string, nowMs: number): string | undefined;
  /** Nextcloud just named this ETag for the caller's file (a PROPFIND or a download answered it). */
  confirm(userId: string, path: string, etag: string, nowMs: number): void;
}

/** Entries kept at most: about 150 bytes each. */
export const MAX_CONFIRMATIONS = 10_000;

export function createEtagConfirmations(windowMs: number, maxEntries = MAX_CONFIRMATIONS): EtagConfirmations {
  const entries = new Map<string, { etag: string; at: number }>();
  const keyOf = (userId: string, path: string) => JSON.stringify([userId, path]);
  return {
    trusted(userId, path, nowMs) {
      if (windowMs <= 0) return undefined;
      const entry = entries.get(keyOf(userId, path));
      // A clock that went back counts as expired too: trust only what is inside [at, at + window).
      if (!entry || nowMs < entry.at || nowMs - entry.at >= windowMs) return undefined;
      return entry.etag;
    },
    confirm(userId, path, etag, nowMs) {
      if (windowMs <= 0) return;
      const key = keyOf(userId, path);
      entries.delete(key);
      entries.set(key, { etag, at: nowMs });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
    },
  };
}
