// One scan of one user's source: ask the source what changed since its cursor, compare versions with the index,
// queue what must be fetched or removed, and keep the new cursor only when everything was queued.
import { NotFoundError, UnauthenticatedError } from '../../errors.js';
import type { IndexStore } from '../index/index-store.js';
import type { LeftOutDocuments } from './left-out-documents.js';
import type { EnqueueRequest, SyncQueue } from './sync-queue.js';
import type { SourceState } from './sync-users.js';
import type { SyncContext, SyncSource } from './sync-source.js';

export interface SourceScanOutcome {
  state: Omit<SourceState, 'docType'>;
  queued: number;
  /** The user's credential was refused: pause them. */
  unauthenticated: boolean;
  /** A failure worth backing off for (Nextcloud down, 5xx, timeouts). */
  failed: boolean;
}

export async function scanSource(
  source: SyncSource,
  context: SyncContext,
  previous: SourceState | undefined,
  deps: { store: IndexStore; queue: SyncQueue; leftOut: LeftOutDocuments; now: () => number },
): Promise<SourceScanOutcome> {
  const kept = { cursor: previous?.cursor, skipped: previous?.skipped ?? {} };
  let result;
  try {
    result = await source.scan(context, previous?.cursor);
  } catch (error) {
    if (error instanceof UnauthenticatedError) {
      return {
        state: { ...kept, lastError: 'Nextcloud refused the credential.' },
        queued: 0,
        unauthenticated: true,
        failed: true,
      };
    }
    const unavailable = error instanceof NotFoundError || (error as Error)?.name === 'SourceUnavailableError';
    const lastError = unavailable ? appUnavailableMessage(source, error) : scanFailureMessage(error);
    return { state: { ...kept, lastError }, queued: 0, unauthenticated: false, failed: !unavailable };
  }
  if (result.kind === 'unchanged') {
    return { state: { ...kept, lastError: undefined }, queued: 0, unauthenticated: false, failed: false };
  }
  const indexed = await deps.store.versions(context.userId, source.docType);
  const requests: EnqueueRequest[] = [];
  const enqueue = (docId: string, action: 'index' | 'delete', version?: string, hint?: string) =>
    requests.push({ userId: context.userId, docType: source.docType, docId, action, version, hint });
  const seen = new Set<string>();
  for (const document of result.changed) {
    seen.add(document.docId);
    if (indexed.get(document.docId) !== document.version) {
      enqueue(document.docId, 'index', document.version, document.hint);
    }
  }
  for (const docId of result.removed) if (indexed.has(docId)) enqueue(docId, 'delete');
  if (result.complete) {
    for (const docId of indexed.keys()) if (!seen.has(docId)) enqueue(docId, 'delete');
  }
  const taken = await deps.queue.enqueueMany(requests, deps.now());
  const queued = taken.filter(Boolean).length;
  const full = queued < taken.length;
  // Skipped, partial and dead entries of documents that are gone no longer count.
  const gone = result.complete
    ? (await deps.leftOut.ids(context.userId, source.docType)).filter((docId) => !seen.has(docId))
    : result.removed;
  await deps.leftOut.forget(context.userId, source.docType, gone);
  return {
    // A full queue keeps the old cursor: the next scan sees the same changes again.
    state: {
      cursor: full ? previous?.cursor : result.cursor,
      skipped: result.skipped ?? {},
      lastError: full ? 'The sync queue is full; the rest waits for the next scan.' : undefined,
    },
    queued,
    unauthenticated: false,
    failed: false,
  };
}

function appUnavailableMessage(source: SyncSource, error: unknown): string {
  const message = (error as Error)?.name === 'SourceUnavailableError' ? (error as Error).message : undefined;
  return message ?? `The ${source.docType.replace('_', ' ')} source is not available for this user.`;
}

/** A short reason without URLs or paths (the log has the details). */
export function scanFailureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : 'unknown error';
  return message.replace(/https?:\/\/\S+/g, '[url]').slice(0, 200);
}
