// What the knowledge sync reads of the Notes app: which notes changed since a time (pruned listing without content),
// the changed notes with their content a chunk at a time, one note with the file it is stored in, and the folder
// Notes keeps its files in. Each answers null (or reads nothing) when the Notes app is not served for the user (404).
import { UpstreamError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import { headerText } from '../files/file-operations.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { isFullNote, toNote, type Note } from './note.js';
import { notesPaths } from './notes-paths.js';

export interface NoteVersions {
  /**
   * Every note of the user: with its etag when it changed since the time asked for, else (pruned by Notes) its id
   * only.
   */
  notes: { id: number; etag?: string }[];
  /** Nextcloud's clock when it answered (its Date header; ours without one), in unix seconds. */
  serverSeconds: number;
}

export interface StoredNote {
  note: Note;
  /** The note's file below the user's files (e.g. `Notes/Work/Plan.md`), when Notes names it. */
  internalPath?: string;
}

/** The user's notes in one request, without content; those unchanged since `sinceSeconds` carry their id only. */
export async function listNoteVersions(client: NextcloudClient, sinceSeconds: number): Promise<NoteVersions | null> {
  const response = await client.request(notesPaths.notes(), {
    query: { pruneBefore: String(sinceSeconds), exclude: 'content' },
    accept: [404],
  });
  if (response.status === 404) return null;
  const notes = readListing(response).map((entry) => ({
    id: entry.id,
    ...(typeof entry.etag === 'string' ? { etag: entry.etag } : {}),
  }));
  return { notes, serverSeconds: serverSeconds(response) };
}

/** Notes asked for per request when changed notes are read with their content. */
export const CONTENT_CHUNK_NOTES = 50;
/** Chunks read at most in one pass (a cursor that never ends stops here). */
const MAX_CONTENT_CHUNKS = 1000;

/**
 * The notes changed since `sinceSeconds`, with their content and file, a chunk of CONTENT_CHUNK_NOTES at a time:
 * `take` gets each chunk's notes and answers whether to ask for the next. Notes answers a chunk with
 * `X-Notes-Chunk-Cursor` while more follow (passed back as is); entries with an id only (notes pruned as unchanged,
 * and the others the last chunk lists) are not notes and are left out.
 */
export async function readChangedNotes(
  client: NextcloudClient,
  sinceSeconds: number,
  take: (notes: StoredNote[]) => boolean,
): Promise<void> {
  let cursor: string | undefined;
  for (let chunk = 0; chunk < MAX_CONTENT_CHUNKS; chunk++) {
    const query: Record<string, string> = {
      pruneBefore: String(sinceSeconds),
      chunkSize: String(CONTENT_CHUNK_NOTES),
      ...(cursor ? { chunkCursor: cursor } : {}),
    };
    const response = await client.request(notesPaths.notes(), { query, accept: [404] });
    if (response.status === 404) return;
    const notes = readListing(response)
      .filter(isFullNote)
      .map((raw) => storedNote(raw));
    if (!take(notes)) return;
    const next = headerText(response.headers['x-notes-chunk-cursor']);
    if (!next || next === cursor) return;
    cursor = next;
  }
}

/** The note with its content and the file it is kept in; null when the user has no such note. */
export async function readStoredNote(client: NextcloudClient, id: number): Promise<StoredNote | null> {
  const response = await client.request(notesPaths.note(id), { accept: [404] });
  if (response.status === 404) return null;
  return storedNote(response.json(), response.headers.etag);
}

/** A note of Notes' answer (the `ETag` header, when given, names its version) with the file it is kept in. */
function storedNote(raw: unknown, etagHeader?: string | string[]): StoredNote {
  const { internalPath } = (raw ?? {}) as { internalPath?: unknown };
  return { note: toNote(raw, etagHeader), ...(typeof internalPath === 'string' ? { internalPath } : {}) };
}

/** Notes' folder below the user's files (`/Notes`, from its settings), or null when Notes is not there. */
export async function readNotesFolder(client: NextcloudClient): Promise<string | null> {
  const response = await client.request(notesPaths.settings(), { accept: [404] });
  if (response.status === 404) return null;
  let notesPath: unknown;
  try {
    notesPath = (response.json() as { notesPath?: unknown } | null)?.notesPath;
  } catch {
    return null; // an HTML page: no Notes app behind this path
  }
  const segments = typeof notesPath === 'string' ? notesPath.split('/').filter(Boolean) : [];
  return segments.length > 0 ? `/${segments.join('/')}` : null;
}

function readListing(response: HttpResponse): { id: number; etag?: unknown }[] {
  let body: unknown;
  try {
    body = response.json();
  } catch {
    throw new UpstreamError('Nextcloud Notes answered the list of notes with something that is not JSON.');
  }
  if (!Array.isArray(body)) throw new UpstreamError('Nextcloud Notes answered the list of notes without a list.');
  return body.filter(
    (entry): entry is { id: number; etag?: unknown } =>
      typeof entry === 'object' && entry !== null && Number.isSafeInteger((entry as { id?: unknown }).id),
  );
}

function serverSeconds(response: HttpResponse): number {
  const date = Date.parse(headerText(response.headers.date) ?? '');
  return Math.floor((Number.isNaN(date) ? Date.now() : date) / 1000);
}
