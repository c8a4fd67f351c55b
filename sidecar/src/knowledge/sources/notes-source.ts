// The sync source of the user's notes: one listing per scan with `pruneBefore` (notes unchanged since the last scan
// come back as their id only) and without content; when several notes changed, they are then read with their content
// in chunks (a request per 50 notes) and kept until fetched, so a fetch reads one note's Markdown only for a note not
// kept (evicted, queued at another version by a webhook or another replica). A note edited between the scan and its
// fetch is indexed as the scan saw it, under that version: the next scan lists the edit and queues it again.
import { appLinks } from '../../platform/app-links.js';
import {
  listNoteVersions,
  readChangedNotes,
  readStoredNote,
  type StoredNote,
} from '../../platform/notes/notes-changes.js';
import { createKeptUntilFetched } from './kept-until-fetched.js';
import { SourceUnavailableError } from '../sync/source-errors.js';
import type { FetchedDocument, ScanResult, SeenDocument, SyncContext, SyncSource } from '../sync/sync-source.js';

/** The cursor: Nextcloud's time of the last listing (unix seconds) and every note seen, id → etag. */
interface NotesCursor {
  v: 1;
  since: number;
  ids: Record<string, string>;
}

/**
 * Seconds taken off the server's clock for the next `pruneBefore`: Notes stamps a change when a listing first
 * notices it, which may be a moment before our listing's Date header.
 */
const OVERLAP_SECONDS = 5;

/** Notes kept from chunked listings until fetched, over all users: at most this many, and this many bytes of text. */
export const MAX_LISTED_NOTES = 5000;
export const MAX_LISTED_NOTE_BYTES = 16 * 1024 * 1024;

export function createNotesSource(): SyncSource {
  const listed = createKeptUntilFetched<StoredNote>({
    maxEntries: MAX_LISTED_NOTES,
    maxSize: MAX_LISTED_NOTE_BYTES,
    // UTF-16 text, and a little for the rest of the note.
    sizeOf: ({ note }) => 2 * (note.content.length + note.title.length) + 200,
    versionOf: ({ note }) => note.etag,
  });

  /**
   * Reads the changed notes with their content and keeps those still at the version the scan saw, until the notes kept
   * in this pass reach half the cache (the first ones queued must not be pushed out by the last). A failure here
   * costs nothing but requests: each note not kept is read on its own when fetched.
   */
  const keepChanged = async (context: SyncContext, since: number, changed: SeenDocument[]): Promise<void> => {
    const versions = new Map(changed.map((document) => [document.docId, document.version]));
    let bytes = 0;
    try {
      await readChangedNotes(context.client, since, (notes) => {
        for (const stored of notes) {
          const id = String(stored.note.id);
          if (versions.get(id) !== stored.note.etag) continue;
          listed.keep(context.userId, id, stored);
          bytes += 2 * stored.note.content.length;
        }
        return bytes < MAX_LISTED_NOTE_BYTES / 2 && !context.signal.aborted;
      });
    } catch (error) {
      if (context.signal.aborted) throw error;
    }
  };

  const scan = async (context: SyncContext, cursorText: string | undefined): Promise<ScanResult> => {
    const result = await scanNotes(context, cursorText);
    // One note is read as cheaply on its own; for more, a request per chunk instead of one per note.
    if (result.kind === 'changes' && result.changed.length > 1) {
      await keepChanged(context, readCursor(cursorText)?.since ?? 0, result.changed);
    }
    return result;
  };

  const read = async (context: SyncContext, document: SeenDocument): Promise<FetchedDocument | null> => {
    const kept = listed.take(context.userId, document.docId, document.version);
    return kept ? toDocument(kept) : fetchNote(context, document);
  };

  return { docType: 'note', scan, read };
}

async function scanNotes(context: SyncContext, cursorText: string | undefined): Promise<ScanResult> {
  const cursor = readCursor(cursorText);
  const listed = await listNoteVersions(context.client, cursor?.since ?? 0);
  if (!listed) throw new SourceUnavailableError('Notes');
  const known = cursor?.ids ?? {};
  const ids: Record<string, string> = {};
  const changed: SeenDocument[] = [];
  for (const entry of listed.notes) {
    const id = String(entry.id);
    const etag = entry.etag;
    // Pruned (id only): unchanged since `since`, unless we never saw it (then its version is unknown until fetched).
    ids[id] = etag ?? known[id] ?? '';
    if (etag !== undefined ? known[id] !== etag : !(id in known)) changed.push({ docId: id, version: ids[id] });
  }
  const removed = Object.keys(known).filter((id) => !(id in ids));
  if (cursor && changed.length === 0 && removed.length === 0) return { kind: 'unchanged' };
  const next: NotesCursor = { v: 1, since: Math.max(0, listed.serverSeconds - OVERLAP_SECONDS), ids };
  return { kind: 'changes', changed, removed, complete: false, cursor: JSON.stringify(next) };
}

async function fetchNote(context: SyncContext, document: SeenDocument): Promise<FetchedDocument | null> {
  const id = Number(document.docId);
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const stored = await readStoredNote(context.client, id);
  return stored && toDocument(stored);
}

function toDocument({ note, internalPath }: StoredNote): FetchedDocument {
  return {
    docType: 'note',
    docId: String(note.id),
    title: note.title,
    // Notes keeps `.txt` notes beside `.md` ones (its fileSuffix setting): a .txt note is plain text.
    mimeType: internalPath?.toLowerCase().endsWith('.txt') ? 'text/plain' : 'text/markdown',
    version: note.etag,
    ...(internalPath ? { filePath: internalPath } : {}),
    link: appLinks.note(note.id),
    ...(note.modified > 0 ? { modifiedAt: note.modified } : {}),
    ...(note.category ? { extra: { category: note.category } } : {}),
    pages: [note.content],
  };
}

function readCursor(text: string | undefined): NotesCursor | undefined {
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<NotesCursor> | null;
    if (parsed?.v !== 1 || typeof parsed.since !== 'number' || typeof parsed.ids !== 'object' || !parsed.ids) {
      return undefined;
    }
    return parsed as NotesCursor;
  } catch {
    return undefined;
  }
}
