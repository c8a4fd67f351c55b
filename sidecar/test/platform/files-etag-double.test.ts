// The files double propagates folder ETags upwards as Nextcloud does (issue 9, "folder ETags propagate upwards in
// WebDAV"): every change (PUT, MKCOL, DELETE, MOVE, COPY, trash restore, version restore, chunked upload) gives the
// changed item's folders up to the home new ETags and leaves other folders' ETags alone. A file's own ETag comes
// from its mtime, id and size as on local storage (docs/nextcloud-behaviour.md, "Files (WebDAV)", the Trap under PUT):
// a same-size rewrite within the same second keeps it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesApp, type FilesDouble } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';

const PASSWORD = 'EEEEE-EEEEE-EEEEE-EEEEE-EEEEE';
const AUTH = `Basic ${Buffer.from(`erin:${PASSWORD}`).toString('base64')}`;
let files: FilesDouble;
let double: PlatformDouble;
let dav: string;

beforeAll(async () => {
  files = createFilesApp({ chunking: 'plain' });
  double = await startPlatformDouble({ users: [{ id: 'erin', appPasswords: [PASSWORD] }], apps: [files] });
  dav = `${double.url}/remote.php/dav`;
});
afterAll(() => double.close());

const send = (url: string, method: string, headers: Record<string, string> = {}, body?: string) =>
  fetch(url, { method, headers: { authorization: AUTH, ...headers }, body });

async function etagOf(path: string): Promise<string> {
  const response = await send(`${dav}/files/erin${path}`, 'PROPFIND', { depth: '0' });
  const match = /<d:getetag>&quot;([0-9a-f]+)&quot;<\/d:getetag>/.exec(await response.text());
  if (!match?.[1]) throw new Error(`no etag for ${path}`);
  return match[1];
}

/** Which of `folders` got a new ETag while `act` ran. */
async function foldersChangedBy(folders: string[], act: () => Promise<unknown>): Promise<string[]> {
  const before = await Promise.all(folders.map(etagOf));
  await act();
  const after = await Promise.all(folders.map(etagOf));
  return folders.filter((_, index) => before[index] !== after[index]);
}

async function trashName(name: string): Promise<string> {
  const text = await (await send(`${dav}/trashbin/erin/trash`, 'PROPFIND', { depth: '1' })).text();
  const match = new RegExp(`/trash/(${name.replace('.', '\\.')}\\.d\\d+)<`).exec(text);
  if (!match?.[1]) throw new Error('no trash item');
  return match[1];
}

describe('files double: folder ETags propagate upwards', () => {
  const tree = (prefix: string) => ['/', `/${prefix}`, `/${prefix}/a`, `/${prefix}/a/b`, `/${prefix}/side`];
  const seed = (prefix: string) => {
    files.seedFile('erin', `${prefix}/a/b/f.txt`, 'v1');
    files.seedFolder('erin', `${prefix}/side`);
  };
  const path = (prefix: string, rest: string) => `${dav}/files/erin/${prefix}${rest}`;

  it.each([
    ['PUT of a new file', (p: string) => send(path(p, '/a/b/new.txt'), 'PUT', {}, 'new')],
    ['PUT over a file', (p: string) => send(path(p, '/a/b/f.txt'), 'PUT', {}, 'v2')],
    ['MKCOL', (p: string) => send(path(p, '/a/b/dir'), 'MKCOL')],
    ['DELETE', (p: string) => send(path(p, '/a/b/f.txt'), 'DELETE')],
  ])('changes the ETags of the folders up to the home on %s, and no other', async (_, act) => {
    const prefix = `t${Math.random().toString(36).slice(2, 8)}`;
    seed(prefix);

    const changed = await foldersChangedBy(tree(prefix), () => act(prefix));

    expect(changed).toEqual(['/', `/${prefix}`, `/${prefix}/a`, `/${prefix}/a/b`]);
  });

  it.each(['MOVE', 'COPY'])('changes both the source and the target branch on %s', async (method) => {
    const prefix = `t${method.toLowerCase()}`;
    seed(prefix);

    const changed = await foldersChangedBy(tree(prefix), () =>
      send(path(prefix, '/a/b/f.txt'), method, { destination: path(prefix, '/side/f.txt') }),
    );

    const expected = method === 'MOVE' ? tree(prefix) : ['/', `/${prefix}`, `/${prefix}/side`];
    expect(changed).toEqual(expected);
  });

  it('changes the branch a trashed file is restored into', async () => {
    seed('trestore');
    files.seedFile('erin', 'trestore/a/b/restore-me.txt', 'back');
    await send(path('trestore', '/a/b/restore-me.txt'), 'DELETE');
    const item = await trashName('restore-me.txt');

    const changed = await foldersChangedBy(tree('trestore'), () =>
      send(`${dav}/trashbin/erin/trash/${item}`, 'MOVE', {
        destination: `${dav}/trashbin/erin/restore/restore-me.txt`,
      }),
    );

    expect(changed).toEqual(['/', '/trestore', '/trestore/a', '/trestore/a/b']);
  });

  it('changes the branch of a file whose old version is restored', async () => {
    seed('tversion');
    files.seedFile('erin', 'tversion/a/b/f.txt', 'v0', { mtime: 1_700_000_000 });
    await send(path('tversion', '/a/b/f.txt'), 'PUT', {}, 'v2');
    const fileId = files.findNode('erin', 'tversion/a/b/f.txt')!.fileId;
    const version = files.findNode('erin', 'tversion/a/b/f.txt')!.versions[0]!.timestamp;

    const changed = await foldersChangedBy(tree('tversion'), () =>
      send(`${dav}/versions/erin/versions/${fileId}/${version}`, 'MOVE', {
        destination: `${dav}/versions/erin/restore/target`,
      }),
    );

    expect(changed).toEqual(['/', '/tversion', '/tversion/a', '/tversion/a/b']);
  });

  it('changes the target branch when a chunked upload is assembled', async () => {
    seed('tchunk');
    const destination = path('tchunk', '/a/b/big.txt');
    await send(`${dav}/uploads/erin/up1`, 'MKCOL', { destination });
    await send(`${dav}/uploads/erin/up1/1`, 'PUT', { destination }, 'chunk');

    const changed = await foldersChangedBy(tree('tchunk'), () =>
      send(`${dav}/uploads/erin/up1/.file`, 'MOVE', { destination }),
    );

    expect(changed).toEqual(['/', '/tchunk', '/tchunk/a', '/tchunk/a/b']);
  });
});

describe('files double: a file’s ETag', () => {
  const put = (name: string, content: string, mtime: number) =>
    send(`${dav}/files/erin/${name}`, 'PUT', { 'x-oc-mtime': String(mtime) }, content);

  it('stays the same when a file is rewritten with other content of the same size within the same second', async () => {
    const first = await put('same-second.txt', 'aaaa', 1_795_845_603);

    const second = await put('same-second.txt', 'bbbb', 1_795_845_603);

    expect(second.status).toBe(204);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(files.readFile('erin', 'same-second.txt')?.toString()).toBe('bbbb');
  });

  it('changes when the size or the second differs', async () => {
    const first = await put('changes.txt', 'aaaa', 1_795_845_603);

    const longer = await put('changes.txt', 'aaaaa', 1_795_845_603);
    const later = await put('changes.txt', 'bbbbb', 1_795_845_604);

    const etags = [first, longer, later].map((response) => response.headers.get('etag'));
    expect(new Set(etags).size).toBe(3);
  });
});
