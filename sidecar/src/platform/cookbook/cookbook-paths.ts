// URL paths of the Cookbook app's API v1 (under /index.php so they work without pretty URLs), each segment encoded.
const BASE = '/index.php/apps/cookbook/api/v1';

export const cookbookPaths = {
  recipes: () => `${BASE}/recipes`,
  recipe: (recipeId: number) => `${BASE}/recipes/${segment(recipeId)}`,
  search: (query: string) => `${BASE}/search/${segment(query)}`,
  categories: () => `${BASE}/categories`,
  keywords: () => `${BASE}/keywords`,
} as const;

function segment(value: string | number): string {
  return encodeURIComponent(String(value));
}
