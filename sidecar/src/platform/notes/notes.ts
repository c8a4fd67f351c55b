// Reading and writing notes through the Notes API: list in chunks, get with its ETag, create, update with
// If-Match, delete. Every call goes through the caller's NextcloudClient.
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { isFullNote, toNote, toNoteSummary, type Note, type NoteSummary } from './note.js';
import { notesPaths } from './notes-paths.js';

export interface NoteListPage<T> {
  notes: T[];
  /** The Notes chunk cursor of the next page; null on the last page. */
  nextCursor: string | null;
}

export interface NoteListOptions {
  chunkSize: number;
  /** A cursor from a previous page. */
  cursor?: string;
  category?: string;
}

export interface NoteFields {
  title?: string;
  content?: string;
  category?: string;
  favorite?: boolean;
}

/** One chunk of the user's notes without their content, optionally of one category. */
export async function listNotes(client: NextcloudClient, options: NoteListOptions): Promise<NoteListPage<NoteSummary>> {
  const page = await fetchNotesChunk(client, options, false);
  return { notes: page.entries.map(toNoteSummary), nextCursor: page.nextCursor };
}

/** One chunk of the user's notes with their content (and etags), optionally of one category. */
export async function listNotesWithContent(
  client: NextcloudClient,
  options: NoteListOptions,
): Promise<NoteListPage<Note>> {
  const page = await fetchNotesChunk(client, options, true);
  return { notes: page.entries.map((raw) => toNote(raw)), nextCursor: page.nextCursor };
}

/** The note with its content and ETag; NotFoundError when the user has no such note. */
export async function getNote(client: NextcloudClient, id: number): Promise<Note> {
  const response = await client.request(notesPaths.note(id), { accept: [404] });
  if (response.status === 404) throw noSuchNote(id);
  return toNote(response.json(), response.headers.etag);
}

export async function createNote(client: NextcloudClient, fields: NoteFields): Promise<Note> {
  const response = await client.request(notesPaths.notes(), {
    method: 'POST',
    json: { title: '', content: '', category: '', favorite: false, ...fields },
  });
  return toNote(response.json(), response.headers.etag);
}

/**
 * Changes a note only if it is still at `etag` (If-Match). Throws ConflictError when it changed since it was
 * read, ForbiddenError when it is read-only, NotFoundError when it is gone.
 */
export async function updateNote(client: NextcloudClient, id: number, fields: NoteFields, etag: string): Promise<Note> {
  const response = await client.request(notesPaths.note(id), {
    method: 'PUT',
    headers: { 'if-match': `"${etag}"` },
    json: fields,
    accept: [403, 404, 412],
  });
  if (response.status === 412) {
    throw new ConflictError('The note changed since you read it. Read it again and retry with the new etag.');
  }
  if (response.status === 403) throw new ForbiddenError('This note is read-only.');
  if (response.status === 404) throw noSuchNote(id);
  return toNote(response.json(), response.headers.etag);
}

export async function deleteNote(client: NextcloudClient, id: number): Promise<void> {
  const response = await client.request(notesPaths.note(id), { method: 'DELETE', accept: [403, 404] });
  if (response.status === 403) throw new ForbiddenError('This note is read-only.');
  if (response.status === 404) throw noSuchNote(id);
}

function noSuchNote(id: number): NotFoundError {
  return new NotFoundError(`There is no note with id ${id}.`);
}

async function fetchNotesChunk(client: NextcloudClient, options: NoteListOptions, withContent: boolean) {
  const query: Record<string, string> = { chunkSize: String(options.chunkSize) };
  if (options.cursor) query.chunkCursor = options.cursor;
  if (options.category !== undefined) query.category = options.category;
  if (!withContent) query.exclude = 'content';
  const response = await client.request(notesPaths.notes(), { query });
  const body = response.json();
  const cursor = response.headers['x-notes-chunk-cursor'];
  return {
    entries: Array.isArray(body) ? body.filter(isFullNote) : [],
    nextCursor: (Array.isArray(cursor) ? cursor[0] : cursor) || null,
  };
}
