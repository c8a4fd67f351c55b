// The trash bin, versions and comments of the files double, as Nextcloud answers them (docs/nextcloud-behaviour.md,
// "Files (WebDAV)"). Facts, one test each:
//   trash: PROPFIND …/trash Depth 1 lists `{name}.d{unix time}` items with filename, original location (relative to
//   the home), deletion time, deleted-by id and display name, file id and length · restore: MOVE to …/restore/{anyName}
//   → 201 at the original location, the Destination's name ignored · a taken name becomes `name (restored).ext` ·
//   `Overwrite: F` → 412 "The destination node already exists…" · a gone item → 404 · DELETE an item or the whole
//   bin → 204 · another user's trash → 403 · getetag (unquoted) and getlastmodified are the deletion time · the 403s
//   and 404s of trash and versions carry an empty <s:message/>.
//   versions: PROPFIND Depth 1 lists one child per version named by its mtime, the current one included, with
//   getetag = the timestamp · one version per second (5 writes in 3 s → 3 versions) · nc:version-label in a 404
//   propstat until PROPPATCH sets it (207) · GET returns the old content · MOVE to …/versions/{uid}/restore/target →
//   201 · DELETE → 204, but DELETE of the current version deletes nothing · an unknown or foreign file id → 404.
// Comments: files-comments-double.test.ts.
// Unverified (source in test/platform/apps/files/file-tree.ts): an item whose folder is gone is restored to the root.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FilesDouble } from '../../../test/platform/apps/files.js';
import type { PlatformDouble } from '../../../test/platform/platform-double.js';
import { startFilesDouble, type FilesDoubleEnv } from '../support/files-double-env.js';

let double: PlatformDouble;
let files: FilesDouble;
let dav: string;
let call: FilesDoubleEnv['call'];

beforeAll(async () => {
  ({ double, files, dav, call } = await startFilesDouble());
});
afterAll(() => double.close());

const TRASH_PROPS = `<d:propfind xmlns:d="DAV:" xmlns:oc="http://owncloud.org/ns" xmlns:nc="http://nextcloud.org/ns"><d:prop><nc:trashbin-filename/><nc:trashbin-original-location/><nc:trashbin-deletion-time/><nc:trashbin-deleted-by-id/><nc:trashbin-deleted-by-display-name/><oc:fileid/><d:getcontentlength/></d:prop></d:propfind>`;
const listTrash = async () =>
  (await call('PROPFIND', '/trashbin/erin/trash', { headers: { depth: '1' }, body: TRASH_PROPS })).text();

/** Deletes `path` and returns its name in the trash bin. */
async function trashed(path: string, content = 'x', mtime?: number): Promise<string> {
  files.seedFile('erin', path, content, { mtime });
  await call('DELETE', `/files/erin/${path.split('/').map(encodeURIComponent).join('/')}`);
  const name = path.split('/').at(-1)!;
  const items = [...(await listTrash()).matchAll(/\/trash\/([^<]+)<\/d:href>/g)].map((m) => decodeURIComponent(m[1]!));
  return items.filter((item) => item.startsWith(`${name}.d`)).at(-1)!;
}
const restore = (item: string, headers: Record<string, string> = {}) =>
  call('MOVE', `/trashbin/erin/trash/${encodeURIComponent(item)}`, {
    headers: { destination: `${dav}/trashbin/erin/restore/any-name`, ...headers },
  });

