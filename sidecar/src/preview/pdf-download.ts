// Downloads a PDF from the caller's WebDAV home as a stream into a private temporary file (so a 100 MB PDF never
// sits in memory): the byte cap is enforced while reading (413 as soon as it is passed), and a body that does not
// start like a PDF is refused after its first kilobyte. The request itself is platform/files/file-download.ts.
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthenticatedError,
} from '../errors.js';
import type { HttpClient } from '../net/http-client.js';
import type { NextcloudCredentials } from '../platform/credentials.js';
import type { FilePath } from '../platform/files/dav-paths.js';
import type { SpoolFolder } from './spool-folder.js';
import { streamFile, type FileStream } from '../platform/files/file-download.js';
import { createNextcloudClient } from '../platform/nextcloud-client.js';

export interface PdfDownloadRequest {
  http: HttpClient;
  host: string;
  userId: string;
  credentials: NextcloudCredentials;
  path: FilePath;
  maxBytes: number;
  timeoutMs: number;
}

export interface DownloadedPdf {
  /** The temporary file (readable by this process only); `remove` deletes it. */
  filePath: string;
  size: number;
  /** The ETag of the bytes read (without quotes); null when Nextcloud sent none. */
  etag: string | null;
  remove(): Promise<void>;
}

/** Where a PDF's header must start at the latest (readers accept leading junk up to this many bytes). */
const HEADER_WINDOW_BYTES = 1024;
const PDF_HEADER = Buffer.from('%PDF-');

export function tooLargeError(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`The PDF is larger than the preview limit of ${maxBytes} bytes.`);
}

export function notPdfError(): InvalidInputError {
  return new InvalidInputError('The file is not a PDF.');
}

export async function downloadPdf(request: PdfDownloadRequest, spool: SpoolFolder): Promise<DownloadedPdf> {
  const client = createNextcloudClient({ http: request.http, host: request.host, credentials: request.credentials });
  const account = { client, userId: request.userId, displayName: request.userId };
  const filePath = join(spool.path(), `${randomUUID()}.pdf`);
  const remove = () => rm(filePath, { force: true });
  try {
    return await streamFile(account, request.path, { timeoutMs: request.timeoutMs }, async (file) => {
      // A folder answers GET with 200 and no ETag (one's own: an empty text/html body).
      if (file.etag === null) throw notPdfError();
      const size = await spoolPdfBody(file, request.maxBytes, filePath);
      return { filePath, size, etag: file.etag, remove };
    });
  } catch (error) {
    await remove();
    throw asPreviewError(error, 'Nextcloud does not allow this account to read the file.');
  }
}

/** The error for a credential Nextcloud no longer accepts (a revoked app password). */
export function nextcloudRefusedError(): ForbiddenError {
  return new ForbiddenError('Nextcloud no longer accepts your app password: provision a new one.');
}

/**
 * Nextcloud's refusals in the preview's words: a missing file, and a credential it no longer accepts (a 403: the
 * caller's own key to the sidecar was fine). With `forbidden`, a 403 of Nextcloud gets that message.
 */
export function asPreviewError(error: unknown, forbidden?: string): unknown {
  if (error instanceof NotFoundError) return new NotFoundError('There is no such file.');
  if (error instanceof UnauthenticatedError) return nextcloudRefusedError();
  if (forbidden !== undefined && error instanceof ForbiddenError)
    return new ForbiddenError(forbidden, { cause: error });
  return error;
}

/** Writes the body to `filePath`, refused as soon as it passes `maxBytes` or shows it is no PDF; its size. */
async function spoolPdfBody(file: FileStream, maxBytes: number, filePath: string): Promise<number> {
  if (file.announcedBytes !== undefined && file.announcedBytes > maxBytes) throw tooLargeError(maxBytes);
  const spooled = await open(filePath, 'wx', 0o600);
  try {
    let total = 0;
    let head = Buffer.alloc(0);
    for await (const chunk of file.body) {
      if (total + chunk.length > maxBytes) throw tooLargeError(maxBytes);
      if (head.length < HEADER_WINDOW_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, HEADER_WINDOW_BYTES - head.length)]);
        if (head.length >= HEADER_WINDOW_BYTES) assertPdfHeader(head);
      }
      for (let written = 0; written < chunk.length;) {
        written += (await spooled.write(chunk, written, chunk.length - written)).bytesWritten;
      }
      total += chunk.length;
    }
    if (head.length < HEADER_WINDOW_BYTES) assertPdfHeader(head);
    return total;
  } finally {
    await spooled.close();
  }
}

function assertPdfHeader(head: Buffer): void {
  if (!head.includes(PDF_HEADER)) throw notPdfError();
}
