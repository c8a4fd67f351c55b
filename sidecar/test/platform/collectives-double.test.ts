// The collectives app of the platform double behaves as docs/nextcloud-behaviour.md ("Collectives") says Collectives
// 4.5 does, one test per fact: collectives, the page tree as files, moves, the page trash, search and attachments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollectivesApp, type CollectivesDouble } from '../../../test/platform/apps/collectives.js';
import { createFilesApp } from '../../../test/platform/apps/files.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const CORA = 'CCCCC-CCCCC-CCCCC-CCCCC-CCCCC';
const BEN = 'BBBBB-BBBBB-BBBBB-BBBBB-BBBBB';
const API = '/ocs/v2.php/apps/collectives/api/v1.0';

type Page = { id: number; title: string; parentId: number; fileName: string; filePath: string; collectivePath: string };
type Answer<T> = { status: number; meta: { statuscode: number; message: string }; data: T };

let double: PlatformDouble;
let collectives: CollectivesDouble;

beforeAll(async () => {
  const files = createFilesApp();
  collectives = createCollectivesApp(files);
  double = await startPlatformDouble({
    users: [
      { id: 'cora', appPasswords: [CORA] },
      { id: 'ben', appPasswords: [BEN] },
    ],
    apps: [files, collectives],
  });
});
afterAll(() => double.close());

