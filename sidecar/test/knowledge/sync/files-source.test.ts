// The files source against the platform double: one request when nothing changed, only the changed branch walked,
// a complete listing without deleted, moved-away or trashed files, and fetches of text, Markdown and PDF pages.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../../test/platform/apps/files.js';
import { createNotesApp } from '../../../../test/platform/apps/notes.js';
import { createSharingDouble } from '../../../../test/platform/apps/sharing.js';
import { createDocumentReaders } from '../../../src/knowledge/extract/document-readers.js';
import { createFilesSource } from '../../../src/knowledge/sources/files-source.js';
import { UNSETTLED_MARK } from '../../../src/knowledge/sources/file-read.js';
import {
  DocumentParseError,
  DocumentSkippedError,
  type ScanResult,
  type SyncContext,
  type SyncSource,
} from '../../../src/knowledge/sync/sync-source.js';
import { buildPdf, corruptPdf } from '../../support/pdf-fixtures.js';
import { asChanges, startSourceDouble, type Changes, type SourceDouble } from '../../support/source-scans.js';

const PASSWORDS = { alice: 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA', bob: 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB' };
const readers = createDocumentReaders({ pdf: {}, documents: {} });
let files: FilesDouble;
let env: SourceDouble;
let alice: SyncContext;
let source: SyncSource;

beforeAll(async () => {
  files = createFilesApp();
  env = await startSourceDouble({
    users: PASSWORDS,
    apps: [files, createNotesApp(), createSharingDouble({ files, users: ['alice', 'bob'] })],
  });
  alice = env.contextFor('alice');
});
afterAll(async () => {
  await env.close();
  await readers.close();
});
beforeEach(() => {
  source = createFilesSource({ maxFileBytes: 100_000, readers, pdfLimits: { maxPages: 100, maxTextChars: 100_000 } });
});

const hints = (result: ScanResult) =>
  asChanges(result)
    .changed.map((document) => document.hint)
    .sort();
const idOf = (user: string, path: string) => String(files.findNode(user, path)!.fileId);

/** The requests the double saw while `act` ran, as "METHOD path" with the path decoded. */
const requestsDuring = <T>(act: () => Promise<T>) => env.requestsDuring(act, decodeURIComponent);
const dav = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
  env.request(`/remote.php/dav/files/alice${path}`, { method, headers, body });

