// A file the files source's scan has just listed is read with one GET: the listing says what the file is, as long as
// the GET answers the ETag listed; a file changed since is checked with PROPFIND, and another file at the path is
// not taken for the listed one.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../../test/platform/apps/files.js';
import { createDocumentReaders } from '../../../src/knowledge/extract/document-readers.js';
import { createFilesSource } from '../../../src/knowledge/sources/files-source.js';
import type { SyncContext, SyncSource } from '../../../src/knowledge/sync/sync-source.js';
import { asChanges, startSourceDouble, type SourceDouble } from '../../support/source-scans.js';

const PASSWORD = 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA';
const readers = createDocumentReaders({ pdf: {}, documents: {} });
let files: FilesDouble;
let env: SourceDouble;
let alice: SyncContext;
let source: SyncSource;

beforeAll(async () => {
  files = createFilesApp();
  env = await startSourceDouble({ users: { alice: PASSWORD }, apps: [files] });
  alice = env.contextFor('alice');
});
afterAll(async () => {
  await env.close();
  await readers.close();
});
beforeEach(() => {
  source = createFilesSource({ maxFileBytes: 100_000, readers });
});

/** The requests the double saw while `act` ran, as "METHOD path" with the path decoded. */
const requestsDuring = <T>(act: () => Promise<T>) => env.requestsDuring(act, decodeURIComponent);
const dav = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  env.request(`/remote.php/dav/files/alice${path}`, { method, headers, body });

describe('files source: fetch after a scan listed the file', () => {
  const scanned = async (folder: string) => {
    const result = asChanges(await source.scan(alice, undefined));
    return (path: string) => result.changed.find((document) => document.hint === `/${folder}/${path}`)!;
  };

  it('reads a file the scan listed with one GET, taking what it is from the listing', async () => {
    files.seedFile('alice', 'listed/a.json', '{"a": 1}', { mtime: 1_700_000_000 });
    const listed = (await scanned('listed'))('a.json');

    const { result: fetched, requests } = await requestsDuring(() => source.read(alice, listed));

    expect(requests).toEqual(['GET /remote.php/dav/files/alice/listed/a.json']);
    // The type PROPFIND listed: GET serves a .json file as text/plain.
    expect([fetched?.mimeType, fetched?.version, fetched?.pages]).toEqual([
      'application/json',
      listed.version,
      ['{"a": 1}'],
    ]);
  });

  it('asks PROPFIND again when the file changed after the scan listed it', async () => {
    files.seedFile('alice', 'listed-changed/b.md', 'before');
    const listed = (await scanned('listed-changed'))('b.md');
    await dav('PUT', '/listed-changed/b.md', {}, 'after, and longer');

    const { result: fetched, requests } = await requestsDuring(() => source.read(alice, listed));

    expect(requests.map((request) => request.split(' ')[0])).toEqual(['GET', 'PROPFIND']);
    expect(fetched?.pages).toEqual(['after, and longer']);
    expect(fetched?.version.startsWith(files.findNode('alice', 'listed-changed/b.md')!.etag)).toBe(true);
  });

  it('answers null when the path holds another file than the one the scan listed', async () => {
    files.seedFile('alice', 'listed-replaced/c.md', 'one');
    const listed = (await scanned('listed-replaced'))('c.md');
    await dav('DELETE', '/listed-replaced/c.md');
    files.seedFile('alice', 'listed-replaced/c.md', 'another file at the same path');

    const fetched = await source.read(alice, listed);

    expect(fetched).toBeNull();
  });
});
