// Nextcloud's sync tokens over Radicale's: sabre numbers each collection's changes (`http://sabre.io/ns/sync/5`)
// where Radicale names states by hash. The double numbers the Radicale tokens of each collection as it passes them
// on, translates them back on a sync-collection REPORT, and starts the count again when a collection is purged.
import type { DavKind } from './dav-paths.js';

export const SABRE_TOKEN_PREFIX = 'http://sabre.io/ns/sync/';
const RADICALE_TOKEN = /http:\/\/radicale\.org\/ns\/sync\/[0-9a-f]+/g;

/** What a client's token stands for in Radicale. */
export type TokenLookup =
  | { kind: 'radicale'; token: string }
  /** Well-formed but higher than any token the collection has given out: sabre answers no changes. */
  | { kind: 'newer' }
  | { kind: 'malformed' };

export interface SyncTokens {
  /** Rewrites Radicale's tokens in a collection's answer to sabre's, numbering new ones. */
  toSabre(xml: string, kind: DavKind, userId: string, collection: string): string;
  /** The same for a home listing, each response under its own collection. */
  homeToSabre(xml: string, kind: DavKind, userId: string): string;
  lookup(token: string, kind: DavKind, userId: string, collection: string): TokenLookup;
  /** Forgets a purged collection's tokens: a collection made again under its name counts from 1. */
  forget(kind: DavKind, userId: string, collection: string): void;
}

export function createSyncTokens(): SyncTokens {
  const byCollection = new Map<string, string[]>();
  const key = (kind: DavKind, userId: string, collection: string) => `${kind}/${userId}/${collection}`;
  const numberOf = (collectionKey: string, radicaleToken: string): number => {
    const seen = byCollection.get(collectionKey) ?? [];
    if (!seen.includes(radicaleToken)) seen.push(radicaleToken);
    byCollection.set(collectionKey, seen);
    return seen.indexOf(radicaleToken) + 1;
  };
  const rewrite = (text: string, collectionKey: string) =>
    text.replace(RADICALE_TOKEN, (token) => `${SABRE_TOKEN_PREFIX}${numberOf(collectionKey, token)}`);
  return {
    toSabre: (xml, kind, userId, collection) => rewrite(xml, key(kind, userId, collection)),
    homeToSabre: (xml, kind, userId) =>
      xml.replace(/<((?:[\w-]+:)?)response\b[^>]*>[\s\S]*?<\/\1response>/g, (response) => {
        const href = /<(?:[\w-]+:)?href>([^<]*)</.exec(response)?.[1] ?? '';
        const collection = /\/([^/]+)\/$/.exec(href)?.[1] ?? '';
        return rewrite(response, key(kind, userId, collection));
      }),
    lookup(token, kind, userId, collection) {
      const number = token.startsWith(SABRE_TOKEN_PREFIX) ? token.slice(SABRE_TOKEN_PREFIX.length) : undefined;
      if (number === undefined || !/^\d+$/.test(number)) return { kind: 'malformed' };
      const seen = byCollection.get(key(kind, userId, collection)) ?? [];
      const index = Number(number);
      if (index === 0) return { kind: 'radicale', token: '' };
      if (index > seen.length) return { kind: 'newer' };
      return { kind: 'radicale', token: seen[index - 1] ?? '' };
    },
    forget: (kind, userId, collection) => void byCollection.delete(key(kind, userId, collection)),
  };
}

/** The `d:sync-token` of a sync-collection REPORT body; undefined when the body is no sync-collection. */
export function readRequestedToken(body: string): string | undefined {
  if (!/<(?:[\w-]+:)?sync-collection\b/.test(body)) return undefined;
  const match = /<((?:[\w-]+:)?)sync-token\s*>([\s\S]*?)<\/\1sync-token>|<(?:[\w-]+:)?sync-token\s*\/>/.exec(body);
  return (match?.[2] ?? '').trim();
}

/** The body with its `d:sync-token` replaced by `token`. */
export function withRequestedToken(body: string, token: string): string {
  return body.replace(
    /<((?:[\w-]+:)?)sync-token\s*>[\s\S]*?<\/\1sync-token>|<((?:[\w-]+:)?)sync-token\s*\/>/,
    (_all, open?: string, selfClosing?: string) => {
      const prefix = open ?? selfClosing ?? '';
      return `<${prefix}sync-token>${token}</${prefix}sync-token>`;
    },
  );
}
