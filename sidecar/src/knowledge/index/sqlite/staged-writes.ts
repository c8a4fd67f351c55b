// Writes of the embedded index that never hold the event loop: chunks are staged under a new generation in small
// transactions, one short transaction makes them the document's visible ones, the replaced ones go in slices after.
// Every write runs through `exclusive`: the connection is shared with the token stores' async transactions.
import type { SqliteSqlDatabase } from '../../../store/sql/sqlite-database.js';
import type { DocType } from '../../doc-types.js';
import { documentValues } from '../document-rows.js';
import type { ChunkInput, DocumentWrite, IndexedDocument } from '../index-store.js';
import { groupWrites, WRITE_GROUP_BOUNDS } from '../batch-writes.js';
import {
  documentKey,
  documentLocks,
  withDocumentLock,
  withDocumentLocks,
  type DocumentLocks,
} from './document-locks.js';
import type { CountedTerms } from '../../text/bm25-text.js';
import type { IndexStatements } from './index-rows.js';
import type { VectorStorage } from './stored-vectors.js';
import type { LoadedUsers } from './loaded-users.js';
import { countTerms, numberCounted, numberForWrite, numberTerms, type ChunkTerms } from './term-pairs.js';
import { TimeSlices } from '../time-slices.js';
import { TermNumbers } from './term-numbers.js';
import { insertChunkRow, RETIRE_PAGE, writeSmallDocument, type SmallWrite } from './small-write.js';
import type { ChunkEntry } from './user-index.js';

/** Chunk rows written or deleted between two checkpoints (a few hundred pages: a few milliseconds to copy). */
const CHECKPOINT_ROWS = 64;
/** Chunk rows staged per transaction at most (then a checkpoint of about as many milliseconds as they took). */
const STAGE_ROWS = WRITE_GROUP_BOUNDS.chunks;

export interface StagedWritesOptions {
  /** How vectors are stored now (it changes with the embedder). */
  storage: () => VectorStorage;
  /** Longest a slice of a write runs before it yields to the event loop. */
  sliceMs: number;
  /** Called once the new chunks are staged, before they are switched in (tests simulate a crash here). */
  beforeSwitch?: () => Promise<void>;
}

export class StagedWrites {
  private readonly locks: DocumentLocks;
  private readonly dictionary: TermNumbers;
  private readonly wal: boolean;
  private rowsSinceCheckpoint = 0;

  constructor(
    private readonly db: SqliteSqlDatabase,
    private readonly sql: IndexStatements,
    private readonly users: LoadedUsers,
    private readonly options: StagedWritesOptions,
  ) {
    this.locks = documentLocks(db.raw);
    this.dictionary = new TermNumbers(sql);
    this.wal = db.raw.pragma('journal_mode', { simple: true }) === 'wal';
  }

  /** Replaces the document's chunks; readers see the old version until one short transaction switches to the new. */
  replace(userId: string, document: IndexedDocument, chunks: readonly ChunkInput[]): Promise<void> {
    const key = documentKey(userId, document.docType, document.docId);
    return withDocumentLock(this.locks, key, async () => {
      const slices = new TimeSlices(this.options.sliceMs);
      const texts = chunks.map((chunk) => chunk.text);
      const values = documentValues(userId, document);
      if (chunks.length <= STAGE_ROWS) {
        const counted = await countTerms(document.title, texts, slices);
        const numbering = await numberForWrite(this.dictionary, userId, counted, {
          slices,
          write: (work) => this.write(work),
        });
        return this.replaceAtOnce(userId, document, values, chunks, numbering, slices);
      }
      const terms = await numberTerms(this.db, this.sql, userId, document.title, texts, slices);
      const { documentId, generation } = await this.write(() => {
        this.sql.ensureDocument.run(...values);
        const id = this.sql.anyDocument.get(userId, document.docType, document.docId)?.id ?? 0;
        return { documentId: id, generation: this.sql.addPending.get(id)?.generation ?? 0 };
      });
      let switched = false;
      try {
        const added = await this.stage(userId, document.docType, documentId, generation, chunks, terms, slices);
        await this.options.beforeSwitch?.();
        const old = await this.switchTo(documentId, generation, values.slice(3));
        switched = true;
        await this.show(userId, documentId, generation, added, slices);
        if (old !== null) await this.retire(userId, documentId, old, slices);
      } catch (error) {
        // When even that fails (the database went away), the next open collects what is left.
        if (!switched) await this.abandon(documentId, generation, slices).catch(() => undefined);
        throw error;
      }
    });
  }

