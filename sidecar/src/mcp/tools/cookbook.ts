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

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const RECIPE_ID = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const DURATION = z
  .string()
  .regex(/^P(?=\d|T\d)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/, 'an ISO 8601 duration such as PT1H30M')
  .describe('ISO 8601 duration, for example PT45M');
const LINES = (maxItems: number) => z.array(z.string().min(1).max(2_000)).max(maxItems);

const recipeFields = {
  name: z.string().trim().min(1).max(200),
  description: z.string().max(5_000),
  category: z.string().max(200),
  keywords: z
    .array(
      z
        .string()
        .trim()
        .min(1)
        .max(100)
        .regex(/^[^,]+$/, 'a keyword without commas'),
    )
    .max(50),
  servings: z.number().int().min(1).max(10_000),
  prep_time: DURATION,
  cook_time: DURATION,
  total_time: DURATION,
  ingredients: LINES(200),
  instructions: LINES(200),
  tools: LINES(100),
  url: z.url().max(2_000),
};

const summaryOutput = z.object({
  recipe_id: z.number(),
  name: z.string(),
  category: z.string(),
  keywords: z.array(z.string()),
  date_modified: z.string().nullable(),
});
const recipeOutput = summaryOutput.extend({
  description: z.string(),
  servings: z.number().nullable(),
  prep_time: z.string().nullable(),
  cook_time: z.string().nullable(),
  total_time: z.string().nullable(),
  ingredients: z.array(z.string()),
  instructions: z.array(z.string()),
  tools: z.array(z.string()),
  nutrition: z.record(z.string(), z.string()),
  url: z.string(),
  image: z.string(),
  date_created: z.string().nullable(),
});
const pageOutput = z.object({
  recipes: z.array(summaryOutput),
  total: z.number(),
  next_offset: z.number().nullable(),
});
const pageInput = {
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).max(1_000_000).default(0),
};

export const listRecipesTool = defineTool({
  name: 'nc_cookbook_list',
  app: 'cookbook',
  title: 'List recipes',
  description:
    'Lists recipes of the Cookbook app, optionally only one category, only uncategorized ones, or those with all given keywords.',
  input: z.object({
    category: z.string().trim().min(1).max(200).optional(),
    uncategorized: z.boolean().optional(),
    keywords: z.array(z.string().trim().min(1).max(100)).min(1).max(10).optional(),
    ...pageInput,
  }),
  output: pageOutput,
  annotations: READ_ONLY,
  async run({ category, uncategorized, keywords, limit, offset }, { nextcloud }) {
    if ([category, uncategorized, keywords].filter((f) => f !== undefined).length > 1) {
      throw new InvalidInputError('Filter by category, uncategorized or keywords, one at a time.');
    }
    const filter = uncategorized ? { category: null } : { category, keywords };
    return pageOf(await listRecipes(nextcloud, filter), limit, offset);
  },
  summarize: summarizePage,
});

export const searchRecipesTool = defineTool({
  name: 'nc_cookbook_search',
  app: 'cookbook',
  title: 'Search recipes',
  description: 'Finds recipes whose name, keywords or category match every word of the query.',
  input: z.object({ query: z.string().trim().min(1).max(200), ...pageInput }),
  output: pageOutput,
  annotations: READ_ONLY,
  async run({ query, limit, offset }, { nextcloud }) {
    return pageOf(await searchRecipes(nextcloud, query), limit, offset);
  },
  summarize: summarizePage,
});

export const getRecipeTool = defineTool({
  name: 'nc_cookbook_get',
  app: 'cookbook',
  title: 'Read a recipe',
  description: 'Returns a whole recipe: ingredients, instructions, times, servings, keywords and category.',
  input: z.object({ recipe_id: RECIPE_ID }),
  output: recipeOutput,
  annotations: READ_ONLY,
  async run({ recipe_id }, { nextcloud }) {
    return describeRecipe(await getRecipe(nextcloud, recipe_id));
  },
  summarize: (recipe) =>
    `${recipe.name}: ${recipe.ingredients.length} ingredients, ${recipe.instructions.length} steps.`,
});

export const createRecipeTool = defineTool({
  name: 'nc_cookbook_create',
  app: 'cookbook',
  title: 'Create a recipe',
  description: 'Creates a recipe in the Cookbook app and returns it. Recipe names must be unique.',
  input: z.object({ ...partialOf(recipeFields), name: recipeFields.name }),
  output: recipeOutput,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run(args, { nextcloud }) {
    const recipeId = await createRecipe(nextcloud, { ...toChanges(args), name: args.name });
    return describeRecipe(await getRecipe(nextcloud, recipeId));
  },
  summarize: (recipe) => `Created recipe ${recipe.name} (id ${recipe.recipe_id}).`,
});

