// The Cookbook app of the platform double: recipes as schema.org Recipe JSON, categories and keywords (Cookbook 0.11).
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';

/** A recipe as stored: schema.org Recipe JSON, keywords comma-separated, times as ISO 8601 durations. */
export type CookbookRecipe = Record<string, unknown> & { id: string; name: string };

export interface CookbookDouble extends DoubleApp {
  /** A user's recipes as stored, for assertions. */
  recipesOf(userId: string): CookbookRecipe[];
}

const PREFIX = '/index.php/apps/cookbook/api/v1';

/** `recipes` seeds each user's cookbook: partial recipes by user id (name required). */
export function createCookbookDouble(
  seed: { recipes?: Record<string, (Record<string, unknown> & { name: string })[]> } = {},
): CookbookDouble {
  let nextId = 1000;
  const books = new Map<string, CookbookRecipe[]>();
  for (const [user, recipes] of Object.entries(seed.recipes ?? {})) {
    books.set(
      user,
      recipes.map((recipe) => completeRecipe(recipe, String((nextId += 1)))),
    );
  }
  const bookOf = (user: string) => books.get(user) ?? books.set(user, []).get(user)!;

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    if (!req.path.startsWith(`${PREFIX}/`)) return false;
    if (!req.user) {
      sendNotLoggedIn(res);
      return true;
    }
    const route = req.path.slice(PREFIX.length);
    const book = bookOf(req.user.id);
    const recipeMatch = /^\/recipes\/(\d+)$/.exec(route);
    if (route === '/recipes' && req.method === 'GET')
      sendJson(
        res,
        200,
        book.map((r) => describeStub(r, req)),
      );
    else if (route === '/recipes' && req.method === 'POST') await createRecipe(req, res, book);
    else if (recipeMatch) return handleRecipe(req, res, book, recipeMatch[1]!);
    else if (route === '/categories' && req.method === 'GET') sendJson(res, 200, countBy(book, categoriesOf));
    else if (route === '/keywords' && req.method === 'GET') sendJson(res, 200, countBy(book, keywordsOf));
    else if (route.startsWith('/search/') && req.method === 'GET') {
      const terms = segment(route, '/search/')
        .split(/[\s,]+/)
        .filter(Boolean);
      sendJson(
        res,
        200,
        book.filter((recipe) => matchesAll(recipe, terms)).map((r) => describeStub(r, req)),
      );
    } else if (route.startsWith('/category/') && req.method === 'GET') {
      const category = segment(route, '/category/');
      const inCategory = book.filter((r) => (category === '_' ? !r.recipeCategory : r.recipeCategory === category));
      sendJson(
        res,
        200,
        inCategory.map((r) => describeStub(r, req)),
      );
    } else if (route.startsWith('/tags/') && req.method === 'GET') {
      const wanted = segment(route, '/tags/').split(',').filter(Boolean);
      const tagged = book.filter((r) => wanted.every((k) => keywordsOf(r).includes(k)));
      sendJson(
        res,
        200,
        tagged.map((r) => describeStub(r, req)),
      );
    } else return false;
    return true;
  }

  async function createRecipe(req: DoubleRequest, res: ServerResponse, book: CookbookRecipe[]): Promise<void> {
    const body = (await req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    if (!name) return sendJson(res, 422, { msg: 'No recipe name was given' });
    if (book.some((r) => r.name === name)) {
      return sendJson(res, 409, { msg: 'Another recipe with that name already exists' });
    }
    const recipe = completeRecipe({ ...body, name }, String((nextId += 1)));
    book.push(recipe);
    sendJson(res, 200, Number(recipe.id));
  }

  async function handleRecipe(
    req: DoubleRequest,
    res: ServerResponse,
    book: CookbookRecipe[],
    id: string,
  ): Promise<boolean> {
    const index = book.findIndex((r) => r.id === id);
    const recipe = book[index];
    if (req.method === 'GET') {
      if (!recipe) sendJson(res, 404, Number(id));
      else sendJson(res, 200, { ...recipe, ...imageUrls(req, id) });
    } else if (req.method === 'PUT') {
      const body = (await req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
      const name = typeof body?.name === 'string' ? body.name.trim() : '';
      if (!recipe) sendJson(res, 404, Number(id));
      else if (!name) sendJson(res, 422, { msg: 'No recipe name was given' });
      else {
        book[index] = { ...completeRecipe({ ...body, name }, id), dateCreated: recipe.dateCreated };
        sendJson(res, 200, Number(id));
      }
    } else if (req.method === 'DELETE') {
      // Cookbook answers a missing recipe on DELETE with 502 and a message, not 404.
      if (!recipe) sendJson(res, 502, `Recipe with id ${id} was not found.`);
      else {
        book.splice(index, 1);
        sendJson(res, 200, `Recipe ${id} deleted successfully`);
      }
    } else return false;
    return true;
  }

  return {
    id: 'cookbook',
    capabilities: () => ({ version: '0.11.0', api_version: { epoch: 0, major: 1, minor: 2 } }),
    handle,
    recipesOf: (user) => books.get(user) ?? [],
  };
}

/** Fills what Cookbook fills on save: schema.org type, id, dates and empty defaults. */
function completeRecipe(input: Record<string, unknown> & { name: string }, id: string): CookbookRecipe {
  const now = '2025-02-01T12:00:00+0000';
  return {
    '@context': 'http://schema.org',
    '@type': 'Recipe',
    description: '',
    url: '',
    image: '',
    prepTime: null,
    cookTime: null,
    totalTime: null,
    recipeCategory: '',
    keywords: '',
    recipeYield: 1,
    tool: [],
    recipeIngredient: [],
    recipeInstructions: [],
    nutrition: { '@type': 'NutritionInformation' },
    dateCreated: now,
    ...input,
    dateModified: now,
    id,
  };
}

function describeStub(recipe: CookbookRecipe, req: DoubleRequest) {
  return {
    id: recipe.id,
    recipe_id: Number(recipe.id),
    name: recipe.name,
    keywords: recipe.keywords ?? '',
    category: recipe.recipeCategory ?? '',
    dateCreated: recipe.dateCreated,
    dateModified: recipe.dateModified,
    ...imageUrls(req, recipe.id),
  };
}

function imageUrls(req: DoubleRequest, id: string) {
  const base = `${req.baseUrl}/index.php/apps/cookbook/webapp/recipes/${id}/image`;
  return { imageUrl: `${base}?size=thumb`, imagePlaceholderUrl: `${base}?size=thumb16` };
}

function keywordsOf(recipe: CookbookRecipe): string[] {
  return String(recipe.keywords ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
}

/** A recipe without a category counts under `*`, as Cookbook reports it. */
function categoriesOf(recipe: CookbookRecipe): string[] {
  return [String(recipe.recipeCategory ?? '') || '*'];
}

function countBy(book: CookbookRecipe[], namesOf: (recipe: CookbookRecipe) => string[]) {
  const counts = new Map<string, number>();
  for (const recipe of book) for (const name of namesOf(recipe)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, recipe_count: count }));
}

function matchesAll(recipe: CookbookRecipe, terms: string[]): boolean {
  const haystack = [recipe.name, recipe.keywords, recipe.recipeCategory, recipe.description].join(' ').toLowerCase();
  return terms.every((term) => haystack.includes(term.toLowerCase()));
}

function segment(route: string, prefix: string): string {
  return decodeURIComponent(route.slice(prefix.length));
}