describe('files source: scan', () => {
  it('lists indexable files with file id, ETag and path, counts the others and leaves out the notes folder', async () => {
    files.seedFile('alice', 'Documents/a.md', '# A');
    files.seedFile('alice', 'Documents/b.txt', 'plain');
    files.seedFile('alice', 'Documents/c.pdf', Buffer.from(buildPdf(['pdf text'])));
    files.seedFile('alice', 'Photos/d.png', 'png');
    files.seedFile('alice', 'Photos/e.zip', 'zip');
    files.seedFile('alice', 'Documents/big.txt', 'x'.repeat(100_001));
    files.seedFile('alice', 'Notes/todo.md', 'a note, indexed as a note');

    const result = asChanges(await source.scan(alice, undefined));

    expect(result.complete).toBe(true);
    expect(hints(result)).toEqual(['/Documents/a.md', '/Documents/b.txt', '/Documents/c.pdf']);
    expect(result.changed.find((document) => document.hint === '/Documents/a.md')).toEqual({
      docId: idOf('alice', 'Documents/a.md'),
      version: files.findNode('alice', 'Documents/a.md')!.etag,
      hint: '/Documents/a.md',
    });
    expect(result.skipped).toEqual({ 'unsupported type': 1, 'image: OCR is off': 1, 'too large': 1 });
  });

  it('answers unchanged with exactly one request when nothing changed', async () => {
    const first = asChanges(await source.scan(alice, undefined));

    const { result: second, requests } = await requestsDuring(() => source.scan(alice, first.cursor));

    expect(second).toEqual({ kind: 'unchanged' });
    expect(requests).toEqual(['PROPFIND /remote.php/dav/files/alice']);
  });

  it('walks only the branch of a change deep in the tree', async () => {
    files.seedFile('alice', 'deep/a/b/c/leaf.md', 'old');
    files.seedFile('alice', 'wide/one/x.md', 'x');
    files.seedFile('alice', 'wide/two/y.md', 'y');
    const first = asChanges(await source.scan(alice, undefined));
    await dav('PUT', '/deep/a/b/c/leaf.md', {}, 'new');

    const { result: second, requests } = await requestsDuring(() => source.scan(alice, first.cursor));

    expect(requests).toEqual([
      'PROPFIND /remote.php/dav/files/alice',
      'GET /index.php/apps/notes/api/v1/settings',
      'PROPFIND /remote.php/dav/files/alice',
      'PROPFIND /remote.php/dav/files/alice/deep',
      'PROPFIND /remote.php/dav/files/alice/deep/a',
      'PROPFIND /remote.php/dav/files/alice/deep/a/b',
      'PROPFIND /remote.php/dav/files/alice/deep/a/b/c',
    ]);
    const leaf = asChanges(second).changed.find((document) => document.hint === '/deep/a/b/c/leaf.md');
    expect(leaf?.version).toBe(files.findNode('alice', 'deep/a/b/c/leaf.md')!.etag);
    expect(hints(second)).toEqual(hints(first));
  });

  it('drops deleted and trashed files, lists moved ones under their new path with the same id', async () => {
    files.seedFile('alice', 'churn/gone.md', 'gone');
    files.seedFile('alice', 'churn/moved.md', 'moved');
    files.seedFile('alice', 'churn/sub/inner.txt', 'inner');
    const movedId = idOf('alice', 'churn/moved.md');
    const first = asChanges(await source.scan(alice, undefined));
    await dav('DELETE', '/churn/gone.md');
    await dav('DELETE', '/churn/sub');
    await dav('MOVE', '/churn/moved.md', {
      destination: `${env.double.url}/remote.php/dav/files/alice/Documents/moved.md`,
    });

    const second = asChanges(await source.scan(alice, first.cursor));

    const listed = hints(second);
    expect(listed.filter((hint) => hint?.startsWith('/churn'))).toEqual([]);
    expect(second.changed.find((document) => document.hint === '/Documents/moved.md')?.docId).toBe(movedId);
  });

  it('lists a file restored from the trash bin again', async () => {
    files.seedFile('alice', 'restore/back.md', 'back');
    await dav('DELETE', '/restore/back.md');
    const first = asChanges(await source.scan(alice, undefined));
    const trashName = await trashItemName('back.md');
    const restore = `${env.double.url}/remote.php/dav/trashbin/alice/restore/back.md`;
    await env.request(`/remote.php/dav/trashbin/alice/trash/${encodeURIComponent(trashName)}`, {
      method: 'MOVE',
      headers: { destination: restore },
    });

    const second = asChanges(await source.scan(alice, first.cursor));

    expect(hints(first)).not.toContain('/restore/back.md');
    expect(hints(second)).toContain('/restore/back.md');
  });

  it('lists only the user’s own files for a second user', async () => {
    files.seedFile('bob', 'mine.md', 'bob');

    const result = asChanges(await source.scan(env.contextFor('bob'), undefined));

    expect(hints(result)).toEqual(['/mine.md']);
  });

  it('lists a file shared with a second user in their listing too, until the share goes', async () => {
    files.seedFile('alice', 'Shared/plan.md', 'the plan');
    const bob = env.contextFor('bob');
    const before = asChanges(await source.scan(bob, undefined));
    const shareId = await shareWithBob('/Shared/plan.md');
    const shared = asChanges(await source.scan(bob, before.cursor));
    await dav('PUT', '/Shared/plan.md', {}, 'the new plan');
    const edited = asChanges(await source.scan(bob, shared.cursor));
    await env.request(`/ocs/v2.php/apps/files_sharing/api/v1/shares/${shareId}`, {
      method: 'DELETE',
      headers: { 'ocs-apirequest': 'true' },
    });

    const unshared = asChanges(await source.scan(bob, edited.cursor));

    const plan = (result: Changes) => result.changed.find((document) => document.hint === '/plan.md');
    expect(plan(before)).toBeUndefined();
    expect(plan(shared)?.docId).toBe(idOf('alice', 'Shared/plan.md'));
    expect(plan(edited)?.version).toBe(files.findNode('alice', 'Shared/plan.md')!.etag);
    expect(plan(edited)?.version).not.toBe(plan(shared)?.version);
    expect(plan(unshared)).toBeUndefined();
    expect(hints(asChanges(await source.scan(alice, undefined)))).toContain('/Shared/plan.md');
  });

  it('keeps the home ETag alone in the cursor when the folders do not fit, and still answers unchanged', async () => {
    const notices: string[] = [];
    const small = createFilesSource({
      maxFileBytes: 1000,
      readers,
      pdfLimits: { maxPages: 10, maxTextChars: 1000 },
      maxCursorChars: 200,
      onNotice: (message) => notices.push(message),
    });

    const first = asChanges(await small.scan(alice, undefined));
    const second = await small.scan(alice, first.cursor);

    expect([first.cursor.length < 200, notices.length, second]).toEqual([true, 1, { kind: 'unchanged' }]);
  });
});

