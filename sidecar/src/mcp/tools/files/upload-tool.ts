// nc_files_upload_large: a large file through Nextcloud's chunked upload v2, one chunk at a time, with progress
// notifications after each stored chunk.
import { z } from 'zod';
import { parseFilePath } from '../../../platform/files/dav-paths.js';
import { uploadInChunks } from '../../../platform/files/chunked-upload.js';
import { openDavAccount } from '../../../platform/dav/dav-account.js';
import { defineTool } from '../../tool-definition.js';
import { pathInput } from './files-schemas.js';
import { openUploadSource } from './upload-source.js';
import { DESTRUCTIVE } from '../tool-shapes.js';

/** The largest file this tool assembles (after decoding and decompressing). */
export const MAX_UPLOAD_BYTES = 1024 * 1024 * 1024;
/** Bytes per chunk: above the 5 MiB object storage needs, well below the 100 MB chunked_upload.max_size. */
const CHUNK_BYTES = 10 * 1024 * 1024;

export const uploadLargeTool = defineTool({
  name: 'nc_files_upload_large',
  app: 'files',
  title: 'Upload large file',
  description: 'Uploads a file over 10 MiB in chunks, with progress.',
  input: z.object({
    path: pathInput,
    content: z.string(),
    encoding: z.enum(['text', 'base64', 'gzip_base64']).default('base64'),
    overwrite: z.boolean().default(false),
  }),
  output: z.object({ path: z.string(), created: z.boolean(), etag: z.string().optional() }),
  annotations: DESTRUCTIVE,
  async run(args, { nextcloud, reportProgress, signal }) {
    const file = parseFilePath(args.path);
    const source = openUploadSource(args.content, args.encoding, MAX_UPLOAD_BYTES);
    const access = await openDavAccount(nextcloud);
    const outcome = await uploadInChunks(access, file, {
      source: source.pieces,
      chunkBytes: CHUNK_BYTES,
      overwrite: args.overwrite,
      signal,
      onChunkStored: (uploaded, chunk) =>
        reportProgress(uploaded, source.totalBytes, `Stored chunk ${chunk} (${uploaded} bytes so far).`),
    });
    return { path: file.text, created: outcome.created, etag: outcome.etag ?? undefined };
  },
  summarize: (result) => `${result.created ? 'Uploaded' : 'Replaced'} ${result.path}.`,
});