describe('files double: trash bin', () => {
  it('lists deleted items with their name, original location, deletion time and who deleted them', async () => {
    const item = await trashed('vt dir/trash me.txt', 'abc');

    const xml = await listTrash();

    expect(item).toMatch(/^trash me\.txt\.d\d+$/);
    expect(xml).toMatch(/\/trash\/trash%20me\.txt\.d\d+<\/d:href>/);
    expect(xml).toContain('<nc:trashbin-filename>trash me.txt</nc:trashbin-filename>');
    expect(xml).toContain('<nc:trashbin-original-location>vt dir/trash me.txt</nc:trashbin-original-location>');
    expect(xml).toMatch(/<nc:trashbin-deletion-time>\d{10}<\/nc:trashbin-deletion-time>/);
    expect(xml).toContain('<nc:trashbin-deleted-by-id>erin</nc:trashbin-deleted-by-id>');
    expect(xml).toContain('<nc:trashbin-deleted-by-display-name>Erin E.</nc:trashbin-deleted-by-display-name>');
    expect(xml).toMatch(/<oc:fileid>\d+<\/oc:fileid>/);
    expect(xml).toContain('<d:getcontentlength>3</d:getcontentlength>');
  });

  it('restores an item to its original location with 201, whatever name the Destination gives', async () => {
    const item = await trashed('Back/home.md', 'home');

    const response = await restore(item);

    expect(response.status).toBe(201);
    expect(files.readFile('erin', 'Back/home.md')?.toString()).toBe('home');
    expect(files.findNode('erin', 'any-name')).toBeUndefined();
  });

  it('restores as "name (restored).ext" when the original name is taken', async () => {
    const item = await trashed('Taken/report.md', 'old');
    files.seedFile('erin', 'Taken/report.md', 'new');

    await restore(item);

    expect(files.readFile('erin', 'Taken/report.md')?.toString()).toBe('new');
    expect(files.readFile('erin', 'Taken/report (restored).md')?.toString()).toBe('old');
  });

  it('restores to the root when the original folder is gone (unverified)', async () => {
    const item = await trashed('Gone/orphan.md', 'orphan');
    await call('DELETE', '/files/erin/Gone');

    await restore(item);

    expect(files.readFile('erin', 'orphan.md')?.toString()).toBe('orphan');
  });

  it('answers Overwrite: F with 412, because every name below restore/ looks taken', async () => {
    const item = await trashed('Kept/keep.md');

    const response = await restore(item, { overwrite: 'F' });

    expect(response.status).toBe(412);
    expect(await response.text()).toContain('The destination node already exists');
    expect(files.findNode('erin', 'Kept/keep.md')).toBeUndefined();
  });

  it('answers restoring an item that is gone with 404 and an empty message', async () => {
    const response = await restore('never-there.txt.d1700000000');

    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<s:message/>');
  });

  it('purges one item and empties the whole bin with DELETE (204)', async () => {
    const item = await trashed('Purge/one.md');
    await trashed('Purge/two.md');

    const one = await call('DELETE', `/trashbin/erin/trash/${encodeURIComponent(item)}`);
    const all = await call('DELETE', '/trashbin/erin/trash');

    expect([one.status, all.status]).toEqual([204, 204]);
    expect(await listTrash()).not.toContain('trashbin-filename>');
  });

  it("answers another user's trash bin with 403 and an empty message", async () => {
    const response = await call('PROPFIND', '/trashbin/bob/trash', { headers: { depth: '1' } });

    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<s:message/>');
  });

  it('reports the deletion time as getetag (unquoted) and getlastmodified, not the file’s', async () => {
    const item = await trashed('Old/dated.txt', 'x', 1_600_000_000);
    const deletedAt = item.split('.d').at(-1)!;
    const body = `<d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:getlastmodified/></d:prop></d:propfind>`;

    const response = await call('PROPFIND', `/trashbin/erin/trash/${encodeURIComponent(item)}`, {
      headers: { depth: '0' },
      body,
    });

    const xml = await response.text();
    expect(xml).toContain(`<d:getetag>${deletedAt}</d:getetag>`);
    expect(xml).toContain(`<d:getlastmodified>${new Date(Number(deletedAt) * 1000).toUTCString()}</d:getlastmodified>`);
  });
});

