// Tools of the cookbook app: list, search, read, create, update and delete recipes, and list categories and keywords.
import { z } from 'zod';
import { InvalidInputError } from '../../errors.js';
import { listCategories, listKeywords } from '../../platform/cookbook/categories.js';
import type { Recipe, RecipeChanges, RecipeSummary } from '../../platform/cookbook/recipe-json.js';
import {
  createRecipe,
  deleteRecipe,
  getRecipe,
  listRecipes,
  searchRecipes,
  updateRecipe,
} from '../../platform/cookbook/recipes.js';
import { defineTool, type ToolDefinition } from '../tool-definition.js';
import { ADDITIVE, DESTRUCTIVE_IDEMPOTENT, READ_ONLY, boundedText, positiveId } from './tool-shapes.js';

const minutes = z
  .number()
  .int()
  .refine((n) => n >= 0 && n <= 100_000, 'whole minutes');
const lines = z.array(boundedText(2_000)).refine((list) => list.length <= 200, 'at most 200 lines');
const keyword = z
  .string()
  .trim()
  .refine((word) => word.length >= 1 && word.length <= 100 && !word.includes(','), 'a keyword without commas');

const recipeFields = {
  name: z
    .string()
    .trim()
    .refine((name) => name.length >= 1 && name.length <= 200, 'a name of 1 to 200 characters'),
  description: boundedText(5_000),
  category: boundedText(200),
  keywords: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[^,]+$/, 'a keyword without commas'),
    )
    .refine((list) => list.length <= 50, 'at most 50 keywords'),
  servings: z
    .number()
    .int()
    .refine((n) => n >= 1 && n <= 10_000, 'from 1 to 10000'),
  prep_minutes: minutes,
  cook_minutes: minutes,
  total_minutes: minutes,
  ingredients: lines,
  instructions: lines,
  url: z.url().refine((url) => url.length <= 2_000, 'at most 2000 characters'),
};

const summaryOutput = z.object({ id: z.number(), name: z.string(), category: z.string() });
const recipeOutput = summaryOutput.extend({
  keywords: z.array(z.string()),
  description: z.string(),
  servings: z.number().nullable(),
  prep_minutes: z.number().nullable(),
  cook_minutes: z.number().nullable(),
  total_minutes: z.number().nullable(),
  ingredients: z.array(z.string()),
  instructions: z.array(z.string()),
  url: z.string(),
});
const pageOutput = z.object({ recipes: z.array(summaryOutput), next_cursor: z.string().nullable() });
const pageInput = {
  limit: z
    .number()
    .int()
    .refine((n) => n >= 1 && n <= 200, 'from 1 to 200')
    .default(50),
  cursor: z.string().optional(),
};
const savedOutput = z.object({ id: z.number(), name: z.string() });

export const listRecipesTool = defineTool({
  name: 'nc_cookbook_list',
  app: 'cookbook',
  title: 'List recipes',
  description: 'Lists recipes, optionally of one category ("" for none) or with all given keywords.',
  input: z.object({
    category: boundedText(200).optional(),
    keywords: z
      .array(keyword)
      .refine((list) => list.length >= 1 && list.length <= 10, 'from 1 to 10 keywords')
      .optional(),
    ...pageInput,
  }),
  output: pageOutput,
  annotations: READ_ONLY,
  async run({ category, keywords, limit, cursor }, { nextcloud }) {
    return pageOf(await listRecipes(nextcloud, { category: category?.trim(), keywords }), limit, cursor);
  },
  summarize: summarizePage,
});

export const searchRecipesTool = defineTool({
  name: 'nc_cookbook_search',
  app: 'cookbook',
  title: 'Search recipes',
  description: 'Finds recipes by any word of the query in name, keywords or category.',
  input: z.object({ query: z.string().trim().min(1).max(200), ...pageInput }),
  output: pageOutput,
  annotations: READ_ONLY,
  async run({ query, limit, cursor }, { nextcloud }) {
    return pageOf(await searchRecipes(nextcloud, query), limit, cursor);
  },
  summarize: summarizePage,
});

export const getRecipeTool = defineTool({
  name: 'nc_cookbook_get',
  app: 'cookbook',
  title: 'Read a recipe',
  description: 'Returns a whole recipe.',
  input: z.object({ recipe_id: positiveId() }),
  output: recipeOutput,
  annotations: READ_ONLY,
  run: async ({ recipe_id }, { nextcloud }) => describeRecipe(await getRecipe(nextcloud, recipe_id)),
  summarize: (recipe) =>
    `${recipe.name}: ${recipe.ingredients.length} ingredients, ${recipe.instructions.length} steps.`,
});

export const createRecipeTool = defineTool({
  name: 'nc_cookbook_create',
  app: 'cookbook',
  title: 'Create a recipe',
  description: 'Creates a recipe. Names are unique.',
  input: z.object({ ...partialOf(recipeFields), name: recipeFields.name }),
  output: savedOutput,
  annotations: ADDITIVE,
  async run(args, { nextcloud }) {
    const id = await createRecipe(nextcloud, { ...toChanges(args), name: args.name });
    return { id, name: args.name };
  },
  summarize: (recipe) => `Created recipe ${recipe.name} (id ${recipe.id}).`,
});

