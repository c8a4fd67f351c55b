// nc_files_upload_large: a large file through Nextcloud's chunked upload v2, one chunk at a time, with progress
// notifications after each stored chunk.
import { z } from 'zod';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { MAX_CHUNK_BYTES, MIN_CHUNK_BYTES, uploadInChunks } from '../../../platform/files/chunked-upload.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { DESTRUCTIVE, pathInput, plural } from './files-schemas.js';
import { openUploadSource } from './upload-source.js';

/** The largest file this tool assembles (after decoding and decompressing). */
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
const MAX_CONTENT_CHARS = 64 * 1024 * 1024;

export const uploadLargeTool = defineTool({
  name: 'nc_files_upload_large',
  app: 'files',
  title: 'Upload a large file',
  description:
    'Uploads a large file in chunks (chunked upload v2) with progress notifications. Content is UTF-8 text, ' +
    'base64, or gzip-compressed base64 (gzip_base64) for content that compresses well. Fails if the file exists ' +
    'unless overwrite is true.',
  input: z.object({
    path: pathInput,
    content: z.string().max(MAX_CONTENT_CHARS),
    encoding: z.enum(['text', 'base64', 'gzip_base64']).default('base64'),
    chunk_size: z
      .number()
      .int()
      .min(MIN_CHUNK_BYTES)
      .max(MAX_CHUNK_BYTES)
      .default(10 * 1024 * 1024)
      .describe('Bytes per chunk, 5 MiB to 100 MiB'),
    overwrite: z.boolean().default(false),
  }),
  output: z.object({
    path: z.string(),
    size: z.number(),
    chunks: z.number(),
    created: z.boolean(),
    etag: z.string().nullable(),
    file_id: z.number().nullable(),
  }),
  annotations: DESTRUCTIVE,
  async run(args, { nextcloud, reportProgress, signal }) {
    const file = parseFilePath(args.path);
    const source = openUploadSource(args.content, args.encoding, MAX_UPLOAD_BYTES);
    const access = await openDavAccount(nextcloud);
    const outcome = await uploadInChunks(access, file, {
      source: source.pieces,
      chunkBytes: args.chunk_size,
      overwrite: args.overwrite,
      signal,
      onChunkStored: (uploaded, chunk) =>
        reportProgress(uploaded, source.totalBytes, `Stored chunk ${chunk} (${uploaded} bytes so far).`),
    });
    return {
      path: file.text,
      size: outcome.bytes,
      chunks: outcome.chunks,
      created: outcome.created,
      etag: outcome.etag,
      file_id: outcome.fileId,
    };
  },
  summarize: (result) =>
    `${result.created ? 'Uploaded' : 'Replaced'} ${result.path}: ${result.size} bytes in ${plural(result.chunks, 'chunk')}.`,
});
