// The cookbook tools through the SDK client, against the platform double's Cookbook app, in basic mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCookbookDouble, type CookbookDouble } from '../../../test/platform/apps/cookbook.js';
import { listedToolNames, startToolHarness, type ToolHarness } from '../support/tool-calls.js';
import { APP_PASSWORD } from '../support/sidecar.js';

type Recipe = { recipe_id: number; name: string; keywords: string[]; ingredients: string[]; instructions: string[] };
type Page = { recipes: { recipe_id: number; name: string }[]; total: number; next_offset: number | null };

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
          prepTime: 'PT10M',
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
  const users = [{ id: 'alice', appPasswords: [APP_PASSWORD] }];
  harness = await startToolHarness({ users, apps: [cookbook] });
});
afterAll(() => harness.close());

const call = (name: string, args: Record<string, unknown> = {}) => harness.call(name, args);
const idOf = (name: string) => Number(cookbook.recipesOf('alice').find((r) => r.name === name)?.id);
const names = (page: unknown) => (page as Page).recipes.map((r) => r.name);

describe('cookbook tools', () => {
  it('nc_cookbook_list pages through all recipes', async () => {
    const first = (await call('nc_cookbook_list', { limit: 2 })).structuredContent as Page;
    const second = (await call('nc_cookbook_list', { limit: 2, offset: first.next_offset })).structuredContent as Page;

    expect([...names(first), ...names(second)]).toEqual(['Pancakes', 'Porridge', 'Soup']);
    expect(first).toMatchObject({ total: 3, next_offset: 2 });
    expect(second.next_offset).toBeNull();
  });

  it('nc_cookbook_list filters by category, by uncategorized and by keywords', async () => {
    const [category, uncategorized, keywords] = await Promise.all([
      call('nc_cookbook_list', { category: 'Breakfast' }),
      call('nc_cookbook_list', { uncategorized: true }),
      call('nc_cookbook_list', { keywords: ['warm'] }),
    ]);

    expect(names(category.structuredContent)).toEqual(['Pancakes', 'Porridge']);
    expect(names(uncategorized.structuredContent)).toEqual(['Soup']);
    expect(names(keywords.structuredContent)).toEqual(['Porridge', 'Soup']);
  });

  it('nc_cookbook_search finds recipes by keyword', async () => {
    const result = await call('nc_cookbook_search', { query: 'quick' });

    expect(names(result.structuredContent)).toEqual(['Pancakes']);
  });

  it('nc_cookbook_get returns the whole recipe with HowToStep instructions as text', async () => {
    const result = await call('nc_cookbook_get', { recipe_id: idOf('Pancakes') });

    expect(result.structuredContent).toMatchObject({
      recipe_id: idOf('Pancakes'),
      name: 'Pancakes',
      category: 'Breakfast',
      keywords: ['sweet', 'quick'],
      servings: 4,
      prep_time: 'PT10M',
      ingredients: ['flour', 'milk', 'eggs'],
      instructions: ['Mix', 'Fry'],
    });
  });

  it('nc_cookbook_create stores a schema.org recipe and returns it', async () => {
    const result = await call('nc_cookbook_create', {
      name: 'Tea',
      category: 'Drinks',
      keywords: ['hot'],
      cook_time: 'PT5M',
      ingredients: ['water', 'leaves'],
      instructions: ['Boil', 'Steep'],
    });

    const recipe = result.structuredContent as Recipe;
    const stored = cookbook.recipesOf('alice').find((r) => r.name === 'Tea');
    expect(recipe).toMatchObject({ name: 'Tea', keywords: ['hot'], instructions: ['Boil', 'Steep'] });
    expect(stored).toMatchObject({ '@type': 'Recipe', recipeCategory: 'Drinks', keywords: 'hot', cookTime: 'PT5M' });
    expect(recipe.recipe_id).toBe(Number(stored?.id));
  });

  it('nc_cookbook_update changes the given fields and keeps properties it does not know', async () => {
    const result = await call('nc_cookbook_update', { recipe_id: idOf('Pancakes'), servings: 8, keywords: ['brunch'] });

    const stored = cookbook.recipesOf('alice').find((r) => r.name === 'Pancakes');
    expect(result.structuredContent).toMatchObject({
      servings: 8,
      keywords: ['brunch'],
      ingredients: ['flour', 'milk', 'eggs'],
    });
    expect(stored).toMatchObject({ recipeYield: 8, keywords: 'brunch', aggregateRating: { ratingValue: '4.5' } });
  });

  it('nc_cookbook_delete removes the recipe, and a second delete reports it missing', async () => {
    const id = idOf('Porridge');

    const first = await call('nc_cookbook_delete', { recipe_id: id });
    const second = await call('nc_cookbook_delete', { recipe_id: id });

    expect(first.structuredContent).toEqual({ deleted: true, recipe_id: id });
    expect(cookbook.recipesOf('alice').some((r) => r.name === 'Porridge')).toBe(false);
    expect(second.isError).toBe(true);
    expect(JSON.stringify(second.content)).toContain(`There is no recipe with id ${id}`);
  });

  it('nc_cookbook_categories counts categories, uncategorized recipes and keywords', async () => {
    const result = await call('nc_cookbook_categories');

    const content = result.structuredContent as {
      categories: unknown[];
      uncategorized_count: number;
      keywords: unknown[];
    };
    expect(content.categories).toContainEqual({ name: 'Breakfast', recipe_count: expect.any(Number) });
    expect(content.categories).not.toContainEqual(expect.objectContaining({ name: '*' }));
    expect(content.uncategorized_count).toBe(1);
    expect(content.keywords).toContainEqual({ name: 'warm', recipe_count: expect.any(Number) });
  });

  it('answers a missing recipe, a duplicate name and a bad duration with isError and a reason', async () => {
    const [missing, duplicate, duration] = await Promise.all([
      call('nc_cookbook_get', { recipe_id: 999_999 }),
      call('nc_cookbook_create', { name: 'Soup' }),
      call('nc_cookbook_create', { name: 'Stew', cook_time: '2 hours' }),
    ]);

    expect(JSON.stringify(missing.content)).toContain('There is no recipe with id 999999');
    expect(JSON.stringify(duplicate.content)).toContain('A recipe with this name already exists');
    expect(JSON.stringify(duration.content)).toContain('ISO 8601 duration');
    expect([missing.isError, duplicate.isError, duration.isError]).toEqual([true, true, true]);
  });
});

describe('cookbook tools availability', () => {
  it('lists the cookbook tools only when the capabilities have cookbook', async () => {
    const [withApp, withoutApp] = await Promise.all([
      harness.client.listTools(),
      listedToolNames().then((names) => ({ tools: names.map((name) => ({ name })) })),
    ]);

    const cookbookTools = (list: { tools: { name: string }[] }) =>
      list.tools.filter((t) => t.name.startsWith('nc_cookbook_'));
    expect(cookbookTools(withApp)).toHaveLength(7);
    expect(cookbookTools(withoutApp)).toEqual([]);
  });
});
