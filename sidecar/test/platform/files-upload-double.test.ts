// Chunked uploads in the files double, as Nextcloud answers them (docs/nextcloud-behaviour.md, "Files (WebDAV)", Large
// uploads). Facts, one test each: MKCOL …/uploads/{uid}/{id} with a Destination → 201 · PUT …/{id}/{n} → 201 · MOVE
// …/.file with the Destination (and OC-Total-Length) → 201 with ETag and OC-FileId, chunks in number order, the upload
// folder gone afterwards (404) · DELETE …/{id} → 204 aborts · strict v2 (Redis and S3: the default double) refuses
// chunk names outside 1…10000 and chunks under 5 MB before the last · a plain server accepts 1 KB chunks and a missing
// Destination.
// Unverified (source in test/platform/apps/files/chunked-uploads.ts): the messages of the strict refusals, and that
// a strict server refuses a chunk PUT without Destination in an upload begun with one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';

const MIB = 1024 * 1024;
const PASSWORD = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
const AUTH = `Basic ${Buffer.from(`erin:${PASSWORD}`).toString('base64')}`;
let strict: { double: PlatformDouble; files: FilesDouble };
let plain: { double: PlatformDouble; files: FilesDouble };

async function startWith(chunking: 'strict' | 'plain') {
  const files = createFilesApp({ chunking });
  const double = await startPlatformDouble({ users: [{ id: 'erin', appPasswords: [PASSWORD] }], apps: [files] });
  return { double, files };
}
beforeAll(async () => {
  [strict, plain] = await Promise.all([startWith('strict'), startWith('plain')]);
});
afterAll(async () => {
  await strict.double.close();
  await plain.double.close();
});

function uploader(server: { double: PlatformDouble }, id: string, target: string) {
  const dav = `${server.double.url}/remote.php/dav`;
  const destination = `${dav}/files/erin/${target}`;
  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
    fetch(`${dav}/uploads/erin/${id}${path}`, { method, headers: { authorization: AUTH, ...headers }, body });
  return {
    begin: (withDestination = true) => call('MKCOL', '', withDestination ? { destination } : {}),
    chunk: (name: string, body: Buffer, withDestination = true) =>
      call('PUT', `/${name}`, withDestination ? { destination } : {}, body),
    finish: (headers: Record<string, string> = {}) => call('MOVE', '/.file', { destination, ...headers }),
    abort: () => call('DELETE', ''),
  };
}

describe('files double: chunked upload v2', () => {
  it('creates the upload with MKCOL and each chunk with PUT (201)', async () => {
    const upload = uploader(strict, 'up-created', 'created.bin');

    const begun = await upload.begin();
    const chunk = await upload.chunk('1', Buffer.alloc(10));

    expect([begun.status, chunk.status]).toEqual([201, 201]);
  });

  it('assembles the chunks in number order on MOVE .file (201 with ETag and OC-FileId), then forgets the upload', async () => {
    const upload = uploader(strict, 'up-assemble', 'big.bin');
    await upload.begin();
    await upload.chunk('2', Buffer.alloc(10, 2));
    await upload.chunk('1', Buffer.alloc(5 * MIB, 1));

    const response = await upload.finish({ 'oc-total-length': String(5 * MIB + 10) });
    const after = await upload.chunk('3', Buffer.alloc(1));

    const bytes = strict.files.readFile('erin', 'big.bin');
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toMatch(/^"/);
    expect(response.headers.get('oc-fileid')).toMatch(/^\d{8}oc/);
    expect([bytes?.length, bytes?.[0], bytes?.[5 * MIB]]).toEqual([5 * MIB + 10, 1, 2]);
    expect(after.status).toBe(404);
  });

  it('aborts an upload with DELETE (204)', async () => {
    const upload = uploader(strict, 'up-abort', 'aborted.bin');
    await upload.begin();

    const aborted = await upload.abort();
    const chunk = await upload.chunk('1', Buffer.alloc(1));

    expect([aborted.status, chunk.status]).toEqual([204, 404]);
  });

  it('refuses a chunk name outside 1…10000 on a strict server', async () => {
    const upload = uploader(strict, 'up-names', 'names.bin');
    await upload.begin();

    const [zero, word, tooHigh] = await Promise.all([
      upload.chunk('0', Buffer.alloc(1)),
      upload.chunk('first', Buffer.alloc(1)),
      upload.chunk('10001', Buffer.alloc(1)),
    ]);

    expect([zero.status, word.status, tooHigh.status]).toEqual([400, 400, 400]);
  });

  it('refuses a chunk under 5 MB before the last on a strict server', async () => {
    const upload = uploader(strict, 'up-small', 'small.bin');
    await upload.begin();
    await upload.chunk('1', Buffer.alloc(1000));
    await upload.chunk('2', Buffer.alloc(10));

    const response = await upload.finish();

    expect(response.status).toBe(400);
    expect(strict.files.readFile('erin', 'small.bin')).toBeUndefined();
  });

  it('refuses a chunk without Destination in an upload begun with one on a strict server (unverified)', async () => {
    const upload = uploader(strict, 'up-nodest', 'nodest.bin');
    await upload.begin();

    const response = await upload.chunk('1', Buffer.alloc(10), false);

    expect(response.status).toBe(400);
  });

  it('accepts 1 KB chunks and a missing Destination on a plain server', async () => {
    const upload = uploader(plain, 'up-plain', 'plain.bin');
    await upload.begin(false);
    await upload.chunk('1', Buffer.alloc(1024, 1), false);
    await upload.chunk('2', Buffer.alloc(1024, 2), false);

    const response = await upload.finish();

    expect(response.status).toBe(201);
    expect(plain.files.readFile('erin', 'plain.bin')?.length).toBe(2048);
  });
});
