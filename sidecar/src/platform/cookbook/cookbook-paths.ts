// URL paths of the Cookbook app's API v1 (under /index.php so they work without pretty URLs), each segment encoded.
import { pathSegment } from '../urls.js';

const BASE = '/index.php/apps/cookbook/api/v1';

export const cookbookPaths = {
  recipes: () => `${BASE}/recipes`,
  recipe: (recipeId: number) => `${BASE}/recipes/${pathSegment(recipeId)}`,
  search: (query: string) => `${BASE}/search/${pathSegment(query)}`,
  categories: () => `${BASE}/categories`,
  keywords: () => `${BASE}/keywords`,
} as const;
