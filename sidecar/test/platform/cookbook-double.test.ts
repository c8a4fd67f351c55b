// The Cookbook double answers as docs/nextcloud-behaviour.md says Cookbook 0.11.9 does, one test per fact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCookbookDouble, type CookbookDouble } from '../../../test/platform/apps/cookbook.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const AUTH = basicAuth('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
let double: PlatformDouble;
let cookbook: CookbookDouble;

beforeAll(async () => {
  cookbook = createCookbookDouble({
    recipes: {
      alice: [
        { name: 'Pancakes', recipeCategory: 'Breakfast', keywords: 'sweet,quick', description: 'fluffy' },
        { name: 'Soup', keywords: 'warm' },
      ],
    },
  });
  double = await startPlatformDouble({
    users: [{ id: 'alice', appPasswords: ['AAAAA-AAAAA-AAAAA-AAAAA-AAAAA'] }],
    apps: [cookbook],
  });
});
afterAll(() => double.close());

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${double.url}/index.php/apps/cookbook/api/v1${path}`, {
    ...init,
    headers: { authorization: AUTH, 'content-type': 'application/json', ...init.headers },
  });
const send = (method: string, path: string, body: unknown) => api(path, { method, body: JSON.stringify(body) });
const idOf = (name: string) => cookbook.recipesOf('alice').find((r) => r.name === name)?.id;
const names = async (response: Response) => ((await response.json()) as { name: string }[]).map((r) => r.name);

describe('cookbook double: the app', () => {
  it('publishes the cookbook capability', async () => {
    const response = await fetch(`${double.url}/ocs/v2.php/cloud/capabilities?format=json`, {
      headers: { authorization: AUTH, 'ocs-apirequest': 'true' },
    });

    const body = (await response.json()) as { ocs: { data: { capabilities: Record<string, unknown> } } };
    expect(body.ocs.data.capabilities.cookbook).toEqual({
      'api-version': { epoch: 0, major: 1, minor: 2 },
      version: [0, 11, 9],
    });
  });

  it('answers GET /api/version (without v1) with the Cookbook and API versions', async () => {
    const response = await fetch(`${double.url}/index.php/apps/cookbook/api/version`, {
      headers: { authorization: AUTH },
    });

    expect(await response.json()).toEqual({
      cookbook_version: [0, 11, 9],
      api_version: { epoch: 0, major: 1, minor: 2 },
    });
  });

  it('answers 401 without credentials', async () => {
    const response = await fetch(`${double.url}/index.php/apps/cookbook/api/v1/recipes`);

    expect(response.status).toBe(401);
  });

  it('serves the config', async () => {
    const response = await api('/config');

    expect(Object.keys((await response.json()) as object).sort()).toEqual(
      ['folder', 'print_image', 'update_interval', 'visibleInfoBlocks'].sort(),
    );
  });
});

describe('cookbook double: recipes', () => {
  it('lists recipe stubs with recipe_id, id, name, keywords, category, dates and image URLs', async () => {
    const stubs = (await (await api('/recipes')).json()) as Record<string, unknown>[];

    expect(Object.keys(stubs[0]!).sort()).toEqual(
      [
        'recipe_id',
        'id',
        'name',
        'keywords',
        'category',
        'dateCreated',
        'dateModified',
        'imageUrl',
        'imagePlaceholderUrl',
      ].sort(),
    );
    expect(stubs[0]).toMatchObject({ name: 'Pancakes', keywords: 'sweet,quick', category: 'Breakfast' });
  });

  it('lists a recipe without category or keywords with null for them', async () => {
    await send('POST', '/recipes', { name: 'Plain water' });

    const stubs = (await (await api('/recipes')).json()) as Record<string, unknown>[];

    expect(stubs.find((stub) => stub.name === 'Plain water')).toMatchObject({ keywords: null, category: null });
  });

  it('answers a created recipe with its new id as a bare JSON number and serves it as schema.org Recipe', async () => {
    const created = await send('POST', '/recipes', { name: 'Tea', recipeIngredient: ['water', 'leaves'] });
    const text = await created.text();

    const recipe = (await (await api(`/recipes/${text}`)).json()) as Record<string, unknown>;
    expect([created.status, /^\d+$/.test(text)]).toEqual([200, true]);
    expect(recipe).toMatchObject({ '@type': 'Recipe', name: 'Tea', recipeIngredient: ['water', 'leaves'] });
  });

  it('answers a recipe without a name with 422 {msg, file, line} and a taken name with 409', async () => {
    const [nameless, taken] = await Promise.all([
      send('POST', '/recipes', { description: 'x' }),
      send('POST', '/recipes', { name: 'Soup' }),
    ]);

    expect(nameless.status).toBe(422);
    expect(Object.keys((await nameless.json()) as object).sort()).toEqual(['file', 'line', 'msg']);
    expect(taken.status).toBe(409);
  });

  it('answers an unknown recipe with 404 and its bare id as the body', async () => {
    const response = await api('/recipes/9');

    expect([response.status, await response.text()]).toEqual([404, '9']);
  });

  it('replaces the whole recipe on PUT: fields the body leaves out are emptied', async () => {
    const id = idOf('Pancakes')!;

    await send('PUT', `/recipes/${id}`, { id, name: 'Pancakes', recipeCategory: 'Breakfast' });

    expect(cookbook.recipesOf('alice').find((r) => r.id === id)).toMatchObject({ keywords: '', description: '' });
  });

  it('sets an omitted recipeYield to null and rewrites dateCreated on PUT', async () => {
    const id = idOf('Soup')!;
    const before = cookbook.recipesOf('alice').find((r) => r.id === id)!.dateCreated;

    await send('PUT', `/recipes/${id}`, { id, name: 'Soup', keywords: 'warm' });

    const recipe = (await (await api(`/recipes/${id}`)).json()) as Record<string, unknown>;
    expect(recipe.recipeYield).toBeNull();
    expect(recipe.dateCreated).not.toBe(before);
  });

  it('finds the recipe of a PUT by the id in the body, not the URL', async () => {
    const id = idOf('Pancakes')!;
    const soup = idOf('Soup')!;

    await send('PUT', `/recipes/${soup}`, { id, name: 'Pancakes', recipeCategory: 'Breakfast', description: 'edited' });

    expect(cookbook.recipesOf('alice').find((r) => r.id === id)?.description).toBe('edited');
    expect(cookbook.recipesOf('alice').find((r) => r.id === soup)?.name).toBe('Soup');
  });

  it('creates a new recipe on PUT without an id in the body, or answers 409 when the name exists', async () => {
    const soup = idOf('Soup')!;

    const taken = await send('PUT', `/recipes/${soup}`, { name: 'Soup', description: 'x' });
    const fresh = await send('PUT', `/recipes/${soup}`, { name: 'Stew' });

    expect(taken.status).toBe(409);
    expect(Number(await fresh.text())).not.toBe(Number(soup));
    expect(idOf('Stew')).toBeDefined();
  });

  it('answers DELETE with 200 "Recipe {id} deleted successfully", also for an unknown id', async () => {
    const response = await api('/recipes/9', { method: 'DELETE' });

    expect([response.status, await response.json()]).toEqual([200, 'Recipe 9 deleted successfully']);
  });

  it('serves an SVG placeholder image, and 406 to a client that accepts only JSON', async () => {
    const id = idOf('Soup')!;

    const svg = await api(`/recipes/${id}/image?size=thumb`, { headers: { accept: 'image/svg+xml' } });
    const json = await api(`/recipes/${id}/image?size=thumb`, { headers: { accept: 'application/json' } });

    expect([svg.status, svg.headers.get('content-type'), json.status]).toEqual([200, 'image/svg+xml', 406]);
  });
});

describe('cookbook double: finding recipes', () => {
  it('counts categories with * for uncategorized recipes, and keywords', async () => {
    const [categories, keywords] = await Promise.all([api('/categories'), api('/keywords')]);

    expect(await categories.json()).toEqual(
      expect.arrayContaining([
        { name: 'Breakfast', recipe_count: expect.any(Number) },
        { name: '*', recipe_count: expect.any(Number) },
      ]),
    );
    expect(await keywords.json()).toEqual(expect.arrayContaining([{ name: 'warm', recipe_count: 1 }]));
  });

  it('searches name, keywords and category, matching any word of the query', async () => {
    const response = await api(`/search/${encodeURIComponent('breakfast warm')}`);

    expect((await names(response)).sort()).toEqual(['Pancakes', 'Soup']);
  });

  it('lists the recipes of a category', async () => {
    expect(await names(await api('/category/Breakfast'))).toEqual(['Pancakes']);
  });

  it('answers /tags/{keywords} with [] even for keywords in use', async () => {
    expect(await (await api('/tags/warm')).json()).toEqual([]);
  });

  it('refuses an import without url and one of a URL it may not fetch with 400', async () => {
    const [missing, local] = await Promise.all([
      send('POST', '/import', {}),
      send('POST', '/import', { url: 'http://127.0.0.1/recipe' }),
    ]);

    expect([missing.status, await missing.json()]).toEqual([400, 'Field "url" is required']);
    expect([local.status, await local.json()]).toEqual([400, 'The provided URL is not allowed.']);
  });
});
