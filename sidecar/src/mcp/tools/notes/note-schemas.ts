// The shapes the notes tools share: bounded note inputs and notes as the tools return them.
import { z } from 'zod';
import type { Note, NoteSummary } from '../../../platform/notes/note.js';

/** Characters Notes silently drops from a title, which is the note's file name (notes' NoteUtil::sanitisePath). */
const DROPPED_BY_NOTES = /[*|/\\:"<>?]/;

/** Refused rather than silently changed: Notes would drop the character and store another title. */
export const noteTitle = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine(
    (title) => !DROPPED_BY_NOTES.test(title),
    'a note title is its file name and cannot contain / \\ : * ? " < > | (use category for folders, e.g. "Work/Ideas")',
  )
  .describe('A file name: no / \\ : * ? " < > |');
export const noteContent = z.string().refine((text) => text.length <= 500_000, 'at most 500000 characters');
export const noteCategory = z.string().max(200);
/** A category to write, refused where Notes would drop characters from its folder names; says what it is. */
export const noteFolder = noteCategory
  .refine(
    (category) => !/[*|\\:"<>?]/.test(category),
    'a category is a folder path and cannot contain \\ : * ? " < > |',
  )
  .describe('Folder path, e.g. Work/Ideas.');
export const noteEtag = z.string().refine((etag) => etag.length >= 1 && etag.length <= 200, 'the etag of nc_notes_get');

export const noteSummaryOutput = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  modified_at: z.string(),
});

export const noteOutput = noteSummaryOutput.extend({
  favorite: z.boolean(),
  content: z.string(),
  etag: z.string(),
});

/** What a write answers: the title Notes stored (a taken title gets " (2)") and the new etag. */
export const noteChangeOutput = z.object({ id: z.number(), title: z.string(), etag: z.string() });

export function describeNoteSummary(note: NoteSummary): z.infer<typeof noteSummaryOutput> {
  return {
    id: note.id,
    title: note.title,
    category: note.category,
    modified_at: new Date(note.modified * 1000).toISOString(),
  };
}

export function describeNote(note: Note): z.infer<typeof noteOutput> {
  return {
    ...describeNoteSummary(note),
    favorite: note.favorite,
    content: note.content,
    etag: note.etag,
  };
}

export function describeNoteChange(note: Note): z.infer<typeof noteChangeOutput> {
  return { id: note.id, title: note.title, etag: note.etag };
}
