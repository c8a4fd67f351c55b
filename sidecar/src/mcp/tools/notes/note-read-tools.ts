// Notes tools that only read: list (by category, in pages), get one with its etag, search titles and content.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { getNote, listNotes } from '../../../platform/notes/notes.js';
import { searchNotes } from '../../../platform/notes/search-notes.js';
import { defineTool } from '../../tool-definition.js';
import { describeNote, describeNoteSummary, noteCategory, noteOutput, noteSummaryOutput } from './note-schemas.js';
import { READ_ONLY, positiveId } from '../tool-shapes.js';

const limitUpTo = (max: number, byDefault: number) =>
  z
    .number()
    .int()
    .refine((n) => n >= 1 && n <= max, `from 1 to ${max}`)
    .default(byDefault);
const cursor = z
  .string()
  .refine((text) => text.length <= 200, 'the next_cursor of the previous page')
  .optional();

export const listNotesTool = defineTool({
  name: 'nc_notes_list',
  app: 'notes',
  title: 'List notes',
  description: 'Lists notes (without content), optionally of one category.',
  input: z.object({ category: noteCategory.optional(), limit: limitUpTo(100, 50), cursor }),
  output: z.object({ notes: z.array(noteSummaryOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ category, limit, cursor: after }, { nextcloud }) {
    const page = await listNotes(nextcloud, { chunkSize: limit, cursor: after, category });
    return { notes: page.notes.map(describeNoteSummary), next_cursor: page.nextCursor };
  },
  summarize: (result) =>
    `${result.notes.length} notes${result.next_cursor ? ' (more with next_cursor)' : ''}: ` +
    result.notes.map((note) => `${note.id} ${note.title}`).join(', '),
});

export const getNoteTool = defineTool({
  name: 'nc_notes_get',
  app: 'notes',
  title: 'Read a note',
  description: 'Returns a note with its content and etag.',
  input: z.object({ note_id: positiveId() }),
  output: noteOutput,
  annotations: READ_ONLY,
  run: async ({ note_id }, { nextcloud }) => describeNote(await getNote(nextcloud, note_id)),
  summarize: (note) => `# ${note.title}\n\n${note.content}`,
});

export const searchNotesTool = defineTool({
  name: 'nc_notes_search',
  app: 'notes',
  title: 'Search notes',
  description: 'Finds notes whose title or content has every word of the query.',
  input: z.object({
    query: z.string().trim().min(1).max(200),
    category: noteCategory.optional(),
    limit: limitUpTo(50, 20),
    cursor,
  }),
  output: z.object({
    matches: z.array(z.object({ id: z.number(), title: z.string(), excerpt: z.string() })),
    next_cursor: z.string().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ query, category, limit, cursor: after }, { nextcloud }) {
    const offset = after === undefined ? 0 : readOffset(after);
    const page = await searchNotes(nextcloud, { query, category, offset, limit });
    return {
      matches: page.matches.map(({ id, title, excerpt }) => ({ id, title, excerpt })),
      next_cursor: page.hasMore ? String(offset + limit) : null,
    };
  },
  summarize: (result) =>
    result.matches.length === 0
      ? 'No notes match.'
      : result.matches.map((match) => `${match.id} ${match.title}: ${match.excerpt}`).join('\n'),
});

function readOffset(cursor: string): number {
  if (!/^\d{1,6}$/.test(cursor)) throw new InvalidInputError('cursor: pass the next_cursor of the previous page.');
  return Number(cursor);
}
