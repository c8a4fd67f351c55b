// Users' in-memory indexes: loaded lazily in slices that yield to the event loop, kept in step with writes, LRU-bounded.
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ChunkEntry } from './user-index.js';
import { UserIndex } from './user-index.js';
import { vectorFromBlob, type IndexStatements } from './index-rows.js';

export interface LoadedUsersOptions {
  /** Chunks kept in memory over all loaded users; least recently searched users go first (one always stays). */
  maxLoadedChunks: number;
  /** How long one loading slice may run before it yields to the event loop. */
  sliceMs: number;
}

const PAGE_ROWS = 128;

interface Entry {
  index: UserIndex;
  /** Highest point id loaded so far; Infinity once loading finished. */
  loadedUpTo: number;
  ready: Promise<UserIndex>;
}

export class LoadedUsers {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly statements: IndexStatements,
    private readonly options: LoadedUsersOptions,
  ) {}

  /** The user's index, loaded first when needed; marks the user as the most recently used. */
  get(userId: string, dimensions: number): Promise<UserIndex> {
    let entry = this.entries.get(userId);
    if (entry) this.entries.delete(userId);
    else entry = this.startLoading(userId, dimensions);
    this.entries.set(userId, entry);
    return entry.ready;
  }

  /** Applies a committed write to a loaded (or loading) user; unloaded users read it from SQLite later. */
  applyWrite(userId: string, removed: readonly { id: number; text: string }[], added: readonly ChunkEntry[]): void {
    const entry = this.entries.get(userId);
    if (!entry) return;
    for (const chunk of removed) if (chunk.id <= entry.loadedUpTo) entry.index.remove(chunk.id, chunk.text);
    // While loading, new chunks (ids above every id so far) are still ahead of the loader, which reads them.
    if (entry.loadedUpTo === Infinity) for (const chunk of added) entry.index.add(chunk);
  }

  forget(userId: string): void {
    this.entries.delete(userId);
  }

  forgetAll(): void {
    this.entries.clear();
    this.generation++;
  }

  /** Chunks and approximate bytes held in memory. */
  usage(): { users: number; chunks: number; bytes: number } {
    let chunks = 0;
    let bytes = 0;
    for (const { index } of this.entries.values()) {
      chunks += index.live;
      bytes += index.bytes;
    }
    return { users: this.entries.size, chunks, bytes };
  }

  private startLoading(userId: string, dimensions: number): Entry {
    const entry: Entry = { index: new UserIndex(dimensions), loadedUpTo: 0, ready: Promise.resolve(null as never) };
    entry.ready = this.load(userId, entry, this.generation);
    return entry;
  }

  private async load(userId: string, entry: Entry, generation: number): Promise<UserIndex> {
    for (;;) {
      const started = performance.now();
      let rows = 0;
      do {
        const page = this.statements.chunkPage.all(userId, entry.loadedUpTo, PAGE_ROWS);
        for (const row of page) {
          entry.index.add({
            pointId: row.id,
            docType: row.doc_type,
            text: row.text,
            vector: vectorFromBlob(row.vector),
          });
          entry.loadedUpTo = row.id;
        }
        rows = page.length;
      } while (rows === PAGE_ROWS && performance.now() - started < this.options.sliceMs);
      if (rows < PAGE_ROWS) break;
      await yieldToEventLoop();
      if (generation !== this.generation) return entry.index;
    }
    entry.loadedUpTo = Infinity;
    this.evict(userId);
    return entry.index;
  }

  private evict(keep: string): void {
    let chunks = this.usage().chunks;
    for (const [userId, entry] of this.entries) {
      if (chunks <= this.options.maxLoadedChunks) return;
      if (userId === keep || entry.loadedUpTo !== Infinity) continue;
      this.entries.delete(userId);
      chunks -= entry.index.live;
    }
  }
}
