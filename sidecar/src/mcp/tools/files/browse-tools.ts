// Files tools that look without changing anything: list a folder (paged), describe one item, search by name,
// kind, modification time and among the favourites.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { searchFiles, type FileKind } from '../../../platform/files/dav-search.js';
import { searchFavorites } from '../../../platform/files/favorites.js';
import { listFolder, statPath } from '../../../platform/files/file-operations.js';
import { defineTool } from '../../tool-definition.js';
import {
  fileDetailsOutput,
  fileEntryOutput,
  folderInput,
  pathInput,
  plural,
  toDetailsOutput,
  toEntryOutput,
} from './files-schemas.js';
import { compareSortKeys, decodeListCursor, encodeListCursor, listSortKey } from './list-cursor.js';
import { READ_ONLY } from '../tool-shapes.js';

export const listFilesTool = defineTool({
  name: 'nc_files_list',
  app: 'files',
  title: 'List a folder',
  description: 'Lists a folder, folders first.',
  input: z.object({
    path: folderInput,
    limit: z.number().int().min(1).max(500).default(100),
    cursor: z.string().optional(),
  }),
  output: z.object({ entries: z.array(fileEntryOutput), next_cursor: z.string().nullable() }),
  annotations: READ_ONLY,
  async run({ path, cursor, limit }, { nextcloud }) {
    const folder = parseFilePath(path, { allowRoot: true });
    const after = cursor === undefined ? undefined : decodeListCursor(cursor, folder.text);
    const { entries } = await listFolder(await openDavAccount(nextcloud), folder);
    const sorted = entries
      .map((entry) => ({ entry, key: listSortKey(entry) }))
      .sort((a, b) => compareSortKeys(a.key, b.key));
    const rest = after === undefined ? sorted : sorted.filter(({ key }) => compareSortKeys(key, after) > 0);
    const page = rest.slice(0, limit);
    const last = page[page.length - 1];
    return {
      entries: page.map(({ entry }) => toEntryOutput(entry)),
      next_cursor: rest.length > limit && last ? encodeListCursor(folder.text, last.key) : null,
    };
  },
  summarize: (result) =>
    `${plural(result.entries.length, 'item')}${result.next_cursor ? ' (more: pass next_cursor)' : ''}.\n` +
    result.entries.map((entry) => `${entry.type}  ${entry.path}`).join('\n'),
});

export const statFileTool = defineTool({
  name: 'nc_files_stat',
  app: 'files',
  title: 'File details',
  description: 'Describes a file or folder.',
  input: z.object({ path: pathInput }),
  output: fileDetailsOutput,
  annotations: READ_ONLY,
  async run({ path }, { nextcloud }) {
    const target = parseFilePath(path, { allowRoot: true });
    return toDetailsOutput(await statPath(await openDavAccount(nextcloud), target));
  },
  summarize: (entry) =>
    `${entry.path} is a ${entry.type} of ${entry.size} bytes, modified ${entry.modified_at ?? 'at an unknown time'}.`,
});

const FILE_KINDS = ['file', 'folder', 'image', 'video', 'audio', 'text', 'pdf'] as const satisfies readonly FileKind[];

export const searchFilesTool = defineTool({
  name: 'nc_files_search',
  app: 'files',
  title: 'Search files',
  description: 'Finds files below path by part of the name, type, ISO 8601 modification time and favorite mark.',
  input: z.object({
    path: folderInput,
    query: z.string().max(200).optional(),
    type: z.enum(FILE_KINDS).optional(),
    modified_after: z.string().optional(),
    modified_before: z.string().optional(),
    favorites: z.boolean().optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ results: z.array(fileEntryOutput), truncated: z.boolean() }),
  annotations: READ_ONLY,
  async run(args, { nextcloud }) {
    const folder = parseFilePath(args.path, { allowRoot: true });
    const modifiedAfter = parseTime(args.modified_after, 'modified_after');
    const modifiedBefore = parseTime(args.modified_before, 'modified_before');
    const search = args.favorites ? searchFavorites : searchFiles;
    const { entries, truncated } = await search(await openDavAccount(nextcloud), {
      folder,
      nameContains: args.query || undefined,
      kind: args.type,
      modifiedAfter,
      modifiedBefore,
      limit: args.limit,
    });
    return { results: entries.map(toEntryOutput), truncated };
  },
  summarize: (result) =>
    `${plural(result.results.length, 'result')}${result.truncated ? ' (more exist: narrow the search)' : ''}.\n` +
    result.results.map((entry) => `${entry.path}  ${entry.modified_at ?? ''}`).join('\n'),
});

/** Unix seconds of an ISO 8601 date or time. */
function parseTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) && value.length <= 40 ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) throw new InvalidInputError(`${name} must be an ISO 8601 date or time, e.g. 2024-05-01.`);
  return Math.floor(time / 1000);
}
