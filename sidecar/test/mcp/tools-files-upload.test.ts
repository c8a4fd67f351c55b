// nc_files_upload_large over MCP against the platform double's chunked upload v2 (strict: 5 MB chunks but the
// last): chunks with progress, byte-exact base64, and an aborted upload when the content turns out broken.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { APP_PASSWORD } from '../support/sidecar.js';
import { errorText, startToolHarness, structured as data, type ToolHarness } from '../support/tool-calls.js';

const USER_ID = 'uid-7';
const MIB = 1024 * 1024;
let files: FilesDouble;
let harness: ToolHarness;

beforeAll(async () => {
  files = createFilesApp({ chunking: 'strict' });
  harness = await startToolHarness({
    users: [{ id: USER_ID, loginName: 'carol', appPasswords: [APP_PASSWORD] }],
    apps: [files],
  });
});
afterAll(() => harness.close());

// Compressible but not uniform, so a misplaced chunk changes the bytes.
const lines = (mebibytes: number) =>
  Buffer.from(
    Array.from({ length: (mebibytes * MIB) / 16 }, (_, i) => `${i.toString(16).padStart(15, '0')}\n`).join(''),
  );
const content = lines(11);
// Made before any call: compressing 16 MiB blocks the process for seconds under load, long enough for the server to
// close the client's idle keep-alive connection just as the next call is written to it (ECONNRESET).
// Long enough that a whole chunk is stored before the broken part is reached.
const compressed = gzipSync(lines(16));
const gzippedContent = gzipSync(content).toString('base64');

describe('nc_files_upload_large', () => {
  it('uploads more than 10 MiB in 10 MiB chunks, reporting progress after each', async () => {
    const progress: number[] = [];

    const result = await harness.client.callTool(
      {
        name: 'nc_files_upload_large',
        arguments: { path: '/big.log', content: gzippedContent, encoding: 'gzip_base64' },
      },
      { onprogress: (update) => void progress.push(update.progress) },
    );

    expect(data(result)).toMatchObject({ path: '/big.log', created: true });
    expect(progress).toEqual([10 * MIB, content.length]);
    expect(files.readFile(USER_ID, 'big.log')?.equals(content)).toBe(true);
  });

  it('uploads base64 content as one short chunk, byte for byte', async () => {
    const random = Buffer.from(Array.from({ length: 2 * MIB + 5 }, (_, i) => (i * 7919) % 251));

    const result = await harness.call('nc_files_upload_large', {
      path: 'random.bin',
      content: random.toString('base64'),
    });

    expect(data(result)).toMatchObject({ path: '/random.bin', created: true });
    expect(files.readFile(USER_ID, 'random.bin')?.equals(random)).toBe(true);
  });

  it('aborts the upload (DELETE) when the content turns out broken halfway', async () => {
    const broken = compressed.subarray(0, Math.floor(compressed.length * 0.8));
    const before = harness.nextcloud.requests.length;

    const result = await harness.call('nc_files_upload_large', {
      path: 'broken.log',
      content: broken.toString('base64'),
      encoding: 'gzip_base64',
    });

    const requests = harness.nextcloud.requests.slice(before).map((request) => `${request.method} ${request.path}`);
    expect(errorText(result)).toMatch(/not valid gzip/);
    expect(requests.some((line) => /^PUT \/remote\.php\/dav\/uploads\/uid-7\/[^/]+\/1$/.test(line))).toBe(true);
    expect(requests.some((line) => /^DELETE \/remote\.php\/dav\/uploads\/uid-7\/[^/]+$/.test(line))).toBe(true);
    expect(files.readFile(USER_ID, 'broken.log')).toBeUndefined();
  });

  it('says the folder is a file when the target lies below one, before uploading anything', async () => {
    files.seedFile(USER_ID, 'plain.txt', 'a file');

    const result = await harness.call('nc_files_upload_large', {
      path: 'plain.txt/big.log',
      content: Buffer.from('x').toString('base64'),
      encoding: 'base64',
    });

    expect(errorText(result)).toContain('/plain.txt is a file, not a folder; nothing can be created inside it.');
  });
});
