// Notes tools that only read: list (by category, in pages), get one with its etag, search titles and content.
import { z } from 'zod';
import { getNote, listNotes } from '../../../platform/notes/notes.js';
import { searchNotes } from '../../../platform/notes/search-notes.js';
import { defineTool } from '../../tool-definition.js';
import {
  describeNote,
  describeNoteSummary,
  noteCategory,
  noteId,
  noteOutput,
  noteSummaryOutput,
} from './note-schemas.js';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const cursor = z.string().max(200).describe('The next_cursor of the previous page.');

export const listNotesTool = defineTool({
  name: 'nc_notes_list',
  app: 'notes',
  title: 'List notes',
  description:
    'Lists the notes of the user (id, title, category, favorite, last change) without their content, newest ' +
    'pages following next_cursor. Optionally only one category.',
  input: z.object({
    category: noteCategory.optional(),
    limit: z.number().int().min(1).max(100).default(50),
    cursor: cursor.optional(),
  }),
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
  description: 'Returns one note with its content and etag (needed to update it).',
  input: z.object({ id: noteId }),
  output: noteOutput,
  annotations: READ_ONLY,
  run: async ({ id }, { nextcloud }) => describeNote(await getNote(nextcloud, id)),
  summarize: (note) => `# ${note.title}\n\n${note.content}`,
});

export const searchNotesTool = defineTool({
  name: 'nc_notes_search',
  app: 'notes',
  title: 'Search notes',
  description:
    'Finds notes whose title or content contains every word of the query (case-insensitive), with an excerpt. ' +
    'Follow next_cursor for more matches.',
  input: z.object({
    query: z.string().trim().min(1).max(200),
    category: noteCategory.optional(),
    limit: z.number().int().min(1).max(50).default(20),
    cursor: z
      .string()
      .regex(/^\d{1,6}$/)
      .optional()
      .describe('The next_cursor of the previous page.'),
  }),
  output: z.object({
    matches: z.array(noteSummaryOutput.extend({ excerpt: z.string() })),
    next_cursor: z.string().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ query, category, limit, cursor: after }, { nextcloud }) {
    const offset = after ? Number(after) : 0;
    const page = await searchNotes(nextcloud, { query, category, offset, limit });
    return {
      matches: page.matches.map((match) => ({ ...describeNoteSummary(match), excerpt: match.excerpt })),
      next_cursor: page.hasMore ? String(offset + limit) : null,
    };
  },
  summarize: (result) =>
    result.matches.length === 0
      ? 'No notes match.'
      : result.matches.map((match) => `${match.id} ${match.title}: ${match.excerpt}`).join('\n'),
});
