// Notes tools that change notes: create, update (only the version that was read), append, delete.
import { z } from 'zod';
import { appendToNote } from '../../../platform/notes/append-to-note.js';
import { createNote, deleteNote, updateNote } from '../../../platform/notes/notes.js';
import { defineTool } from '../../tool-definition.js';
import { describeNoteChange, noteFolder, noteChangeOutput, noteContent, noteEtag, noteTitle } from './note-schemas.js';
import { ADDITIVE, DESTRUCTIVE_IDEMPOTENT, positiveId } from '../tool-shapes.js';

export const createNoteTool = defineTool({
  name: 'nc_notes_create',
  app: 'notes',
  title: 'Create a note',
  description: 'Creates a Markdown note and answers the title Notes stored.',
  input: z.object({
    title: noteTitle,
    content: noteContent.default(''),
    category: noteFolder.default(''),
  }),
  output: noteChangeOutput,
  annotations: ADDITIVE,
  run: async (fields, { nextcloud }) => describeNoteChange(await createNote(nextcloud, fields)),
  summarize: (note) => `Created note ${note.id} "${note.title}".`,
});

export const updateNoteTool = defineTool({
  name: 'nc_notes_update',
  app: 'notes',
  title: 'Update a note',
  description: 'Changes the given fields of a note that is still at etag (from nc_notes_get).',
  input: z.object({
    note_id: positiveId(),
    etag: noteEtag,
    title: noteTitle.optional(),
    content: noteContent.optional(),
    category: noteFolder.optional(),
    favorite: z.boolean().optional(),
  }),
  output: noteChangeOutput,
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ note_id, etag, ...fields }, { nextcloud }) {
    return describeNoteChange(await updateNote(nextcloud, note_id, fields, etag));
  },
  summarize: (note) => `Updated note ${note.id} "${note.title}" (new etag ${note.etag}).`,
});

export const appendToNoteTool = defineTool({
  name: 'nc_notes_append',
  app: 'notes',
  title: 'Append to a note',
  description: 'Appends text on a new line to a note, keeping concurrent edits.',
  input: z.object({ note_id: positiveId(), text: z.string().min(1).max(100_000) }),
  output: z.object({ id: z.number(), etag: z.string() }),
  annotations: ADDITIVE,
  async run({ note_id, text }, { nextcloud }) {
    const note = await appendToNote(nextcloud, note_id, text);
    return { id: note.id, etag: note.etag };
  },
  summarize: (note) => `Appended to note ${note.id}.`,
});

export const deleteNoteTool = defineTool({
  name: 'nc_notes_delete',
  app: 'notes',
  title: 'Delete a note',
  description: 'Deletes a note (it goes to the trash bin).',
  input: z.object({ note_id: positiveId() }),
  output: z.object({ id: z.number() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ note_id }, { nextcloud }) {
    await deleteNote(nextcloud, note_id);
    return { id: note_id };
  },
  summarize: (result) => `Deleted note ${result.id}.`,
});
