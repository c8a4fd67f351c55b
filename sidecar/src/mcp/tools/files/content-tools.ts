// Files tools that read and write a file's content: text reads a window at a time, and writes that never lose
// someone else's changes (create only when absent, overwrite only the version that was read).
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { writeFile } from '../../../platform/files/file-operations.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { MAX_TEXT_READ_BYTES, readTextFile } from '../../../platform/files/text-files.js';
import { defineTool } from '../../tool-definition.js';
import { pathInput } from './files-schemas.js';
import { DESTRUCTIVE, READ_ONLY } from '../tool-shapes.js';

export const MAX_WRITE_BYTES = 10 * 1024 * 1024;

export const readTextTool = defineTool({
  name: 'nc_files_read_text',
  app: 'files',
  title: 'Read text file',
  description: 'Reads a text file from offset, at most max_bytes.',
  input: z.object({
    path: pathInput,
    offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    max_bytes: z.number().int().min(16).max(MAX_TEXT_READ_BYTES).default(65536),
  }),
  output: z.object({
    etag: z.string(),
    size: z.number(),
    content: z.string().nullable().describe('null for a binary file'),
    next_offset: z.number().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ path, offset, max_bytes }, { nextcloud }) {
    const file = parseFilePath(path);
    const read = await readTextFile(await openDavAccount(nextcloud), file, { offset, maxBytes: max_bytes });
    return {
      etag: read.etag ?? '',
      size: read.size,
      content: read.content,
      next_offset: read.nextOffset,
    };
  },
  summarize: (result) =>
    result.content === null
      ? `A binary file of ${result.size} bytes, not UTF-8 text: its content is not shown.`
      : `etag ${result.etag}, ${result.size} bytes` +
        `${result.next_offset === null ? '' : `, continue at offset ${result.next_offset}`}:\n${result.content}`,
});

export const writeFileTool = defineTool({
  name: 'nc_files_write',
  app: 'files',
  title: 'Write a file',
  description: 'Writes up to 10 MiB. mode overwrite needs the etag you read and fails if the file changed since.',
  input: z.object({
    path: pathInput,
    content: z.string(),
    encoding: z.enum(['text', 'base64']).default('text'),
    mode: z.enum(['create', 'overwrite']),
    etag: z.string().optional(),
  }),
  output: z.object({ path: z.string(), created: z.boolean(), etag: z.string().optional() }),
  annotations: DESTRUCTIVE,
  async run(args, { nextcloud }) {
    const file = parseFilePath(args.path);
    if (args.mode === 'overwrite' && !args.etag) {
      throw new InvalidInputError('mode overwrite needs the etag of the version you read (see nc_files_read_text).');
    }
    const bytes = decodeContent(args.content, args.encoding);
    if (bytes.length > MAX_WRITE_BYTES) {
      throw new InvalidInputError('The content is larger than 10 MiB; use nc_files_upload_large.');
    }
    const write =
      args.mode === 'create' ? { mode: 'create' as const } : { mode: 'overwrite' as const, etag: args.etag ?? '' };
    const outcome = await writeFile(await openDavAccount(nextcloud), file, bytes, write);
    return { path: file.text, created: outcome.created, etag: outcome.etag ?? undefined };
  },
  summarize: (result) =>
    `${result.created ? 'Created' : 'Overwrote'} ${result.path} (etag ${result.etag ?? 'unknown'}).`,
});

/** UTF-8 text or strict base64 to bytes. */
export function decodeContent(content: string, encoding: 'text' | 'base64'): Buffer {
  if (encoding === 'text') return Buffer.from(content, 'utf8');
  const compact = content.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new InvalidInputError('The content is not valid base64.');
  }
  return Buffer.from(compact, 'base64');
}