async function ocs<T>(method: string, path: string, body?: unknown, password = CORA): Promise<Answer<T>> {
  const response = await fetch(`${double.url}${API}${path}`, {
    method,
    headers: {
      authorization: basicAuth(password === CORA ? 'cora' : 'ben', password),
      'ocs-apirequest': 'true',
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const { ocs: envelope } = (await response.json()) as { ocs: { meta: Answer<T>['meta']; data: T } };
  return { status: response.status, meta: envelope.meta, data: envelope.data };
}

const davText = async (path: string) => {
  const response = await fetch(
    `${double.url}/remote.php/dav/files/cora/${path.split('/').map(encodeURIComponent).join('/')}`,
    {
      headers: { authorization: basicAuth('cora', CORA) },
    },
  );
  return { status: response.status, text: await response.text() };
};

async function newCollective(name: string) {
  const { data } = await ocs<{ collective: { id: number; name: string } }>('POST', '/collectives', { name });
  const { data: tree } = await ocs<{ pages: Page[] }>('GET', `/collectives/${data.collective.id}/pages`);
  return { id: data.collective.id, landing: tree.pages[0]! };
}

const createPage = async (collectiveId: number, parentId: number, title: string) =>
  (await ocs<{ page: Page }>('POST', `/collectives/${collectiveId}/pages/${parentId}`, { title })).data.page;

describe('collectives double: collectives', () => {
  it('publishes no capability and shows Collectives in the user menu', async () => {
    const headers = { authorization: basicAuth('cora', CORA), 'ocs-apirequest': 'true', accept: 'application/json' };
    const caps = await (await fetch(`${double.url}/ocs/v2.php/cloud/capabilities`, { headers })).json();
    const menu = await (await fetch(`${double.url}/ocs/v2.php/core/navigation/apps`, { headers })).json();

    expect(Object.keys((caps as { ocs: { data: { capabilities: object } } }).ocs.data.capabilities)).not.toContain(
      'collectives',
    );
    expect((menu as { ocs: { data: { id: string }[] } }).ocs.data.map((app) => app.id)).toContain('collectives');
  });

  it('creates a collective whose landing page is Readme.md below .Collectives/{name} in the home', async () => {
    const created = await ocs<{ collective: { id: number; name: string; canEdit: boolean } }>('POST', '/collectives', {
      name: 'Handbook',
    });
    const { data } = await ocs<{ pages: Page[] }>('GET', `/collectives/${created.data.collective.id}/pages`);

    expect(created.data.collective).toMatchObject({ name: 'Handbook', canEdit: true });
    expect(data.pages[0]).toMatchObject({
      title: 'Landing page',
      parentId: 0,
      fileName: 'Readme.md',
      filePath: '',
      collectivePath: '.Collectives/Handbook',
    });
    expect((await davText('.Collectives/Handbook/Readme.md')).status).toBe(200);
  });

  it('refuses a second collective of the same name with 400 "Collective already exists."', async () => {
    await ocs('POST', '/collectives', { name: 'Twice' });

    const again = await ocs('POST', '/collectives', { name: 'Twice' });

    expect([again.status, again.meta.message]).toEqual([400, 'Collective already exists.']);
  });

  it('answers 404 "Collective not found: {id}" for a collective the user is not a member of', async () => {
    const { id } = await newCollective('Private');

    const foreign = await ocs('GET', `/collectives/${id}/pages`, undefined, BEN);

    expect([foreign.status, foreign.meta.statuscode, foreign.meta.message]).toEqual([
      404,
      404,
      `Collective not found: ${id}`,
    ]);
  });
});

describe('collectives double: pages', () => {
  it('stores a new page as {title}.md and turns a parent page into a folder with its Readme.md, keeping its id', async () => {
    const { id, landing } = await newCollective('Tree');
    const guide = await createPage(id, landing.id, 'Guide');
    const step = await createPage(id, guide.id, 'Step one');

    const { data } = await ocs<{ pages: Page[] }>('GET', `/collectives/${id}/pages`);

    expect(data.pages.find((page) => page.id === guide.id)).toMatchObject({
      title: 'Guide',
      fileName: 'Readme.md',
      filePath: 'Guide',
      parentId: landing.id,
    });
    expect(step).toMatchObject({ fileName: 'Step one.md', filePath: 'Guide', parentId: guide.id });
    expect((await davText('.Collectives/Tree/Guide/Step one.md')).status).toBe(200);
  });

  it('names a page whose title is taken "{title} (2)" and drops characters a file name cannot hold', async () => {
    const { id, landing } = await newCollective('Names');
    await createPage(id, landing.id, 'Notes');

    const second = await createPage(id, landing.id, 'Notes');
    const odd = await createPage(id, landing.id, 'a/b: c?');

    expect([second.title, odd.title]).toEqual(['Notes (2)', 'a-b c']);
  });

  it('answers 404 "File not found: {id}" for an unknown page', async () => {
    const { id } = await newCollective('Missing');

    const answer = await ocs('GET', `/collectives/${id}/pages/999999`);

    expect([answer.status, answer.meta.message]).toEqual([404, 'File not found: 999999']);
  });

  it('moves and renames a page under the same id, and refuses the moves Collectives refuses with 403', async () => {
    const { id, landing } = await newCollective('Moves');
    const a = await createPage(id, landing.id, 'A');
    const b = await createPage(id, landing.id, 'B');
    const child = await createPage(id, a.id, 'Child');

    const moved = await ocs<{ page: Page }>('PUT', `/collectives/${id}/pages/${b.id}`, { parentId: a.id });
    const renamed = await ocs<{ page: Page }>('PUT', `/collectives/${id}/pages/${b.id}`, { title: 'Bee' });
    const refusals = await Promise.all([
      ocs('PUT', `/collectives/${id}/pages/${landing.id}`, { parentId: a.id }),
      ocs('PUT', `/collectives/${id}/pages/${a.id}`, { parentId: a.id }),
      ocs('PUT', `/collectives/${id}/pages/${a.id}`, { parentId: child.id }),
    ]);

    expect(moved.data.page).toMatchObject({ id: b.id, parentId: a.id, filePath: 'A' });
    expect(renamed.data.page).toMatchObject({ id: b.id, title: 'Bee', fileName: 'Bee.md' });
    expect(refusals.map((answer) => [answer.status, answer.meta.message])).toEqual([
      [403, 'Not allowed to move or copy landing page'],
      [403, 'Not allowed to move or copy a page to itself'],
      [403, 'Not allowed to move or copy a page to a subpage of itself'],
    ]);
  });
});

describe('collectives double: trash, search and attachments', () => {
  it('trashes a page with a trash timestamp, lists it in the page trash and restores it under its id', async () => {
    const { id, landing } = await newCollective('Bin');
    const page = await createPage(id, landing.id, 'Old');

    const trashed = await ocs<{ page: Page & { trashTimestamp: number } }>(
      'DELETE',
      `/collectives/${id}/pages/${page.id}`,
    );
    const listed = await ocs<{ pages: Page[] }>('GET', `/collectives/${id}/pages/trash`);
    const gone = await davText('.Collectives/Bin/Old.md');
    const restored = await ocs<{ page: Page }>('PATCH', `/collectives/${id}/pages/trash/${page.id}`);

    expect(trashed.data.page.trashTimestamp).toBeGreaterThan(0);
    expect(listed.data.pages.map((p) => [p.id, p.title])).toEqual([[page.id, 'Old']]);
    expect(gone.status).toBe(404);
    expect(restored.data.page).toMatchObject({ id: page.id, title: 'Old', parentId: landing.id });
  });

  it('trashes a page with subpages together with its folder and restores them all', async () => {
    const { id, landing } = await newCollective('Nested bin');
    const parent = await createPage(id, landing.id, 'Parent');
    const child = await createPage(id, parent.id, 'Child');

    await ocs('DELETE', `/collectives/${id}/pages/${parent.id}`);
    const whileTrashed = await ocs<{ pages: Page[] }>('GET', `/collectives/${id}/pages`);
    await ocs('PATCH', `/collectives/${id}/pages/trash/${parent.id}`);
    const after = await ocs<{ pages: Page[] }>('GET', `/collectives/${id}/pages`);

    expect(whileTrashed.data.pages.map((page) => page.id)).toEqual([landing.id]);
    expect(after.data.pages.map((page) => [page.id, page.parentId])).toEqual([
      [landing.id, 0],
      [parent.id, landing.id],
      [child.id, parent.id],
    ]);
  });

  it('answers 404 "Failed to restore page {id}. Not found in trash." for a page not in the trash', async () => {
    const { id } = await newCollective('Empty bin');

    const answer = await ocs('PATCH', `/collectives/${id}/pages/trash/424242`);

    expect([answer.status, answer.meta.message]).toEqual([404, 'Failed to restore page 424242. Not found in trash.']);
  });

  it('finds pages by their text and lists the files of a page attachments folder', async () => {
    const { id, landing } = await newCollective('Found');
    const page = await createPage(id, landing.id, 'Recipes');
    collectives.seedAttachment('cora', id, page.id, 'photo.png', 'png');

    const found = await ocs<{ pages: Page[] }>('GET', `/collectives/${id}/search?searchString=recip`);
    const attachments = await ocs<{ attachments: { name: string; mimetype: string }[] }>(
      'GET',
      `/collectives/${id}/pages/${page.id}/attachments`,
    );

    expect(found.data.pages.map((p) => p.id)).toEqual([page.id]);
    expect(attachments.data.attachments).toMatchObject([{ name: 'photo.png', mimetype: 'image/png' }]);
  });
});
