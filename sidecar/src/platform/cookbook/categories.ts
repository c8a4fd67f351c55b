// The categories and keywords of a user's cookbook, with how many recipes each has.
import type { NextcloudClient } from '../nextcloud-client.js';
import { cookbookPaths } from './cookbook-paths.js';

export interface RecipeGroup {
  name: string;
  recipeCount: number;
}

/** Categories; Cookbook reports recipes without a category under the name `*`, returned here as `uncategorized`. */
export async function listCategories(
  client: NextcloudClient,
): Promise<{ categories: RecipeGroup[]; uncategorized: number }> {
  const groups = toGroups(await client.requestJson(cookbookPaths.categories()));
  return {
    categories: groups.filter((g) => g.name !== '*'),
    uncategorized: groups.find((g) => g.name === '*')?.recipeCount ?? 0,
  };
}

export async function listKeywords(client: NextcloudClient): Promise<RecipeGroup[]> {
  return toGroups(await client.requestJson(cookbookPaths.keywords()));
}

function toGroups(data: unknown): RecipeGroup[] {
  return (Array.isArray(data) ? data : []).map((raw: { name?: unknown; recipe_count?: unknown }) => ({
    name: String(raw.name ?? ''),
    recipeCount: Number(raw.recipe_count ?? 0),
  }));
}