  /** A small write (a slice's worth of rows) in one transaction, as readers would see it anyway. */
  private async replaceAtOnce(
    userId: string,
    document: IndexedDocument,
    values: unknown[],
    chunks: readonly ChunkInput[],
    numbering: () => readonly ChunkTerms[],
    slices: TimeSlices,
  ): Promise<void> {
    const written = await this.write(() =>
      writeSmallDocument(this.sql, this.options.storage(), { userId, document, values, chunks, terms: numbering() }),
    );
    await this.applySmall(userId, written, slices);
  }

  /** Small documents in one transaction, as `replace` of each in order would (groups within WRITE_GROUP_BOUNDS). */
  async replaceMany(userId: string, writes: readonly DocumentWrite[]): Promise<void> {
    const slices = new TimeSlices(this.options.sliceMs);
    for (const group of groupWrites(writes, WRITE_GROUP_BOUNDS)) {
      if (group.length === 1) {
        await this.replace(userId, group[0]!.document, group[0]!.chunks);
        continue;
      }
      const keys = group.map(({ document }) => documentKey(userId, document.docType, document.docId));
      await withDocumentLocks(this.locks, keys, async () => {
        const counted: CountedTerms[][] = [];
        for (const { document, chunks } of group) {
          counted.push(
            await countTerms(
              document.title,
              chunks.map((chunk) => chunk.text),
              slices,
            ),
          );
        }
        const written = await this.write(() => {
          // One dictionary look-up for the whole group, then each document's chunks take their share in order.
          const numbered = numberCounted(this.dictionary, userId, counted.flat());
          let from = 0;
          return group.map(({ document, chunks }) => {
            const terms = numbered.slice(from, (from += chunks.length));
            return writeSmallDocument(this.sql, this.options.storage(), {
              ...{ userId, document, values: documentValues(userId, document), chunks, terms },
            });
          });
        });
        for (const each of written) await this.applySmall(userId, each, slices);
      });
    }
  }

  /** Brings the user's in-memory index up to a committed small write, then retires a large replaced generation. */
  private async applySmall(userId: string, written: SmallWrite, slices: TimeSlices): Promise<void> {
    this.users.applyRemoved(userId, written.removed);
    for (const chunk of written.added) this.users.applyAdded(userId, chunk);
    const { retiring } = written;
    if (retiring) await this.retire(userId, retiring.documentId, retiring.generation, slices);
  }

  /** Hides the document at once, then deletes its chunks in slices. */
  delete(userId: string, docType: DocType, docId: string): Promise<boolean> {
    return withDocumentLock(this.locks, documentKey(userId, docType, docId), async () => {
      const row = this.sql.anyDocument.get(userId, docType, docId);
      if (!row || row.generation === null) return false;
      const { id, generation } = row;
      await this.write(() => {
        this.sql.hideDocument.run(id);
        this.sql.retirePending.run(generation, id);
      });
      await this.retire(userId, id, generation, new TimeSlices(this.options.sliceMs));
      await this.write(() => this.sql.deleteHiddenDocument.run(id));
      return true;
    });
  }

  /** Removes what interrupted writes left behind (staged or replaced generations, documents never shown). */
  async collectGarbage(): Promise<void> {
    const slices = new TimeSlices(this.options.sliceMs);
    for (const pending of this.sql.allPending.all()) {
      const document = this.sql.documentById.get(pending.document_id);
      const key = document
        ? documentKey(document.user_id, document.doc_type, document.doc_id)
        : `#${pending.document_id}`;
      await withDocumentLock(this.locks, key, async () => {
        // Finished meanwhile by the write that owned it (another store on this connection).
        if (!this.sql.pendingExists.get(pending.generation)) return;
        await this.retire(document?.user_id, pending.document_id, pending.generation, slices);
        await this.write(() => this.sql.deleteHiddenDocument.run(pending.document_id));
      });
    }
  }

