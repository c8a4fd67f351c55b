// Downloads a PDF from the caller's WebDAV home as a stream: the byte cap is enforced while reading (413 as soon as
// it is passed), and a body that does not start like a PDF is refused after its first kilobyte.
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
  bytes: Uint8Array<ArrayBuffer>;
  /** The ETag of the bytes read (without quotes); null when Nextcloud sent none. */
  etag: string | null;
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

export async function downloadPdf(request: PdfDownloadRequest): Promise<DownloadedPdf> {
  const url = davFilesUrl(request.host, request.userId, request.path);
  const headers = { authorization: encodeBasicAuthorization(request.credentials), accept: '*/*' };
  return request.http.requestStream(url, { headers, timeoutMs: request.timeoutMs }, async (response) => {
    assertFileAnswer(response);
    const etag = unquoteEtag(headerText(response.headers['oc-etag']) ?? headerText(response.headers.etag));
    return { bytes: await readPdfBody(response, request.maxBytes), etag };
  });
}

function assertFileAnswer(response: HttpStreamedResponse): void {
  if (response.status === 404) throw new NotFoundError('There is no such file.');
  if (response.status === 401) throw nextcloudRefusedError();
  if (response.status === 403) throw new ForbiddenError('Nextcloud does not allow this account to read the file.');
  if (response.status !== 200) {
    throw new UpstreamError(`Nextcloud answered with an error (HTTP ${response.status}).`);
  }
  // A folder answers GET with 200 and a line of text, without an ETag.
  if (response.headers.etag === undefined && response.headers['oc-etag'] === undefined) throw notPdfError();
}

/** The error for a credential Nextcloud no longer accepts (a revoked app password). */
export function nextcloudRefusedError(): ForbiddenError {
  return new ForbiddenError('Nextcloud no longer accepts your app password: provision a new one.');
}

/** The body, refused as soon as it passes `maxBytes` or shows it is no PDF; one buffer when its length is known. */
async function readPdfBody(response: HttpStreamedResponse, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const announced = Number(headerText(response.headers['content-length']));
  if (Number.isInteger(announced) && announced > maxBytes) throw tooLargeError(maxBytes);
  const sized = Number.isInteger(announced) && announced >= 0 ? new Uint8Array(announced) : undefined;
  const chunks: Buffer[] = [];
  let total = 0;
  let headerChecked = false;
  for await (const chunk of response.body) {
    if (total + chunk.length > maxBytes) throw tooLargeError(maxBytes);
    if (sized) {
      if (total + chunk.length > sized.length) throw new UpstreamError('Nextcloud sent more than it announced.');
      sized.set(chunk, total);
    } else {
      chunks.push(chunk);
    }
    total += chunk.length;
    if (!headerChecked && total >= HEADER_WINDOW_BYTES) {
      assertPdfHeader(sized ?? Buffer.concat(chunks), total);
      headerChecked = true;
    }
  }
  const bytes = sized ?? ownBytes(Buffer.concat(chunks, total));
  if (total !== bytes.length) throw new UpstreamError('Nextcloud sent less than it announced.');
  if (!headerChecked) assertPdfHeader(bytes, total);
  return bytes;
}

/** The bytes in an ArrayBuffer of their own (a worker can take it over); a copy only for small pooled buffers. */
function ownBytes(joined: Buffer): Uint8Array<ArrayBuffer> {
  const own = joined.byteOffset === 0 && joined.buffer.byteLength === joined.length;
  return own ? new Uint8Array(joined.buffer as ArrayBuffer) : new Uint8Array(joined);
}

function assertPdfHeader(bytes: Uint8Array, total: number): void {
  const window = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(total, HEADER_WINDOW_BYTES));
  if (!window.includes(PDF_HEADER)) throw notPdfError();
}
