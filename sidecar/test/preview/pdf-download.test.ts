// The PDF download reads Nextcloud's answer as a stream: past the byte cap it stops with 413 without reading the
// rest (a slow endless body is dropped after about the cap, its partial file removed), and a body that is no PDF
// stops after its first kilobyte.
import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidInputError, PayloadTooLargeError } from '../../src/errors.js';
import { createHttpClient } from '../../src/net/http-client.js';
import { toFilePath } from '../../src/platform/files/dav-paths.js';
import { downloadPdf } from '../../src/preview/pdf-download.js';
import { createSpoolFolder } from '../../src/preview/spool-folder.js';

let server: Server;
let host: string;
let served = 0;
let closed = false;

beforeAll(async () => {
  // A WebDAV GET that never ends: a PDF header, then 64 KiB every 5 ms (or text, for /notes.txt), no Content-Length.
  server = createServer((req, res) => {
    served = 0;
    closed = false;
    res.writeHead(200, { etag: '"abc123"', 'content-type': 'application/pdf' });
    const start = Buffer.alloc(64 * 1024, 0x20);
    (req.url?.endsWith('.pdf') ? Buffer.from('%PDF-1.7\n') : Buffer.from('just text\n')).copy(start);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const timer = setInterval(() => {
      res.write(served === 0 ? start : chunk);
      served += chunk.length;
    }, 5);
    res.on('close', () => {
      clearInterval(timer);
      closed = true;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const http = createHttpClient({ verifySsl: true, timeoutMs: 5000, userAgent: 'download-test' });
afterAll(() => http.close());

const spool = createSpoolFolder();

function download(name: string, maxBytes: number) {
  return downloadPdf(
    {
      http,
      host,
      userId: 'alice',
      credentials: { loginName: 'alice', password: 'pw' },
      path: toFilePath(['Documents', name]),
      maxBytes,
      timeoutMs: 5000,
    },
    spool,
  );
}

describe('downloadPdf', () => {
  it('stops an endless PDF with 413 once the cap is passed, long before reading much more', async () => {
    const outcome = download('endless.pdf', 1024 * 1024);

    await expect(outcome).rejects.toEqual(
      new PayloadTooLargeError('The PDF is larger than the preview limit of 1048576 bytes.'),
    );
    await waitFor(() => closed);
    expect(served).toBeLessThan(4 * 1024 * 1024);
    expect(readdirSync(spool.path())).toEqual([]);
  });

  it('stops a body that does not start like a PDF after its first kilobyte with 400', async () => {
    const outcome = download('notes.txt', 100 * 1024 * 1024);

    await expect(outcome).rejects.toEqual(new InvalidInputError('The file is not a PDF.'));
    await waitFor(() => closed);
    expect(served).toBeLessThan(1024 * 1024);
  });
});

async function waitFor(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}
