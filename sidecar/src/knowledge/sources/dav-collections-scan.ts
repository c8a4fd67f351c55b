// The scan shared by CalDAV and CardDAV: one PROPFIND of the home for every collection's sync token; unchanged
// tokens cost nothing more, a changed collection one sync-collection REPORT, an expired token (or one behind the
// stored one: a re-created collection) a full listing of that collection. The cursor keeps each collection's token and object names (bounded) so a vanished collection's
// objects can be removed.
import type { NextcloudClient } from '../../platform/nextcloud-client.js';
import type { ScanResult, SeenDocument } from '../sync/sync-source.js';
import { syncCollection, type DavCollectionEntry } from '../../platform/dav/dav-sync-collection.js';

/** A collection worth indexing, as the source picked it from the home's listing. */
export interface DavCollection {
  uri: string;
  displayName: string;
  syncToken?: string;
}

export interface DavScanOptions {
  client: NextcloudClient;
  signal: AbortSignal;
  /** Lists the home: the collections to index (system ones already left out). */
  listCollections(): Promise<DavCollection[]>;
  collectionPath(uri: string): string;
  /** Told what changed before the scan answers (the source reads those objects ahead, listed-dav-objects.ts). */
  beforeAnswer?(changed: readonly SeenDocument[]): Promise<void>;
}

interface CollectionState {
  token: string;
  /** Object names; absent when there were more than MAX_NAMES_PER_COLLECTION. */
  names?: string[];
}

interface DavCursor {
  v: 1;
  collections: Record<string, CollectionState>;
}

/** Beyond this many objects a collection's names are not kept (its removal then needs a complete scan). */
export const MAX_NAMES_PER_COLLECTION = 20_000;
/** The contract allows 4 MiB; stay well below. */
const MAX_CURSOR_CHARS = 3 * 1024 * 1024;

export async function scanDavCollections(options: DavScanOptions, cursorText: string | undefined): Promise<ScanResult> {
  const previous = parseCursor(cursorText);
  const collections = await options.listCollections();
  if (previous && isUnchanged(previous, collections)) return { kind: 'unchanged' };

  const next: DavCursor = { v: 1, collections: {} };
  const changed: SeenDocument[] = [];
  const removed: string[] = [];
  const listedInFull = new Set<string>();
  let needsComplete = previous === undefined;

  for (const collection of collections) {
    options.signal.throwIfAborted();
    const before = previous?.collections[collection.uri];
    if (before && collection.syncToken !== undefined && before.token === collection.syncToken) {
      next.collections[collection.uri] = before;
      continue;
    }
    const path = options.collectionPath(collection.uri);
    // A listed token behind the stored one: the collection was re-created under the same URI (its counter started
    // again), and Nextcloud answers a token newer than the collection's with "no changes" — so list it in full.
    const restarted = before !== undefined && isBehind(collection.syncToken, before.token);
    let answer = await syncCollection(options.client, path, restarted ? '' : (before?.token ?? ''));
    let full = !before || restarted;
    if (answer === 'invalid-token') {
      answer = await syncCollection(options.client, path, '');
      full = true;
      if (answer === 'invalid-token') throw new Error('The DAV server refused an empty sync token.');
    }
    const seen = answer.changed.map((object) => toSeen(collection, object.name, object.etag));
    changed.push(...seen);
    if (full) {
      listedInFull.add(collection.uri);
      const names = new Set(answer.changed.map((object) => object.name));
      if (before && !before.names) needsComplete = true;
      for (const name of before?.names ?? []) if (!names.has(name)) removed.push(docIdOf(collection.uri, name));
      next.collections[collection.uri] = { token: answer.syncToken, names: bounded([...names]) };
    } else {
      removed.push(...answer.removed.map((name) => docIdOf(collection.uri, name)));
      next.collections[collection.uri] = { token: answer.syncToken, names: mergeNames(before, answer) };
    }
  }

  const present = new Set(collections.map((collection) => collection.uri));
  for (const [uri, state] of Object.entries(previous?.collections ?? {})) {
    if (present.has(uri)) continue;
    if (!state.names) needsComplete = true;
    removed.push(...(state.names ?? []).map((name) => docIdOf(uri, name)));
  }

  if (needsComplete) {
    // Some removals cannot be named: list every collection in full and let the engine drop what is absent.
    for (const collection of collections) {
      options.signal.throwIfAborted();
      if (listedInFull.has(collection.uri)) continue;
      const answer = await syncCollection(options.client, options.collectionPath(collection.uri), '');
      if (answer === 'invalid-token') throw new Error('The DAV server refused an empty sync token.');
      const names = answer.changed.map((object) => object.name);
      for (const object of answer.changed) changed.push(toSeen(collection, object.name, object.etag));
      next.collections[collection.uri] = { token: answer.syncToken, names: bounded(names) };
    }
    const all = dedupe(changed);
    await options.beforeAnswer?.(all);
    return { kind: 'changes', changed: all, removed: [], complete: true, cursor: serialize(next) };
  }
  const changedIds = new Set(changed.map((document) => document.docId));
  const unique = dedupe(changed);
  await options.beforeAnswer?.(unique);
  return {
    kind: 'changes',
    changed: unique,
    removed: [...new Set(removed)].filter((docId) => !changedIds.has(docId)),
    complete: false,
    cursor: serialize(next),
  };
}

