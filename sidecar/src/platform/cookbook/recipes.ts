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

/** All recipes, or those of one category (`null` for the uncategorized ones) or with all the given keywords. */
export async function listRecipes(
  client: NextcloudClient,
  filter: { category?: string | null; keywords?: string[] } = {},
): Promise<RecipeSummary[]> {
  const path =
    filter.category !== undefined
      ? cookbookPaths.category(filter.category ?? '_')
      : filter.keywords?.length
        ? cookbookPaths.tags(filter.keywords)
        : cookbookPaths.recipes();
  return toSummaries(await client.requestJson(path));
}

/** Recipes whose name, keywords or category match every word of the query. */
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

/** Reads the stored recipe and writes it back with the changes, so properties the sidecar does not know survive. */
export async function updateRecipe(client: NextcloudClient, recipeId: number, changes: RecipeChanges): Promise<void> {
  const stored = await getRecipeJson(client, recipeId);
  const response = await client.request(cookbookPaths.recipe(recipeId), {
    method: 'PUT',
    json: applyRecipeChanges(stored, changes),
    accept: [404, 409, 422],
  });
  if (response.status === 404) throw new NotFoundError(`There is no recipe with id ${recipeId}.`);
  readSavedId(response);
}

export async function deleteRecipe(client: NextcloudClient, recipeId: number): Promise<void> {
  // Cookbook answers a missing recipe on DELETE with 502 and a "not found" message rather than 404.
  const response = await client.request(cookbookPaths.recipe(recipeId), { method: 'DELETE', accept: [404, 502] });
  if (response.status === 404 || (response.status === 502 && /not found/i.test(response.text()))) {
    throw new NotFoundError(`There is no recipe with id ${recipeId}.`);
  }
  if (response.status === 502) throw new UpstreamError('Cookbook could not delete the recipe.');
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
