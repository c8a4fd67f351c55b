// Downloads a PDF from the caller's WebDAV home as a stream into a private temporary file (so a 100 MB PDF never
// sits in memory): the byte cap is enforced while reading (413 as soon as it is passed), and a body that does not
// start like a PDF is refused after its first kilobyte.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ForbiddenError, InvalidInputError, NotFoundError, PayloadTooLargeError, UpstreamError } from '../errors.js';
import type { HttpClient, HttpStreamedResponse } from '../net/http-client.js';
import { encodeBasicAuthorization, type NextcloudCredentials } from '../platform/credentials.js';
import { davFilesUrl, type FilePath } from '../platform/files/dav-paths.js';
import { headerText } from '../platform/files/file-operations.js';
import { unquoteEtag } from '../platform/files/propfind.js';

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

/** Where downloads are spooled: one folder (mode 0700) per process, made on first use and removed at exit. */
export interface SpoolFolder {
  path(): string;
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

export function createSpoolFolder(): SpoolFolder {
  let folder: string | undefined;
  return {
    path: () => {
      if (folder === undefined) {
        const made = mkdtempSync(join(tmpdir(), 'nextcloud-mcp-preview-'));
        process.once('exit', () => rmSync(made, { recursive: true, force: true }));
        folder = made;
      }
      return folder;
    },
  };
}

export async function downloadPdf(request: PdfDownloadRequest, spool: SpoolFolder): Promise<DownloadedPdf> {
  const url = davFilesUrl(request.host, request.userId, request.path);
  const headers = { authorization: encodeBasicAuthorization(request.credentials), accept: '*/*' };
  const filePath = join(spool.path(), `${randomUUID()}.pdf`);
  const remove = () => rm(filePath, { force: true });
  try {
    return await request.http.requestStream(url, { headers, timeoutMs: request.timeoutMs }, async (response) => {
      assertFileAnswer(response);
      const etag = unquoteEtag(headerText(response.headers['oc-etag']) ?? headerText(response.headers.etag));
      const size = await spoolPdfBody(response, request.maxBytes, filePath);
      return { filePath, size, etag, remove };
    });
  } catch (error) {
    await remove();
    throw error;
  }
}

function assertFileAnswer(response: HttpStreamedResponse): void {
  if (response.status === 404) throw new NotFoundError('There is no such file.');
  if (response.status === 401) throw nextcloudRefusedError();
  if (response.status === 403) throw new ForbiddenError('Nextcloud does not allow this account to read the file.');
  if (response.status !== 200) {
    throw new UpstreamError(`Nextcloud answered with an error (HTTP ${response.status}).`);
  }
  // A folder answers GET with 200 and no ETag (one's own: an empty text/html body).
  if (response.headers.etag === undefined && response.headers['oc-etag'] === undefined) throw notPdfError();
}

/** The error for a credential Nextcloud no longer accepts (a revoked app password). */
export function nextcloudRefusedError(): ForbiddenError {
  return new ForbiddenError('Nextcloud no longer accepts your app password: provision a new one.');
}

/** Writes the body to `filePath`, refused as soon as it passes `maxBytes` or shows it is no PDF; its size. */
async function spoolPdfBody(response: HttpStreamedResponse, maxBytes: number, filePath: string): Promise<number> {
  const announced = Number(headerText(response.headers['content-length']));
  if (Number.isInteger(announced) && announced > maxBytes) throw tooLargeError(maxBytes);
  const file = await open(filePath, 'wx', 0o600);
  try {
    let total = 0;
    let head = Buffer.alloc(0);
    for await (const chunk of response.body) {
      if (total + chunk.length > maxBytes) throw tooLargeError(maxBytes);
      if (head.length < HEADER_WINDOW_BYTES) {
        head = Buffer.concat([head, chunk.subarray(0, HEADER_WINDOW_BYTES - head.length)]);
        if (head.length >= HEADER_WINDOW_BYTES) assertPdfHeader(head);
      }
      for (let written = 0; written < chunk.length;) {
        written += (await file.write(chunk, written, chunk.length - written)).bytesWritten;
      }
      total += chunk.length;
    }
    if (head.length < HEADER_WINDOW_BYTES) assertPdfHeader(head);
    return total;
  } finally {
    await file.close();
  }
}

function assertPdfHeader(head: Buffer): void {
  if (!head.includes(PDF_HEADER)) throw notPdfError();
}