/** `{collectionUri}/{objectName}`: collection URIs never hold a slash, so the first one splits the id again. */
export function docIdOf(collectionUri: string, objectName: string): string {
  return `${collectionUri}/${objectName}`;
}

export function splitDocId(docId: string): { collectionUri: string; objectName: string } | undefined {
  const slash = docId.indexOf('/');
  if (slash <= 0 || slash === docId.length - 1) return undefined;
  return { collectionUri: docId.slice(0, slash), objectName: docId.slice(slash + 1) };
}

/** The collections of a home listing that are of the wanted kind, with display name and token. */
export function toDavCollection(entry: DavCollectionEntry): DavCollection {
  const name = entry.response.props.displayname;
  const displayName = typeof name === 'string' && name.trim() !== '' ? name.trim() : entry.uri;
  return { uri: entry.uri, displayName, syncToken: entry.syncToken };
}

function toSeen(collection: DavCollection, name: string, etag: string): SeenDocument {
  // The hint carries the collection's display name to the fetch (extra facts of the document).
  return { docId: docIdOf(collection.uri, name), version: etag || 'no-etag', hint: collection.displayName };
}

function isUnchanged(previous: DavCursor, collections: DavCollection[]): boolean {
  const uris = Object.keys(previous.collections);
  if (uris.length !== collections.length) return false;
  return collections.every((collection) => {
    const state = previous.collections[collection.uri];
    return state !== undefined && collection.syncToken !== undefined && state.token === collection.syncToken;
  });
}

/** Whether `listed` counts below `stored` (sabre's tokens end in a counter: `http://sabre.io/ns/sync/5`). */
function isBehind(listed: string | undefined, stored: string): boolean {
  const counter = (token: string | undefined) => Number(/\/(\d+)$/.exec(token ?? '')?.[1] ?? NaN);
  return counter(listed) < counter(stored);
}

function mergeNames(before: CollectionState | undefined, answer: { changed: { name: string }[]; removed: string[] }) {
  if (before && !before.names) return undefined;
  const names = new Set(before?.names ?? []);
  for (const name of answer.removed) names.delete(name);
  for (const object of answer.changed) names.add(object.name);
  return bounded([...names]);
}

function bounded(names: string[]): string[] | undefined {
  return names.length > MAX_NAMES_PER_COLLECTION ? undefined : names;
}

function dedupe(documents: SeenDocument[]): SeenDocument[] {
  return [...new Map(documents.map((document) => [document.docId, document])).values()];
}

/** JSON of the cursor; when too large, the names of the largest collections go first. */
function serialize(cursor: DavCursor): string {
  let text = JSON.stringify(cursor);
  const bySize = Object.values(cursor.collections).sort((a, b) => (b.names?.length ?? 0) - (a.names?.length ?? 0));
  for (const state of bySize) {
    if (text.length <= MAX_CURSOR_CHARS) break;
    delete state.names;
    text = JSON.stringify(cursor);
  }
  return text;
}

function parseCursor(text: string | undefined): DavCursor | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<DavCursor> | null;
    if (parsed?.v !== 1 || typeof parsed.collections !== 'object' || parsed.collections === null) return undefined;
    const collections: Record<string, CollectionState> = {};
    for (const [uri, state] of Object.entries(parsed.collections)) {
      if (typeof state?.token !== 'string') return undefined;
      const names = Array.isArray(state.names) ? state.names.filter((n) => typeof n === 'string') : undefined;
      collections[uri] = { token: state.token, names };
    }
    return { v: 1, collections };
  } catch {
    return undefined;
  }
}
