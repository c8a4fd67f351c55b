// Files tools that read and write a file's content: text reads a window at a time (documents as their extracted
// text, document-read.ts), and writes that never lose someone else's changes (create only when absent, overwrite
// only the version that was read).
import { z } from 'zod';
import { InvalidInputError, NotFoundError } from '../../../errors.js';
import {
  documentFormatOfName,
  FORMAT_LABELS,
  formatOfFile,
  needsExtractionWorker,
  type DocumentFormat,
} from '../../../knowledge/extract/document-formats.js';
import { parseFilePath, type FilePath } from '../../../platform/files/dav-paths.js';
import { findPath, writeFile } from '../../../platform/files/file-operations.js';
import { openDavAccount, type DavAccount } from '../../../platform/dav/dav-account.js';
import { MAX_TEXT_READ_BYTES, readTextFile } from '../../../platform/files/text-files.js';
import { defineTool } from '../../tool-definition.js';
import { MAX_PDF_PAGES_PER_READ, parsePageRange, readDocumentWindow } from './document-read.js';
import { pathInput } from './files-schemas.js';
import { DESTRUCTIVE, READ_ONLY } from '../tool-shapes.js';

export const MAX_WRITE_BYTES = 10 * 1024 * 1024;

export const readTextTool = defineTool({
  name: 'nc_files_read_text',
  app: 'files',
  title: 'Read text file',
  description:
    'Reads a file as text from offset, at most max_bytes. PDF, Office, OpenDocument, RTF, EPUB and .eml ' +
    'files give their extracted text. pages ("3-5") picks PDF pages.',
  input: z.object({
    path: pathInput,
    offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    max_bytes: z.number().int().min(16).max(MAX_TEXT_READ_BYTES).default(65536),
    pages: z.string().max(20).optional().describe(`PDF page or range, at most ${MAX_PDF_PAGES_PER_READ} pages`),
  }),
  output: z.object({
    etag: z.string(),
    size: z.number(),
    content: z.string().nullable().describe('null for a binary file'),
    next_offset: z.number().nullable(),
    format: z.string().describe('where the text came from, e.g. "text" or "Word document (.docx)"'),
    pages: z.object({ first: z.number(), last: z.number(), more: z.boolean() }).optional(),
  }),
  annotations: READ_ONLY,
  async run({ path, offset, max_bytes, pages }, { nextcloud, documents }) {
    const file = parseFilePath(path);
    const range = pages === undefined ? undefined : parsePageRange(pages);
    const account = await openDavAccount(nextcloud);
    const format = await documentFormatAt(account, file);
    if (format && documents) {
      const read = await readDocumentWindow(account, file, format, documents, {
        offset,
        maxBytes: max_bytes,
        pages: range,
      });
      return {
        etag: read.etag,
        size: read.size,
        content: read.content,
        next_offset: read.nextOffset,
        format: FORMAT_LABELS[format],
        ...(read.pages ? { pages: read.pages } : {}),
      };
    }
    if (range) throw new InvalidInputError('pages applies to PDFs only.');
    const read = await readTextFile(account, file, { offset, maxBytes: max_bytes });
    return {
      etag: read.etag ?? '',
      size: read.size,
      content: read.content,
      next_offset: read.nextOffset,
      format: read.content === null ? 'binary' : 'text',
    };
  },
  summarize: (result) =>
    result.content === null
      ? `A binary file of ${result.size} bytes, not UTF-8 text: its content is not shown.`
      : `etag ${result.etag}, ${result.size} bytes, ${result.format}` +
        `${result.pages ? `, pages ${result.pages.first}-${result.pages.last}${result.pages.more ? ' (more follow)' : ''}` : ''}` +
        `${result.next_offset === null ? '' : `, continue at offset ${result.next_offset}`}:\n${result.content}`,
});

/**
 * The document format of the file at `path` when its name says it is one (then one PROPFIND confirms it is a file
 * and gives the media type Nextcloud states); undefined for text and unknown files, which are read as text.
 */
async function documentFormatAt(account: DavAccount, path: FilePath): Promise<DocumentFormat | undefined> {
  const name = path.segments[path.segments.length - 1] ?? '';
  if (!documentFormatOfName(name)) return undefined;
  const entry = await findPath(account, path);
  if (!entry) throw new NotFoundError(`There is no file at ${path.text}.`);
  if (entry.type === 'folder') throw new InvalidInputError(`${path.text} is a folder; list it with nc_files_list.`);
  const format = formatOfFile(entry.contentType ?? '', name) ?? documentFormatOfName(name);
  return format === 'pdf' || (format && needsExtractionWorker(format)) ? format : undefined;
}

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
