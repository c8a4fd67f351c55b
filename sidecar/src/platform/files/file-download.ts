// A file of the user's WebDAV home downloaded (GET): whole, or as a stream for files too large to hold in memory
// (the caller's reader consumes the bytes). Failed answers throw the sidecar's errors like every other request.
import { UpstreamError } from '../../errors.js';
import type { DavAccount } from '../dav/dav-account.js';
import { davFilesPath, type FilePath } from './dav-paths.js';
import { headerText, responseEtag } from './file-operations.js';

export interface FileStream {
  /** The ETag of the bytes (OC-ETag, else ETag; without quotes); null when Nextcloud sent none, as for a folder. */
  etag: string | null;
  /** The Content-Length Nextcloud announced, when it did. */
  announcedBytes: number | undefined;
  body: AsyncIterable<Buffer>;
}

export interface DownloadedFile {
  bytes: Buffer;
  /** OC-ETag, else ETag, without quotes; null when Nextcloud sent none. */
  etag: string | null;
  /** The Last-Modified header as sent. */
  lastModified: string | undefined;
}

/** The file's bytes (within the HTTP client's response cap); null when nothing is at `path`. */
export async function downloadFile(access: DavAccount, path: FilePath): Promise<DownloadedFile | null> {
  const response = await access.client.request(davFilesPath(access.userId, path), {
    headers: { accept: '*/*' },
    accept: [404],
  });
  if (response.status === 404) return null;
  return {
    bytes: response.body,
    etag: responseEtag(response.headers),
    lastModified: headerText(response.headers['last-modified']),
  };
}

/** Opens the file at `path` and hands its body to `read`; any answer but 200 throws before `read` runs. */
export async function streamFile<T>(
  access: DavAccount,
  path: FilePath,
  options: { timeoutMs: number },
  read: (file: FileStream) => Promise<T>,
): Promise<T> {
  const request = { headers: { accept: '*/*' }, timeoutMs: options.timeoutMs };
  return access.client.requestStream(davFilesPath(access.userId, path), request, async (response) => {
    if (response.status !== 200) {
      throw new UpstreamError(`Nextcloud answered with an error (HTTP ${response.status}).`);
    }
    const announced = Number(headerText(response.headers['content-length']));
    return read({
      etag: responseEtag(response.headers),
      announcedBytes: Number.isInteger(announced) ? announced : undefined,
      body: response.body,
    });
  });
}
