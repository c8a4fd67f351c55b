// Notes tools that change notes: create, update (only the version that was read), append, delete.
import { z } from 'zod';
import { appendToNote } from '../../../platform/notes/append-to-note.js';
import { createNote, deleteNote, updateNote } from '../../../platform/notes/notes.js';
import { defineTool } from '../../tool-definition.js';
import { describeNote, noteCategory, noteContent, noteId, noteOutput, noteTitle } from './note-schemas.js';

export const createNoteTool = defineTool({
  name: 'nc_notes_create',
  app: 'notes',
  title: 'Create a note',
  description: 'Creates a note with a title, Markdown content and an optional category.',
  input: z.object({
    title: noteTitle,
    content: noteContent.default(''),
    category: noteCategory.default(''),
    favorite: z.boolean().default(false),
  }),
  output: noteOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async (fields, { nextcloud }) => describeNote(await createNote(nextcloud, fields)),
  summarize: (note) => `Created note ${note.id} "${note.title}".`,
});

export const updateNoteTool = defineTool({
  name: 'nc_notes_update',
  app: 'notes',
  title: 'Update a note',
  description:
    'Changes the title, content, category or favorite flag of a note. Pass the etag from nc_notes_get: if the ' +
    'note changed since then, nothing is written and the call fails with a conflict.',
  input: z.object({
    id: noteId,
    etag: z.string().min(1).max(200).describe('The etag returned when the note was read.'),
    title: noteTitle.optional(),
    content: noteContent.optional(),
    category: noteCategory.optional(),
    favorite: z.boolean().optional(),
  }),
  output: noteOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  run: async ({ id, etag, ...fields }, { nextcloud }) => describeNote(await updateNote(nextcloud, id, fields, etag)),
  summarize: (note) => `Updated note ${note.id} "${note.title}" (new etag ${note.etag}).`,
});

export const appendToNoteTool = defineTool({
  name: 'nc_notes_append',
  app: 'notes',
  title: 'Append to a note',
  description: 'Adds text on a new line at the end of a note, keeping changes made elsewhere in the meantime.',
  input: z.object({ id: noteId, text: z.string().min(1).max(100_000) }),
  output: noteOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async ({ id, text }, { nextcloud }) => describeNote(await appendToNote(nextcloud, id, text)),
  summarize: (note) => `Appended to note ${note.id} "${note.title}".`,
});

export const deleteNoteTool = defineTool({
  name: 'nc_notes_delete',
  app: 'notes',
  title: 'Delete a note',
  description: 'Deletes a note (Nextcloud keeps it in the trash bin of Files for a while).',
  input: z.object({ id: noteId }),
  output: z.object({ id: z.number(), deleted: z.boolean() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ id }, { nextcloud }) {
    await deleteNote(nextcloud, id);
    return { id, deleted: true };
  },
  summarize: (result) => `Deleted note ${result.id}.`,
});