describe('files double: versions', () => {
  const VERSION_PROPS = `<d:propfind xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:prop><d:getetag/><d:getcontentlength/><nc:version-label/></d:prop></d:propfind>`;
  /** Writes `contents` one second apart (or at `mtimes`), and returns the file id. */
  async function versioned(path: string, contents: string[], mtimes?: number[]): Promise<number> {
    contents.forEach((content, index) =>
      files.seedFile('erin', path, content, { mtime: mtimes?.[index] ?? 1_795_000_000 + index }),
    );
    return files.findNode('erin', path)!.fileId;
  }
  const listVersions = async (fileId: number) =>
    (
      await call('PROPFIND', `/versions/erin/versions/${fileId}`, { headers: { depth: '1' }, body: VERSION_PROPS })
    ).text();
  const versionNames = (xml: string) => [...xml.matchAll(/\/versions\/\d+\/(\d+)<\/d:href>/g)].map((m) => m[1]!);

  it('lists one version per write named by its mtime, the current one included, with getetag = the timestamp', async () => {
    const fileId = await versioned('v/three.txt', ['first', 'second!', 'third!!!']);

    const xml = await listVersions(fileId);

    const names = versionNames(xml);
    expect(names).toHaveLength(3);
    expect(names[0]).toBe(String(files.findNode('erin', 'v/three.txt')!.mtime));
    expect(xml).toContain(`<d:getetag>${names[1]}</d:getetag>`);
    expect(xml.match(/<d:getcontentlength>(\d+)</g)?.map((m) => m.replace(/\D/g, ''))).toEqual(['8', '7', '5']);
  });

  it('reports nc:version-label in a 404 propstat until PROPPATCH sets it', async () => {
    const fileId = await versioned('v/label.txt', ['one', 'two']);
    const [, older] = versionNames(await listVersions(fileId));
    const before = await listVersions(fileId);

    const patched = await call('PROPPATCH', `/versions/erin/versions/${fileId}/${older}`, {
      body: `<d:propertyupdate xmlns:d="DAV:" xmlns:nc="http://nextcloud.org/ns"><d:set><d:prop><nc:version-label>Draft</nc:version-label></d:prop></d:set></d:propertyupdate>`,
    });

    expect(before).toMatch(/<d:prop><nc:version-label\/><\/d:prop><d:status>HTTP\/1.1 404/);
    expect(patched.status).toBe(207);
    expect(await listVersions(fileId)).toContain('<nc:version-label>Draft</nc:version-label>');
  });

  it('returns an old version with GET and restores it with MOVE to restore/target (201)', async () => {
    const fileId = await versioned('v/restore.txt', ['original', 'changed']);
    const [, older] = versionNames(await listVersions(fileId));

    const old = await (await call('GET', `/versions/erin/versions/${fileId}/${older}`)).text();
    const restored = await call('MOVE', `/versions/erin/versions/${fileId}/${older}`, {
      headers: { destination: `${dav}/versions/erin/restore/target` },
    });

    expect(old).toBe('original');
    expect(restored.status).toBe(201);
    expect(files.readFile('erin', 'v/restore.txt')?.toString()).toBe('original');
  });

  it('keeps one version per second: five writes in three seconds leave three versions', async () => {
    const fileId = await versioned('v/per-second.txt', ['1', '2', '3', '4', '5'], [100, 100, 101, 101, 102]);

    const names = versionNames(await listVersions(fileId));

    expect(names).toEqual(['102', '101', '100']);
    const second = await (await call('GET', `/versions/erin/versions/${fileId}/101`)).text();
    expect(second).toBe('4');
  });

  it('answers DELETE of the current version with 204 but deletes nothing', async () => {
    const fileId = await versioned('v/current.txt', ['one', 'two']);
    const [current] = versionNames(await listVersions(fileId));

    const response = await call('DELETE', `/versions/erin/versions/${fileId}/${current}`);

    expect(response.status).toBe(204);
    expect(versionNames(await listVersions(fileId))).toHaveLength(2);
  });

  it('deletes an old version with 204', async () => {
    const fileId = await versioned('v/delete.txt', ['one', 'two']);
    const [, older] = versionNames(await listVersions(fileId));

    const response = await call('DELETE', `/versions/erin/versions/${fileId}/${older}`);

    expect(response.status).toBe(204);
    expect(versionNames(await listVersions(fileId))).toHaveLength(1);
  });

  it("answers an unknown file id and another user's file id with 404", async () => {
    files.seedFile('bob', 'bobs.txt', 'x');
    const bobsId = files.findNode('bob', 'bobs.txt')!.fileId;

    const [unknown, foreign] = await Promise.all([
      call('PROPFIND', '/versions/erin/versions/999999', { headers: { depth: '1' } }),
      call('PROPFIND', `/versions/erin/versions/${bobsId}`, { headers: { depth: '1' } }),
    ]);

    expect([unknown.status, foreign.status]).toEqual([404, 404]);
    expect(await unknown.text()).toContain('<s:message/>');
  });

  it("answers another user's versions with 403 and an empty message", async () => {
    const response = await call('PROPFIND', '/versions/bob/versions/1', { headers: { depth: '1' } });

    expect(response.status).toBe(403);
    expect(await response.text()).toContain('<s:message/>');
  });
});
