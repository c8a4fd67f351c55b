// What the knowledge sync reads of the Notes app: which notes changed since a time (pruned listing without content),
// one note with the file it is stored in, and the folder Notes keeps its files in. Each answers null when the Notes
// app is not served for the user (404).
import { UpstreamError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import { headerText } from '../files/file-operations.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { toNote, type Note } from './note.js';
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

/** The note with its content and the file it is kept in; null when the user has no such note. */
export async function readStoredNote(client: NextcloudClient, id: number): Promise<StoredNote | null> {
  const response = await client.request(notesPaths.note(id), { accept: [404] });
  if (response.status === 404) return null;
  const raw = response.json() as Record<string, unknown>;
  const internalPath = typeof raw.internalPath === 'string' ? raw.internalPath : undefined;
  return { note: toNote(raw, response.headers.etag), ...(internalPath ? { internalPath } : {}) };
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
