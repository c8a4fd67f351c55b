// Files tools that read and write a file's content: text reads a window at a time, and writes that never lose
// someone else's changes (create only when absent, overwrite only the version that was read).
import { z } from 'zod';
import { InvalidInputError } from '../../../errors.js';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { writeFile } from '../../../platform/files/file-operations.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { MAX_TEXT_READ_BYTES, readTextFile } from '../../../platform/files/text-files.js';
import { defineTool } from '../../tool-definition.js';
import { DESTRUCTIVE, pathInput, READ_ONLY } from './files-schemas.js';

export const MAX_WRITE_BYTES = 10 * 1024 * 1024;

export const readTextTool = defineTool({
  name: 'nc_files_read_text',
  app: 'files',
  title: 'Read a text file',
  description:
    'Reads a text file as UTF-8, at most max_bytes from offset, and returns its etag for a later overwrite. ' +
    'Binary files are reported, not returned. Continue long files from next_offset.',
  input: z.object({
    path: pathInput,
    offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0).describe('Byte offset to start at'),
    max_bytes: z.number().int().min(16).max(MAX_TEXT_READ_BYTES).default(65536),
  }),
  output: z.object({
    path: z.string(),
    etag: z.string().nullable(),
    size: z.number(),
    content_type: z.string().nullable(),
    offset: z.number(),
    bytes_read: z.number(),
    next_offset: z.number().nullable().describe('Where the rest starts; null at the end'),
    is_binary: z.boolean(),
    content: z.string().nullable(),
    message: z.string().nullable(),
  }),
  annotations: READ_ONLY,
  async run({ path, offset, max_bytes }, { nextcloud }) {
    const file = parseFilePath(path);
    const read = await readTextFile(await openDavAccount(nextcloud), file, { offset, maxBytes: max_bytes });
    return {
      path: read.path,
      etag: read.etag,
      size: read.size,
      content_type: read.contentType,
      offset: read.offset,
      bytes_read: read.bytesRead,
      next_offset: read.nextOffset,
      is_binary: read.binary,
      content: read.content,
      message: read.binary
        ? `${read.path} is a binary file (${read.contentType ?? 'unknown type'}, ${read.size} bytes), not UTF-8 text, so its content is not shown.`
        : null,
    };
  },
  summarize: (result) =>
    result.is_binary
      ? (result.message ?? 'Binary file.')
      : `${result.path} (etag ${result.etag ?? 'unknown'}), bytes ${result.offset} to ${result.offset + result.bytes_read} of ${result.size}` +
        `${result.next_offset === null ? '' : `, continue at offset ${result.next_offset}`}:\n${result.content ?? ''}`,
});

export const writeFileTool = defineTool({
  name: 'nc_files_write',
  app: 'files',
  title: 'Write a file',
  description:
    'Writes a file of up to 10 MiB. mode create fails if the file exists. mode overwrite needs the etag from ' +
    'nc_files_read_text or nc_files_stat and fails if the file changed since.',
  input: z.object({
    path: pathInput,
    content: z.string().max(Math.ceil((MAX_WRITE_BYTES * 4) / 3) + 4),
    encoding: z.enum(['text', 'base64']).default('text').describe('text (UTF-8) or base64 for binary content'),
    mode: z.enum(['create', 'overwrite']),
    etag: z.string().max(200).optional().describe('Required for mode overwrite: the etag you read'),
  }),
  output: z.object({
    path: z.string(),
    created: z.boolean(),
    size: z.number(),
    etag: z.string().nullable(),
    file_id: z.number().nullable(),
  }),
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
    const access = await openDavAccount(nextcloud);
    const outcome = await writeFile(
      access,
      file,
      bytes,
      args.mode === 'create' ? { mode: 'create' } : { mode: 'overwrite', etag: args.etag ?? '' },
    );
    return {
      path: file.text,
      created: outcome.created,
      size: bytes.length,
      etag: outcome.etag,
      file_id: outcome.fileId,
    };
  },
  summarize: (result) =>
    `${result.created ? 'Created' : 'Overwrote'} ${result.path} (${result.size} bytes, etag ${result.etag ?? 'unknown'}).`,
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
