// The Cookbook double answers as Cookbook 0.11 does: schema.org recipes, ids as answers to writes, its own quirks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCookbookDouble } from '../../../test/platform/apps/cookbook.js';
import { startPlatformDouble, type PlatformDouble } from '../../../test/platform/platform-double.js';
import { basicAuth } from '../support/sidecar.js';

const AUTH = basicAuth('alice', 'AAAAA-AAAAA-AAAAA-AAAAA-AAAAA');
let double: PlatformDouble;

beforeAll(async () => {
  const cookbook = createCookbookDouble({
    recipes: {
      alice: [
        { name: 'Pancakes', recipeCategory: 'Breakfast', keywords: 'sweet,quick' },
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

const api = (path: string, init: RequestInit = {}, auth = AUTH) =>
  fetch(`${double.url}/index.php/apps/cookbook/api/v1${path}`, {
    ...init,
    headers: { authorization: auth, 'content-type': 'application/json' },
  });

describe('cookbook double', () => {
  it('lists recipe stubs with a string id and the deprecated numeric recipe_id', async () => {
    const stubs = (await (await api('/recipes')).json()) as { id: string; recipe_id: number; name: string }[];

    expect(stubs[0]).toMatchObject({ id: expect.any(String), name: 'Pancakes', keywords: 'sweet,quick' });
    expect(stubs[0]?.recipe_id).toBe(Number(stubs[0]?.id));
  });

  it('creates a recipe, answering its id, and serves it as schema.org Recipe JSON', async () => {
    const created = await api('/recipes', {
      method: 'POST',
      body: JSON.stringify({ name: 'Tea', recipeIngredient: ['water', 'leaves'] }),
    });
    const id = (await created.json()) as number;

    const recipe = (await (await api(`/recipes/${id}`)).json()) as Record<string, unknown>;
    expect(recipe).toMatchObject({
      '@type': 'Recipe',
      id: String(id),
      name: 'Tea',
      recipeIngredient: ['water', 'leaves'],
    });
  });

  it('answers 409 for a duplicate name and 422 without a name', async () => {
    const [duplicate, nameless] = await Promise.all([
      api('/recipes', { method: 'POST', body: JSON.stringify({ name: 'Soup' }) }),
      api('/recipes', { method: 'POST', body: JSON.stringify({ description: 'x' }) }),
    ]);

    expect(duplicate.status).toBe(409);
    expect(nameless.status).toBe(422);
  });

  it('answers a missing recipe with 404 on GET but 502 on DELETE, as Cookbook does', async () => {
    const [get, remove] = await Promise.all([api('/recipes/9'), api('/recipes/9', { method: 'DELETE' })]);

    expect(get.status).toBe(404);
    expect(remove.status).toBe(502);
    expect(await remove.json()).toBe('Recipe with id 9 was not found.');
  });

  it('counts categories with * for uncategorized recipes, and keywords', async () => {
    const [categories, keywords] = await Promise.all([api('/categories'), api('/keywords')]);

    expect(await categories.json()).toEqual(
      expect.arrayContaining([
        { name: 'Breakfast', recipe_count: 1 },
        { name: '*', recipe_count: expect.any(Number) },
      ]),
    );
    expect(await keywords.json()).toEqual(expect.arrayContaining([{ name: 'sweet', recipe_count: 1 }]));
  });

  it('searches name, keywords and category, and lists by category and tag', async () => {
    const [search, category, tags] = await Promise.all([
      api('/search/quick'),
      api('/category/Breakfast'),
      api('/tags/warm'),
    ]);

    const names = async (response: Response) => ((await response.json()) as { name: string }[]).map((r) => r.name);
    expect(await names(search)).toEqual(['Pancakes']);
    expect(await names(category)).toEqual(['Pancakes']);
    expect(await names(tags)).toEqual(['Soup']);
  });

  it('answers 401 without credentials', async () => {
    const response = await fetch(`${double.url}/index.php/apps/cookbook/api/v1/recipes`);

    expect(response.status).toBe(401);
  });
});
