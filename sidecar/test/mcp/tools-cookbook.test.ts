// The cookbook tools through the SDK client, against the platform double's Cookbook app, in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCookbookDouble, type CookbookDouble } from '../../../test/platform/apps/cookbook.js';
import { errorText, listedToolNames, startToolHarness, structured, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

type Page = { recipes: { id: number; name: string; category: string }[]; next_cursor: string | null };

let cookbook: CookbookDouble;
let harness: ToolHarness;

beforeAll(async () => {
  cookbook = createCookbookDouble({
    recipes: {
      alice: [
        {
          name: 'Pancakes',
          recipeCategory: 'Breakfast',
          keywords: 'sweet,quick',
          recipeYield: 4,
          prepTime: 'PT0H10M0S',
          recipeIngredient: ['flour', 'milk', 'eggs'],
          // Imports store steps as schema.org HowToStep objects.
          recipeInstructions: [
            { '@type': 'HowToStep', text: 'Mix' },
            { '@type': 'HowToStep', text: 'Fry' },
          ],
          aggregateRating: { ratingValue: '4.5' },
        },
        { name: 'Porridge', recipeCategory: 'Breakfast', keywords: 'warm' },
        { name: 'Soup', keywords: 'warm' },
      ],
    },
  });
  harness = await startToolHarness({ users: [{ id: 'alice', appPasswords: [APP_PASSWORD] }], apps: [cookbook] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const idOf = (name: string) => Number(cookbook.recipesOf('alice').find((r) => r.name === name)?.id);
const names = async (name: string, args: Record<string, unknown>) =>
  structured<Page>(await call(name, args)).recipes.map((r) => r.name);

describe('cookbook tools', () => {
  it('nc_cookbook_list pages through all recipes with next_cursor', async () => {
    const first = structured<Page>(await call('nc_cookbook_list', { limit: 2 }));
    const second = structured<Page>(await call('nc_cookbook_list', { limit: 2, cursor: first.next_cursor }));

    expect([...first.recipes, ...second.recipes].map((r) => r.name)).toEqual(['Pancakes', 'Porridge', 'Soup']);
    expect(first.recipes[0]).toEqual({ id: idOf('Pancakes'), name: 'Pancakes', category: 'Breakfast' });
    expect(second.next_cursor).toBeNull();
  });

  it('nc_cookbook_list filters by category and by "" for the uncategorized ones', async () => {
    expect(await names('nc_cookbook_list', { category: 'Breakfast' })).toEqual(['Pancakes', 'Porridge']);
    expect(await names('nc_cookbook_list', { category: '' })).toEqual(['Soup']);
  });

  it("nc_cookbook_list filters by keywords, which Cookbook's /tags cannot (it answers [])", async () => {
    expect(await names('nc_cookbook_list', { keywords: ['warm'] })).toEqual(['Porridge', 'Soup']);
  });

  it('nc_cookbook_search finds recipes by any word of the query', async () => {
    expect(await names('nc_cookbook_search', { query: 'quick soup' })).toEqual(['Pancakes', 'Soup']);
  });

  it('nc_cookbook_get returns the whole recipe, times in minutes and HowToStep instructions as text', async () => {
    const result = await call('nc_cookbook_get', { recipe_id: idOf('Pancakes') });

    expect(structured(result)).toMatchObject({
      id: idOf('Pancakes'),
      name: 'Pancakes',
      category: 'Breakfast',
      keywords: ['sweet', 'quick'],
      servings: 4,
      prep_minutes: 10,
      cook_minutes: null,
      ingredients: ['flour', 'milk', 'eggs'],
      instructions: ['Mix', 'Fry'],
    });
  });

  it('nc_cookbook_create stores a schema.org recipe and answers its id', async () => {
    const result = await call('nc_cookbook_create', {
      name: 'Tea',
      category: 'Drinks',
      keywords: ['hot'],
      cook_minutes: 95,
      ingredients: ['water', 'leaves'],
      instructions: ['Boil', 'Steep'],
    });

    const stored = cookbook.recipesOf('alice').find((r) => r.name === 'Tea');
    expect(structured(result)).toEqual({ id: Number(stored?.id), name: 'Tea' });
    expect(stored).toMatchObject({
      '@type': 'Recipe',
      recipeCategory: 'Drinks',
      keywords: 'hot',
      cookTime: 'PT1H35M0S',
    });
  });

  it('nc_cookbook_update sends the whole recipe with its id (Cookbook replaces it and finds it by that id)', async () => {
    const id = idOf('Pancakes');

    const result = await call('nc_cookbook_update', { recipe_id: id, servings: 8, keywords: ['brunch'] });

    const stored = cookbook.recipesOf('alice').filter((r) => r.name === 'Pancakes');
    expect(structured(result)).toEqual({ id, name: 'Pancakes' });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: String(id),
      recipeYield: 8,
      keywords: 'brunch',
      recipeIngredient: ['flour', 'milk', 'eggs'],
      aggregateRating: { ratingValue: '4.5' },
    });
  });

  it('nc_cookbook_delete removes the recipe, and a second delete reports it missing (Cookbook answers 200)', async () => {
    const id = idOf('Porridge');

    const first = await call('nc_cookbook_delete', { recipe_id: id });
    const second = await call('nc_cookbook_delete', { recipe_id: id });

    expect(first.structuredContent).toEqual({ id });
    expect(cookbook.recipesOf('alice').some((r) => r.name === 'Porridge')).toBe(false);
    expect(errorText(second)).toContain(`There is no recipe with id ${id}`);
  });

  it('nc_cookbook_categories counts categories ("" for none) and keywords', async () => {
    const result = structured<{ categories: Record<string, number>; keywords: Record<string, number> }>(
      await call('nc_cookbook_categories'),
    );

    expect(result.categories).toMatchObject({ Breakfast: expect.any(Number), '': 1 });
    expect(result.categories).not.toHaveProperty('*');
    expect(result.keywords).toMatchObject({ warm: expect.any(Number) });
  });

  it('answers a missing recipe, a duplicate name and negative minutes with isError and a reason', async () => {
    const [missing, duplicate, minutes] = await Promise.all([
      call('nc_cookbook_get', { recipe_id: 999_999 }),
      call('nc_cookbook_create', { name: 'Soup' }),
      call('nc_cookbook_create', { name: 'Stew', cook_minutes: -5 }),
    ]);

    expect(errorText(missing)).toContain('There is no recipe with id 999999');
    expect(errorText(duplicate)).toContain('A recipe with this name already exists');
    expect(errorText(minutes)).toContain('cook_minutes');
  });

  it('names own ids id in results (recipe_id only where a result refers to a recipe), search text query', async () => {
    const { tools } = await harness.client.listTools();

    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    const outputs = ['nc_cookbook_list', 'nc_cookbook_search', 'nc_cookbook_get', 'nc_cookbook_create'].map((name) =>
      JSON.stringify(byName.get(name)?.outputSchema),
    );
    expect(outputs.join()).not.toContain('"recipe_id"');
    expect(Object.keys(byName.get('nc_cookbook_search')?.inputSchema.properties ?? {})).toContain('query');
  });
});

describe('cookbook tools availability', () => {
  it('lists the cookbook tools only when the capabilities have cookbook', async () => {
    const [withApp, withoutApp] = await Promise.all([harness.client.listTools(), listedToolNames()]);

    expect(withApp.tools.filter((t) => t.name.startsWith('nc_cookbook_'))).toHaveLength(7);
    expect(withoutApp.filter((name) => name.startsWith('nc_cookbook_'))).toEqual([]);
  });
});
