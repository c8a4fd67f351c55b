// The shapes the notes tools share: bounded note inputs and the note as the tools return it.
import { z } from 'zod';
import type { Note, NoteSummary } from '../../../platform/notes/note.js';

export const noteId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('The id of the note.');
export const noteTitle = z.string().trim().min(1).max(200).describe('The title (also its file name).');
export const noteContent = z.string().max(500_000).describe('The Markdown text of the note.');
export const noteCategory = z.string().max(200).describe('The category (a folder path such as "Work/Ideas").');

export const noteSummaryOutput = z.object({
  id: z.number(),
  title: z.string(),
  category: z.string(),
  favorite: z.boolean(),
  readonly: z.boolean(),
  modified_at: z.string().describe('ISO 8601 time of the last change.'),
});

export const noteOutput = noteSummaryOutput.extend({
  content: z.string(),
  etag: z.string().describe('Pass this to nc_notes_update to change the note safely.'),
});

export function describeNoteSummary(note: NoteSummary): z.infer<typeof noteSummaryOutput> {
  return {
    id: note.id,
    title: note.title,
    category: note.category,
    favorite: note.favorite,
    readonly: note.readonly,
    modified_at: new Date(note.modified * 1000).toISOString(),
  };
}

export function describeNote(note: Note): z.infer<typeof noteOutput> {
  return { ...describeNoteSummary(note), content: note.content, etag: note.etag };
}