  private async stage(
    userId: string,
    docType: DocType,
    documentId: number,
    generation: number,
    chunks: readonly ChunkInput[],
    terms: readonly ChunkTerms[],
    slices: TimeSlices,
  ): Promise<ChunkEntry[]> {
    const added: ChunkEntry[] = [];
    const insertSlice = (upTo: number) => {
      do {
        const chunk = chunks[added.length];
        if (!chunk) return;
        const row = { userId, docType, documentId, generation, chunk, terms: terms[added.length] };
        added.push(insertChunkRow(this.sql, this.options.storage(), row));
      } while (added.length < upTo && !slices.due);
    };
    while (added.length < chunks.length) {
      const before = added.length;
      await this.write(() => insertSlice(before + STAGE_ROWS));
      await this.checkpoint(added.length - before);
      await slices.pause();
    }
    return added;
  }

  /** The one short transaction: the document's metadata and visible generation change together. */
  private switchTo(documentId: number, generation: number, metadata: unknown[]): Promise<number | null> {
    return this.write(() => {
      const row = this.sql.documentById.get(documentId);
      if (!row) throw new Error('The document was removed from the index while it was written.');
      this.sql.showGeneration.run(...metadata, generation, documentId);
      this.sql.dropPending.run(generation);
      if (row.generation !== null) this.sql.retirePending.run(row.generation, documentId);
      return row.generation;
    });
  }

  /** Puts the switched-in chunks into the user's in-memory index, unless the document went meanwhile. */
  private async show(
    userId: string,
    documentId: number,
    generation: number,
    added: readonly ChunkEntry[],
    slices: TimeSlices,
  ): Promise<void> {
    let next = 0;
    while (next < added.length) {
      if (this.sql.documentById.get(documentId)?.generation !== generation) return;
      do this.users.applyAdded(userId, added[next++]!);
      while (next < added.length && !slices.due);
      await slices.pause();
    }
  }

  /** Takes an invisible generation out of memory and the database, a page at a time, then forgets it. */
  private async retire(
    userId: string | undefined,
    documentId: number,
    generation: number,
    slices: TimeSlices,
  ): Promise<void> {
    for (;;) {
      const rows = this.sql.generationChunks.all(documentId, generation, RETIRE_PAGE);
      if (rows.length === 0) break;
      const done: number[] = [];
      for (const row of rows) {
        if (userId !== undefined) this.users.applyRemoved(userId, [row]);
        done.push(row.id);
        if (slices.due) break;
      }
      await this.write(() => this.sql.deleteChunks.run(JSON.stringify(done)));
      await this.checkpoint(done.length);
      await slices.pause();
    }
    await this.write(() => this.sql.dropPending.run(generation));
  }

  /**
   * Copies what the last slice wrote from the WAL into the database at once: SQLite's own checkpoint would copy
   * thousands of pages in one commit, holding the event loop for tens of milliseconds.
   */
  private async checkpoint(rows: number): Promise<void> {
    this.rowsSinceCheckpoint += rows;
    if (!this.wal || this.rowsSinceCheckpoint < CHECKPOINT_ROWS) return;
    this.rowsSinceCheckpoint = 0;
    await this.db.exclusive((raw) => raw.pragma('wal_checkpoint(PASSIVE)'));
  }

  /**
   * One transaction of `work`, once no other transaction holds the shared connection. The term numbers it added are
   * kept once it committed; one that fails drops all kept numbers (its rollback took away what it added).
   */
  private write<T>(work: () => T): Promise<T> {
    return this.db.exclusive((raw) => {
      try {
        const result = raw.transaction(work)();
        this.dictionary.keepAdded();
        return result;
      } catch (error) {
        this.dictionary.forgetAll();
        throw error;
      }
    });
  }

  /** A write that failed before its switch: its staged chunks go, and its document if it was never shown. */
  private async abandon(documentId: number, generation: number, slices: TimeSlices): Promise<void> {
    await this.retire(undefined, documentId, generation, slices);
    await this.write(() => this.sql.deleteHiddenDocument.run(documentId));
  }
}
