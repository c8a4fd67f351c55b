// Appending text to a note without losing concurrent edits: read, write with If-Match, retry on a conflict.
import { ConflictError } from '../../errors.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import type { Note } from './note.js';
import { getNote, updateNote } from './notes.js';

const ATTEMPTS = 3;

/** Adds `text` on a new line at the end of the note; gives up with ConflictError after three lost races. */
export async function appendToNote(client: NextcloudClient, id: number, text: string): Promise<Note> {
  for (let attempt = 1; ; attempt += 1) {
    const note = await getNote(client, id);
    const separator = note.content === '' || note.content.endsWith('\n') ? '' : '\n';
    try {
      return await updateNote(client, id, { content: `${note.content}${separator}${text}` }, note.etag);
    } catch (error) {
      if (!(error instanceof ConflictError) || attempt >= ATTEMPTS) throw error;
    }
  }
}
