// Files tools that look without changing anything: list a folder (paged), describe one item, search by name,
// kind and modification time.
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { searchFiles, type FileKind } from '../../../platform/files/dav-search.js';
import { listFolder, statPath } from '../../../platform/files/file-operations.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { fileEntryOutput, folderInput, pathInput, plural, READ_ONLY, toEntryOutput } from './files-schemas.js';
import { compareSortKeys, decodeListCursor, encodeListCursor, listSortKey } from './list-cursor.js';

export const listFilesTool = defineTool({
  name: 'nc_files_list',
  app: 'files',
  title: 'List a folder',
  description:
    'Lists the files and folders in one folder of your Nextcloud (folders first, then by name). ' +
    'Pass next_cursor back as cursor for the next page.',
  input: z.object({
    path: folderInput,
    cursor: z.string().max(8192).optional().describe('next_cursor of the previous page'),
    limit: z.number().int().min(1).max(500).default(100),
  }),
  output: z.object({
    path: z.string(),
    entries: z.array(fileEntryOutput),
    total: z.number().describe('Entries in the folder'),
    next_cursor: z.string().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ path, cursor, limit }, { nextcloud }) {
    const folder = parseFilePath(path, { allowRoot: true });
    const after = cursor === undefined ? undefined : decodeListCursor(cursor, folder.text);
    const access = await openDavAccount(nextcloud);
    const { entries } = await listFolder(access, folder);
    const sorted = entries
      .map((entry) => ({ entry, key: listSortKey(entry) }))
      .sort((a, b) => compareSortKeys(a.key, b.key));
    const rest = after === undefined ? sorted : sorted.filter(({ key }) => compareSortKeys(key, after) > 0);
    const page = rest.slice(0, limit);
    const last = page[page.length - 1];
    return {
      path: folder.text,
      entries: page.map(({ entry }) => toEntryOutput(entry)),
      total: entries.length,
      next_cursor: rest.length > limit && last ? encodeListCursor(folder.text, last.key) : null,
    };
  },
  summarize: (result) =>
    `${result.path}: ${plural(result.entries.length, 'item')} of ${result.total}` +
    `${result.next_cursor ? ' (more: pass next_cursor)' : ''}.\n` +
    result.entries.map((entry) => `${entry.type === 'folder' ? 'folder' : 'file'}  ${entry.path}`).join('\n'),
});

export const statFileTool = defineTool({
  name: 'nc_files_stat',
  app: 'files',
  title: 'Describe a file or folder',
  description: 'Returns the type, size, content type, etag, modification time, file id and permissions of one item.',
  input: z.object({ path: pathInput }),
  output: fileEntryOutput,
  annotations: READ_ONLY,
  async run({ path }, { nextcloud }) {
    const target = parseFilePath(path, { allowRoot: true });
    return toEntryOutput(await statPath(await openDavAccount(nextcloud), target));
  },
  summarize: (entry) =>
    `${entry.path || '/'} is a ${entry.type} of ${entry.size} bytes, modified ${entry.last_modified ?? 'at an unknown time'}.`,
});

const FILE_KINDS = ['file', 'folder', 'image', 'video', 'audio', 'text', 'pdf'] as const satisfies readonly FileKind[];

export const searchFilesTool = defineTool({
  name: 'nc_files_search',
  app: 'files',
  title: 'Search files',
  description:
    'Finds files and folders by part of the name, kind and modification time, in a folder and its subfolders, ' +
    'newest first.',
  input: z.object({
    folder: folderInput,
    name_contains: z.string().min(1).max(200).optional().describe('Part of the name, case-insensitive'),
    type: z.enum(FILE_KINDS).optional(),
    modified_after: z.string().max(40).optional().describe('ISO 8601 date or time, e.g. 2024-05-01'),
    modified_before: z.string().max(40).optional().describe('ISO 8601 date or time'),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  output: z.object({ results: z.array(fileEntryOutput), truncated: z.boolean() }),
  annotations: READ_ONLY,
  async run(args, { nextcloud }) {
    const folder = parseFilePath(args.folder, { allowRoot: true });
    const modifiedAfter = parseTime(args.modified_after, 'modified_after');
    const modifiedBefore = parseTime(args.modified_before, 'modified_before');
    const access = await openDavAccount(nextcloud);
    const { entries, truncated } = await searchFiles(access, {
      folder,
      nameContains: args.name_contains,
      kind: args.type,
      modifiedAfter,
      modifiedBefore,
      limit: args.limit,
    });
    return { results: entries.map(toEntryOutput), truncated };
  },
  summarize: (result) =>
    `${plural(result.results.length, 'result')}${result.truncated ? ' (more exist: narrow the search)' : ''}.\n` +
    result.results.map((entry) => `${entry.path}  ${entry.last_modified ?? ''}`).join('\n'),
});

/** Unix seconds of an ISO 8601 date or time. */
function parseTime(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const time = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(time)) throw new InvalidInputError(`${name} must be an ISO 8601 date or time, e.g. 2024-05-01.`);
  return Math.floor(time / 1000);
}