export const updateRecipeTool = defineTool({
  name: 'nc_cookbook_update',
  app: 'cookbook',
  title: 'Update a recipe',
  description: 'Changes the given fields of a recipe, keeping the others.',
  input: z.object({ recipe_id: positiveId(), ...partialOf(recipeFields) }),
  output: savedOutput,
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ recipe_id, ...fields }, { nextcloud }) {
    const changes = toChanges(fields);
    if (Object.values(changes).every((value) => value === undefined)) {
      throw new InvalidInputError('Give at least one field to change.');
    }
    await updateRecipe(nextcloud, recipe_id, changes);
    return { id: recipe_id, name: (await getRecipe(nextcloud, recipe_id)).name };
  },
  summarize: (recipe) => `Updated recipe ${recipe.name} (id ${recipe.id}).`,
});

export const deleteRecipeTool = defineTool({
  name: 'nc_cookbook_delete',
  app: 'cookbook',
  title: 'Delete a recipe',
  description: 'Deletes a recipe.',
  input: z.object({ recipe_id: positiveId() }),
  output: z.object({ id: z.number() }),
  annotations: DESTRUCTIVE_IDEMPOTENT,
  async run({ recipe_id }, { nextcloud }) {
    await deleteRecipe(nextcloud, recipe_id);
    return { id: recipe_id };
  },
  summarize: (result) => `Deleted recipe ${result.id}.`,
});

export const listCategoriesTool = defineTool({
  name: 'nc_cookbook_categories',
  app: 'cookbook',
  title: 'Recipe categories',
  description: 'Counts recipes by category ("" for none) and by keyword.',
  input: z.object({}),
  output: z.object({ categories: z.record(z.string(), z.number()), keywords: z.record(z.string(), z.number()) }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const [categories, keywords] = await Promise.all([listCategories(nextcloud), listKeywords(nextcloud)]);
    const counts = (groups: { name: string; recipeCount: number }[]) =>
      Object.fromEntries(groups.map((g) => [g.name, g.recipeCount]));
    const byCategory = counts(categories.categories);
    if (categories.uncategorized > 0) byCategory[''] = categories.uncategorized;
    return { categories: byCategory, keywords: counts(keywords) };
  },
  summarize: (result) =>
    `Categories: ${Object.entries(result.categories)
      .map(([name, count]) => `${name || 'none'} (${count})`)
      .join(', ')}. ${Object.keys(result.keywords).length} keywords.`,
});

export const COOKBOOK_TOOLS: ToolDefinition[] = [
  listRecipesTool,
  searchRecipesTool,
  getRecipeTool,
  createRecipeTool,
  updateRecipeTool,
  deleteRecipeTool,
  listCategoriesTool,
];

function partialOf<T extends Record<string, z.ZodType>>(fields: T): { [K in keyof T]: z.ZodOptional<T[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, schema.optional()])) as {
    [K in keyof T]: z.ZodOptional<T[K]>;
  };
}

function toChanges(fields: Partial<{ [K in keyof typeof recipeFields]: z.infer<(typeof recipeFields)[K]> }>) {
  const changes: RecipeChanges = {
    name: fields.name,
    description: fields.description,
    category: fields.category,
    keywords: fields.keywords,
    servings: fields.servings,
    prepMinutes: fields.prep_minutes,
    cookMinutes: fields.cook_minutes,
    totalMinutes: fields.total_minutes,
    ingredients: fields.ingredients,
    instructions: fields.instructions,
    url: fields.url,
  };
  return changes;
}

function pageOf(recipes: RecipeSummary[], limit: number, cursor: string | undefined): z.infer<typeof pageOutput> {
  if (cursor !== undefined && !/^\d{1,7}$/.test(cursor)) {
    throw new InvalidInputError('cursor: pass the next_cursor of the previous page.');
  }
  const offset = cursor === undefined ? 0 : Number(cursor);
  const page = recipes.slice(offset, offset + limit);
  const next = offset + page.length;
  return {
    recipes: page.map(({ id, name, category }) => ({ id, name, category })),
    next_cursor: next < recipes.length ? String(next) : null,
  };
}

function summarizePage(result: z.infer<typeof pageOutput>): string {
  if (result.recipes.length === 0) return 'No recipes.';
  return result.recipes.map((r) => `${r.id} ${r.name}`).join('\n');
}

function describeRecipe(recipe: Recipe): z.infer<typeof recipeOutput> {
  return {
    id: recipe.id,
    name: recipe.name,
    category: recipe.category,
    keywords: recipe.keywords,
    description: recipe.description,
    servings: recipe.servings,
    prep_minutes: recipe.prepMinutes,
    cook_minutes: recipe.cookMinutes,
    total_minutes: recipe.totalMinutes,
    ingredients: recipe.ingredients,
    instructions: recipe.instructions,
    url: recipe.url,
  };
}
