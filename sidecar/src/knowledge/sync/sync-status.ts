// The caller's view of their sync (GET /api/v1/knowledge/status, the MCP sync-status tool): what is indexed,
// queued and failed with reasons, each source's state, the last scan and the embedder in use.
import { DOC_TYPES, type DocType } from '../doc-types.js';
import type { EmbedderHandle } from '../embedders/create-embedder.js';
import type { IndexStore } from '../index/index-store.js';
import type { OcrStatus } from '../extract/ocr/ocr-reader.js';
import type { LeftOutDocuments } from './left-out-documents.js';
import type { SyncQueue } from './sync-queue.js';
import type { SyncUserStore } from './sync-users.js';

export const FAILURES_LISTED = 50;

export interface SyncStatus {
  enabled: true;
  user_id: string;
  /** `not_synced`: the sidecar holds no background credential for this user. */
  state: 'active' | 'paused' | 'not_synced';
  paused_reason: string | null;
  documents: number;
  chunks: number;
  queued: number;
  failed: number;
  failures: { doc_type: DocType; doc_id: string; reason: string; attempts: number; at: string }[];
  last_scan_at: string | null;
  next_scan_at: string | null;
  sources: Record<
    DocType,
    {
      documents: number;
      chunks: number;
      /** Documents found and not indexed, by reason. */
      skipped: Record<string, number>;
      /** Documents indexed only in part (a PDF past its character limit), by reason. */
      partial: Record<string, number>;
      last_error: string | null;
    }
  >;
  embedder: { configured: string; id: string | null; kind: 'lexical' | 'semantic' | null; description: string | null };
  index: { engine: 'sqlite' | 'postgres' };
  /** Whether scans are read by OCR, in which languages, and why not when it is on but cannot. */
  ocr: OcrStatus;
}

export async function describeSyncStatus(
  userId: string,
  deps: {
    store: IndexStore;
    queue: SyncQueue;
    leftOut: LeftOutDocuments;
    users: SyncUserStore;
    embedder: EmbedderHandle;
    ocr: OcrStatus;
  },
): Promise<SyncStatus> {
  // One query after another: a status poll takes one pooled connection, not six.
  const state = await deps.users.get(userId);
  const counts = await deps.store.counts(userId);
  const sourceStates = new Map((await deps.users.sources(userId)).map((source) => [source.docType, source]));
  const queued = await deps.queue.queuedCount(userId);
  const failed = await deps.queue.deadCount(userId);
  const deadLetters = await deps.queue.deadLetters(userId, FAILURES_LISTED);
  const leftOut = await deps.leftOut.counts(userId);
  const embedder = deps.embedder.peek();
  const sources = Object.fromEntries(
    DOC_TYPES.map((docType) => {
      const source = sourceStates.get(docType);
      const indexed = counts.byType[docType];
      return [
        docType,
        {
          documents: indexed?.documents ?? 0,
          chunks: indexed?.chunks ?? 0,
          skipped: addCounts(source?.skipped ?? {}, leftOut[docType]?.skipped ?? {}),
          partial: leftOut[docType]?.partial ?? {},
          last_error: source?.lastError ?? null,
        },
      ];
    }),
  ) as SyncStatus['sources'];
  const iso = (at: number | undefined) => (at ? new Date(at).toISOString() : null);
  return {
    enabled: true,
    user_id: userId,
    state: state?.state ?? 'not_synced',
    paused_reason: state?.pausedReason ?? null,
    documents: counts.documents,
    chunks: counts.chunks,
    queued,
    failed,
    failures: deadLetters.map((letter) => ({
      doc_type: letter.docType,
      doc_id: letter.docId,
      reason: letter.reason,
      attempts: letter.attempts,
      at: new Date(letter.at).toISOString(),
    })),
    last_scan_at: iso(state?.lastScanAt),
    next_scan_at: state ? iso(Math.max(state.nextScanAt, state.lastScanAt ?? 0)) : null,
    sources,
    embedder: {
      configured: deps.embedder.configured,
      id: embedder?.id ?? null,
      kind: embedder?.kind ?? null,
      description: embedder?.description ?? null,
    },
    index: { engine: deps.store.engine },
    ocr: deps.ocr,
  };
}

/** The scan's counts of documents it left out, plus those read and then left out, by reason. */
function addCounts(first: Record<string, number>, second: Record<string, number>): Record<string, number> {
  const sum = { ...first };
  for (const [reason, count] of Object.entries(second)) sum[reason] = (sum[reason] ?? 0) + count;
  return sum;
}
