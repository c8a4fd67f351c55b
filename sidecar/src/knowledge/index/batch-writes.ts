// How a batch of document writes is split into transactions: consecutive documents go together while the group
// stays within a count of chunks and of text bytes, so no transaction holds the database (or the event loop) long.
import type { DocumentWrite } from './index-store.js';

export interface BatchBounds {
  /** Chunk rows per transaction at most. */
  chunks: number;
  /** UTF-16 characters of chunk text per transaction at most. */
  chars: number;
}

/** What both engines write together at most: about a slice's worth of rows. */
export const WRITE_GROUP_BOUNDS: BatchBounds = { chunks: 96, chars: 96 * 1024 };

/** The writes in order, as groups within `bounds`; a write that alone exceeds them is a group of its own. */
export function groupWrites(writes: readonly DocumentWrite[], bounds: BatchBounds): DocumentWrite[][] {
  const groups: DocumentWrite[][] = [];
  let group: DocumentWrite[] = [];
  let chunks = 0;
  let chars = 0;
  for (const write of writes) {
    const size = write.chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
    const count = Math.max(1, write.chunks.length);
    if (group.length > 0 && (chunks + count > bounds.chunks || chars + size > bounds.chars)) {
      groups.push(group);
      group = [];
      chunks = 0;
      chars = 0;
    }
    group.push(write);
    chunks += count;
    chars += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
