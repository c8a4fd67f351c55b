// What every document source (files, notes, deck, calendar, news, contacts) offers the sync engine: a cheap scan for
// what changed since the last one, and the reading of one document's text.
import type { NextcloudClient } from '../../platform/nextcloud-client.js';
import type { DocType } from '../doc-types.js';
import type { IndexedDocument } from '../index/index-store.js';

/** Who is scanned: the Nextcloud user id (paths, ownership, index) and a client with their background credential. */
export interface SyncContext {
  userId: string;
  client: NextcloudClient;
  /** Aborted when the sync stops or the user is revoked; sources pass it on and stop early. */
  signal: AbortSignal;
}

/** A document the scan saw, with the version that decides whether it must be fetched again. */
export interface SeenDocument {
  docId: string;
  version: string;
  /** Anything the fetch needs that the id alone does not give (a file's path, a card's board and stack). */
  hint?: string;
}

export type ScanResult =
  /** Nothing changed since `cursor` (the cheap path: O(1) requests). */
  | { kind: 'unchanged' }
  | {
      kind: 'changes';
      /** New or possibly changed documents (the engine compares versions with the index and queues the new ones). */
      changed: SeenDocument[];
      /** Documents that are gone or no longer readable. */
      removed: string[];
      /**
       * True when `changed` lists every readable document of the type: anything indexed but absent is removed too.
       * False for a delta (sync-collection, pruneBefore, items/updated).
       */
      complete: boolean;
      /** Skipped documents by reason (`unsupported type`, `too large`, …), counted for the status. */
      skipped?: Record<string, number>;
      /** Stored and handed back to the next scan (sync tokens, ETags, timestamps); JSON, at most 4 MiB. */
      cursor: string;
    };

/** The text of one document, split into pages (one page for documents without pages). */
export interface FetchedDocument extends IndexedDocument {
  pages: string[];
  /** Why part of the text was left out (`text beyond the character cap from page 12`); absent when none was. */
  truncated?: string;
}

export interface SyncSource {
  readonly docType: DocType;
  /** `cursor` is what the previous scan returned (absent: first scan, list everything). */
  scan(context: SyncContext, cursor: string | undefined): Promise<ScanResult>;
  /**
   * The document's current text and metadata; null when it is gone or no longer readable (the engine removes it).
   * Throws DocumentSkippedError for a document that exists but is not indexed by rule (its type, its size): the
   * engine removes it from the index and counts it with the reason. Throws DocumentParseError for content that
   * cannot be read (corrupt PDF, invalid iCalendar): a dead letter.
   */
  read(context: SyncContext, document: SeenDocument): Promise<FetchedDocument | null>;
}

/** Content Nextcloud served but that cannot be turned into text; the queue keeps it as a dead letter. */
export class DocumentParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocumentParseError';
  }
}

/** A document that exists but is left out by rule; `reason` is short and stable (`unsupported type`, `too large`). */
export class DocumentSkippedError extends Error {
  constructor(readonly reason: string) {
    super(`The document is not indexed: ${reason}.`);
    this.name = 'DocumentSkippedError';
  }
}