export const updateRecipeTool = defineTool({
  name: 'nc_cookbook_update',
  app: 'cookbook',
  title: 'Update a recipe',
  description:
    'Changes the given fields of a recipe, keeping the others, and returns the recipe. Lists replace the old lists.',
  input: z.object({ recipe_id: RECIPE_ID, ...partialOf(recipeFields) }),
  output: recipeOutput,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ recipe_id, ...fields }, { nextcloud }) {
    const changes = toChanges(fields);
    if (Object.values(changes).every((value) => value === undefined)) {
      throw new InvalidInputError('Give at least one field to change.');
    }
    await updateRecipe(nextcloud, recipe_id, changes);
    return describeRecipe(await getRecipe(nextcloud, recipe_id));
  },
  summarize: (recipe) => `Updated recipe ${recipe.name} (id ${recipe.recipe_id}).`,
});

export const deleteRecipeTool = defineTool({
  name: 'nc_cookbook_delete',
  app: 'cookbook',
  title: 'Delete a recipe',
  description: 'Deletes a recipe and its folder from the Cookbook app.',
  input: z.object({ recipe_id: RECIPE_ID }),
  output: z.object({ deleted: z.literal(true), recipe_id: z.number() }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async run({ recipe_id }, { nextcloud }) {
    await deleteRecipe(nextcloud, recipe_id);
    return { deleted: true as const, recipe_id };
  },
  summarize: (result) => `Deleted recipe ${result.recipe_id}.`,
});

export const listCategoriesTool = defineTool({
  name: 'nc_cookbook_categories',
  app: 'cookbook',
  title: 'Recipe categories and keywords',
  description: 'Lists the recipe categories and keywords with how many recipes each has.',
  input: z.object({}),
  output: z.object({
    categories: z.array(z.object({ name: z.string(), recipe_count: z.number() })),
    uncategorized_count: z.number(),
    keywords: z.array(z.object({ name: z.string(), recipe_count: z.number() })),
  }),
  annotations: READ_ONLY,
  async run(_args, { nextcloud }) {
    const [categories, keywords] = await Promise.all([listCategories(nextcloud), listKeywords(nextcloud)]);
    const counted = (g: { name: string; recipeCount: number }) => ({ name: g.name, recipe_count: g.recipeCount });
    return {
      categories: categories.categories.map(counted),
      uncategorized_count: categories.uncategorized,
      keywords: keywords.map(counted),
    };
  },
  summarize: (result) =>
    `Categories: ${result.categories.map((c) => `${c.name} (${c.recipe_count})`).join(', ') || 'none'}. ` +
    `${result.keywords.length} keywords.`,
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
    prepTime: fields.prep_time,
    cookTime: fields.cook_time,
    totalTime: fields.total_time,
    ingredients: fields.ingredients,
    instructions: fields.instructions,
    tools: fields.tools,
    url: fields.url,
  };
  return changes;
}

function pageOf(recipes: RecipeSummary[], limit: number, offset: number): z.infer<typeof pageOutput> {
  const page = recipes.slice(offset, offset + limit);
  return {
    recipes: page.map(describeSummary),
    total: recipes.length,
    next_offset: offset + page.length < recipes.length ? offset + page.length : null,
  };
}

function summarizePage(result: z.infer<typeof pageOutput>): string {
  if (result.recipes.length === 0) return 'No recipes.';
  const names = result.recipes.map((r) => `${r.name} (id ${r.recipe_id})`).join(', ');
  return `${result.recipes.length} of ${result.total} recipes: ${names}.`;
}

function describeSummary(recipe: RecipeSummary): z.infer<typeof summaryOutput> {
  return {
    recipe_id: recipe.id,
    name: recipe.name,
    category: recipe.category,
    keywords: recipe.keywords,
    date_modified: recipe.dateModified,
  };
}

function describeRecipe(recipe: Recipe): z.infer<typeof recipeOutput> {
  return {
    ...describeSummary(recipe),
    description: recipe.description,
    servings: recipe.servings,
    prep_time: recipe.prepTime,
    cook_time: recipe.cookTime,
    total_time: recipe.totalTime,
    ingredients: recipe.ingredients,
    instructions: recipe.instructions,
    tools: recipe.tools,
    nutrition: recipe.nutrition,
    url: recipe.url,
    image: recipe.image,
    date_created: recipe.dateCreated,
  };
}