describe('files source: fetch', () => {
  const seen = (path: string) => ({
    docId: idOf('alice', path),
    version: files.findNode('alice', path)!.etag,
    hint: `/${path}`,
  });

  it('reads Markdown as UTF-8 text with its metadata', async () => {
    files.seedFile('alice', 'fetch/Über.md', '# Grüße\n\ntext', { mtime: 1_700_000_000 });
    const document = seen('fetch/Über.md');

    const fetched = await source.read(alice, document);

    expect(fetched).toEqual({
      docType: 'file',
      docId: document.docId,
      title: 'Über.md',
      mimeType: 'text/markdown',
      version: document.version,
      filePath: '/fetch/Über.md',
      link: `/index.php/f/${document.docId}`,
      modifiedAt: 1_700_000_000,
      pages: ['# Grüße\n\ntext'],
    });
  });

  it('reads a PDF page by page with its page count', async () => {
    files.seedFile('alice', 'fetch/doc.pdf', Buffer.from(buildPdf(['first page', { image: true }, 'third page'])));

    const fetched = await source.read(alice, seen('fetch/doc.pdf'));

    expect([fetched?.pages, fetched?.pageCount, fetched?.mimeType]).toEqual([
      ['first page', '', 'third page'],
      3,
      'application/pdf',
    ]);
  });

  it('says why a PDF was indexed in part: pages beyond the page limit', async () => {
    files.seedFile('alice', 'fetch/long.pdf', Buffer.from(buildPdf(['one', 'two', 'three'])));
    const limited = createFilesSource({
      maxFileBytes: 100_000,
      readers,
      pdfLimits: { maxPages: 2, maxTextChars: 1000 },
    });

    const fetched = await limited.read(alice, seen('fetch/long.pdf'));

    expect([fetched?.pages, fetched?.truncated]).toEqual([['one', 'two'], 'PDF: pages beyond the page limit']);
  });

  it('indexes a PDF with an image-only page while OCR is off, noting that its scanned pages were not read', async () => {
    files.seedFile('alice', 'fetch/scanned.pdf', Buffer.from(buildPdf(['typed page', { image: true }])));

    const fetched = await source.read(alice, seen('fetch/scanned.pdf'));

    expect([fetched?.pages, fetched?.truncated]).toEqual([
      ['typed page', ''],
      'PDF: scanned pages not read (OCR is off)',
    ]);
  });

  it('leaves out an image while OCR is off, saying so', async () => {
    files.seedFile('alice', 'fetch/photo.png', 'png');
    const refusal = source.read(alice, seen('fetch/photo.png'));

    await expect(refusal).rejects.toThrow(new DocumentSkippedError('image: OCR is off'));
  });

  it('throws DocumentParseError for a corrupt PDF', async () => {
    files.seedFile('alice', 'fetch/broken.pdf', Buffer.from(corruptPdf()));

    await expect(source.read(alice, seen('fetch/broken.pdf'))).rejects.toThrow(DocumentParseError);
  });

  it('leaves out a file that grew beyond the limit since the scan, saying why', async () => {
    files.seedFile('alice', 'fetch/grows.md', 'small');
    const listed = seen('fetch/grows.md');
    await dav('PUT', '/fetch/grows.md', {}, 'x'.repeat(100_001));

    const refusal = await source.read(alice, listed).catch((error: unknown) => error);

    expect(refusal).toBeInstanceOf(DocumentSkippedError);
    expect((refusal as DocumentSkippedError).reason).toBe('too large');
  });

  it('marks the version of a file modified moments ago, so that the next scan reads it again', async () => {
    const now = Math.floor(Date.now() / 1000);
    files.seedFile('alice', 'fetch/fresh.md', 'just written', { mtime: now });
    files.seedFile('alice', 'fetch/old.md', 'written long ago', { mtime: now - 60 });
    const clocked = createFilesSource({ maxFileBytes: 100_000, readers, clock: () => now * 1000 + 500 });

    const fresh = await clocked.read(alice, seen('fetch/fresh.md'));
    const old = await clocked.read(alice, seen('fetch/old.md'));

    expect(fresh?.version).toBe(`${seen('fetch/fresh.md').version}${UNSETTLED_MARK}`);
    expect(old?.version).toBe(seen('fetch/old.md').version);
  });

  it('reads again a file rewritten with the same size in the same second, whose ETag Nextcloud keeps', async () => {
    const second = Math.floor(Date.now() / 1000);
    const write = (content: string) => dav('PUT', '/fetch/same.md', { 'x-oc-mtime': String(second) }, content);
    await write('first');
    const clocked = (ms: number) => createFilesSource({ maxFileBytes: 100_000, readers, clock: () => ms });
    const firstRead = await clocked(second * 1000 + 300).read(alice, seen('fetch/same.md'));
    await write('other');
    const listed = seen('fetch/same.md');

    const secondRead = await clocked(second * 1000 + 60_000).read(alice, listed);

    // The scan lists the same ETag, but it differs from the marked version indexed: the file is queued again.
    expect(listed.version).toBe(firstRead!.version.replace(UNSETTLED_MARK, ''));
    expect(listed.version).not.toBe(firstRead!.version);
    expect([firstRead!.pages, secondRead!.pages]).toEqual([['first'], ['other']]);
    expect(secondRead!.version).toBe(listed.version);
  });

  it('answers null for a file that is gone and for a path that now holds another file', async () => {
    files.seedFile('alice', 'fetch/replaced.md', 'one');
    const before = seen('fetch/replaced.md');
    await dav('DELETE', '/fetch/replaced.md');
    const gone = await source.read(alice, before);
    files.seedFile('alice', 'fetch/replaced.md', 'another file at the same path');

    const replaced = await source.read(alice, before);

    expect([gone, replaced]).toEqual([null, null]);
  });
});

async function shareWithBob(path: string): Promise<string> {
  const response = await env.request('/ocs/v2.php/apps/files_sharing/api/v1/shares?format=json', {
    method: 'POST',
    headers: { 'ocs-apirequest': 'true', 'content-type': 'application/json' },
    body: JSON.stringify({ path, shareType: 0, shareWith: 'bob', permissions: 1 }),
  });
  return ((await response.json()) as { ocs: { data: { id: string } } }).ocs.data.id;
}

async function trashItemName(name: string): Promise<string> {
  const response = await env.request('/remote.php/dav/trashbin/alice/trash', {
    method: 'PROPFIND',
    headers: { depth: '1' },
  });
  const match = new RegExp(`/trash/(${name.replace('.', '\\.')}\\.d\\d+)<`).exec(await response.text());
  if (!match?.[1]) throw new Error('no trash item');
  return decodeURIComponent(match[1]);
}
