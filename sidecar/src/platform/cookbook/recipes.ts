// Recipes of the Cookbook app: list (all, by category or keywords), search, get, create, update and delete.
import { ConflictError, InvalidInputError, NotFoundError, UpstreamError } from '../../errors.js';
import type { HttpResponse } from '../../net/http-client.js';
import type { NextcloudClient } from '../nextcloud-client.js';
import { cookbookPaths } from './cookbook-paths.js';
import {
  applyRecipeChanges,
  toRecipe,
  toRecipeSummary,
  type Recipe,
  type RecipeChanges,
  type RecipeSummary,
} from './recipe-json.js';

/**
 * All recipes, or those of one category ('' for the uncategorized ones) and with all the given keywords. Filtered
 * here from the full list: Cookbook's /tags answered [] on Nextcloud 32 even for keywords in use.
 */
export async function listRecipes(
  client: NextcloudClient,
  filter: { category?: string; keywords?: string[] } = {},
): Promise<RecipeSummary[]> {
  const wanted = (filter.keywords ?? []).map((keyword) => keyword.toLowerCase());
  return toSummaries(await client.requestJson(cookbookPaths.recipes())).filter(
    (recipe) =>
      (filter.category === undefined || recipe.category === filter.category) &&
      wanted.every((keyword) => recipe.keywords.some((own) => own.toLowerCase() === keyword)),
  );
}

/** Recipes whose name, keywords or category contain any word of the query (Cookbook's search). */
export async function searchRecipes(client: NextcloudClient, query: string): Promise<RecipeSummary[]> {
  return toSummaries(await client.requestJson(cookbookPaths.search(query)));
}

export async function getRecipe(client: NextcloudClient, recipeId: number): Promise<Recipe> {
  return toRecipe(await getRecipeJson(client, recipeId));
}

/** Returns the new recipe's id; a recipe of the same name already existing is a ConflictError. */
export async function createRecipe(client: NextcloudClient, recipe: RecipeChanges & { name: string }): Promise<number> {
  const response = await client.request(cookbookPaths.recipes(), {
    method: 'POST',
    json: applyRecipeChanges({}, recipe),
    accept: [409, 422],
  });
  return readSavedId(response);
}

/**
 * Reads the stored recipe and writes it back with the changes: Cookbook's PUT replaces the whole recipe (what it
 * leaves out is emptied) and finds it by the id in the body (without one it would create another recipe).
 */
export async function updateRecipe(client: NextcloudClient, recipeId: number, changes: RecipeChanges): Promise<void> {
  const stored = await getRecipeJson(client, recipeId);
  const response = await client.request(cookbookPaths.recipe(recipeId), {
    method: 'PUT',
    json: { ...applyRecipeChanges(stored, changes), id: String(recipeId) },
    accept: [409, 422],
  });
  readSavedId(response);
}

/** Cookbook answers a DELETE with success also for a recipe that does not exist, so it is read first. */
export async function deleteRecipe(client: NextcloudClient, recipeId: number): Promise<void> {
  await getRecipeJson(client, recipeId);
  await client.request(cookbookPaths.recipe(recipeId), { method: 'DELETE' });
}

async function getRecipeJson(client: NextcloudClient, recipeId: number): Promise<Record<string, unknown>> {
  const response = await client.request(cookbookPaths.recipe(recipeId), { accept: [404] });
  if (response.status === 404) throw new NotFoundError(`There is no recipe with id ${recipeId}.`);
  const json = response.json();
  if (!json || typeof json !== 'object')
    throw new UpstreamError('Cookbook answered with something that is not a recipe.');
  return json as Record<string, unknown>;
}

function readSavedId(response: HttpResponse): number {
  if (response.status === 409) throw new ConflictError('A recipe with this name already exists. Choose another name.');
  if (response.status === 422) throw new InvalidInputError('Cookbook needs a name for the recipe.');
  const id = Number(response.json());
  if (!Number.isInteger(id) || id <= 0) throw new UpstreamError('Cookbook did not say which recipe it saved.');
  return id;
}

function toSummaries(data: unknown): RecipeSummary[] {
  return (Array.isArray(data) ? data : []).map(toRecipeSummary);
}
