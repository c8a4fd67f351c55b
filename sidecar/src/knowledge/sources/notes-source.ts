// The sync source of the user's notes: one listing per scan with `pruneBefore` (notes unchanged since the last scan
// come back as their id only) and without content; a fetch reads one note's Markdown.
import { appLinks } from '../../platform/app-links.js';
import { listNoteVersions, readStoredNote } from '../../platform/notes/notes-changes.js';
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

export function createNotesSource(): SyncSource {
  return { docType: 'note', scan: scanNotes, read: fetchNote };
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
  if (!stored) return null;
  const { note, internalPath } = stored;
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
