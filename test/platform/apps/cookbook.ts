// The Cookbook app of the platform double (Cookbook 0.11.9): recipes as schema.org Recipe JSON, ids answered as bare
// numbers, PUT that replaces a recipe and finds it by the id in the body, categories, keywords, import and config.
import type { ServerResponse } from 'node:http';
import { sendJson, sendNotLoggedIn, type DoubleApp, type DoubleRequest } from '../double-app.js';

/** A recipe as stored: schema.org Recipe JSON, keywords comma-separated, times as ISO 8601 durations. */
export type CookbookRecipe = Record<string, unknown> & { id: string; name: string };

export interface CookbookDouble extends DoubleApp {
  /** A user's recipes as stored, for assertions. */
  recipesOf(userId: string): CookbookRecipe[];
}

const PREFIX = '/index.php/apps/cookbook/api/v1';
const VERSION = [0, 11, 9];
const API_VERSION = { epoch: 0, major: 1, minor: 2 };

/** `recipes` seeds each user's cookbook: partial recipes by user id (name required). */
export function createCookbookDouble(
  seed: { recipes?: Record<string, (Record<string, unknown> & { name: string })[]> } = {},
): CookbookDouble {
  let nextId = 1000;
  const books = new Map<string, CookbookRecipe[]>();
  for (const [user, recipes] of Object.entries(seed.recipes ?? {})) {
    books.set(
      user,
      recipes.map((recipe) => completeRecipe(recipe, String((nextId += 1)), SEEDED_AT)),
    );
  }
  const bookOf = (user: string) => books.get(user) ?? books.set(user, []).get(user)!;

  /** POST, and PUT without an id in the body: a new recipe, 409 when the name is taken, 422 without a name. */
  function saveRecipe(res: ServerResponse, book: CookbookRecipe[], body: Record<string, unknown> | undefined): void {
    const name = typeof body?.name === 'string' ? body.name.trim() : '';
    if (!name) return sendJson(res, 422, errorOf('No recipe name was given'));
    const existing = book.findIndex((r) => r.id === String(body?.id ?? ''));
    if (book.some((r, i) => r.name === name && i !== existing)) {
      return sendJson(res, 409, errorOf('Another recipe with that name already exists'));
    }
    if (existing < 0) {
      const recipe = completeRecipe({ ...body, name }, String((nextId += 1)), cookbookNow());
      book.push(recipe);
      return sendJson(res, 200, Number(recipe.id));
    }
    // PUT replaces the whole recipe: what the body leaves out is emptied (an omitted yield becomes null), and
    // dateCreated is written anew.
    const recipe = completeRecipe({ recipeYield: null, ...body, name }, book[existing]!.id, cookbookNow());
    book[existing] = recipe;
    sendJson(res, 200, Number(recipe.id));
  }

  async function handle(req: DoubleRequest, res: ServerResponse): Promise<boolean> {
    const isVersion = req.path === '/index.php/apps/cookbook/api/version';
    if (!isVersion && !req.path.startsWith(`${PREFIX}/`)) return false;
    if (!req.user) {
      sendNotLoggedIn(res);
      return true;
    }
    if (isVersion) {
      sendJson(res, 200, { cookbook_version: VERSION, api_version: API_VERSION });
      return true;
    }
    const route = req.path.slice(PREFIX.length);
    const book = bookOf(req.user.id);
    const body = () => req.json().catch(() => undefined) as Promise<Record<string, unknown> | undefined>;
    const stubs = (list: CookbookRecipe[]) =>
      sendJson(
        res,
        200,
        list.map((r) => describeStub(r, req)),
      );
    const recipe = /^\/recipes\/(\d+)(\/image)?$/.exec(route);
    const get = req.method === 'GET';
    if (route === '/recipes' && get) stubs(book);
    else if (route === '/recipes' && req.method === 'POST') saveRecipe(res, book, await body());
    else if (recipe?.[2]) sendImage(req, res);
    else if (recipe && get) {
      const found = book.find((r) => r.id === recipe[1]);
      // An unknown recipe answers 404 with its bare id as the body.
      if (!found) sendJson(res, 404, Number(recipe[1]));
      else sendJson(res, 200, { ...found, ...imageUrls(req, found.id) });
    } else if (recipe && req.method === 'PUT') {
      // The recipe is found by the id in the body, not the one in the URL.
      saveRecipe(res, book, await body());
    } else if (recipe && req.method === 'DELETE') {
      const index = book.findIndex((r) => r.id === recipe[1]);
      if (index >= 0) book.splice(index, 1);
      // Also for a recipe that does not exist.
      sendJson(res, 200, `Recipe ${recipe[1]} deleted successfully`);
    } else if (route === '/categories' && get) sendJson(res, 200, countBy(book, categoriesOf));
    else if (route === '/keywords' && get) sendJson(res, 200, countBy(book, keywordsOf));
    else if (route.startsWith('/search/') && get) stubs(book.filter(matching(segment(route, '/search/'))));
    else if (route.startsWith('/category/') && get) {
      const category = segment(route, '/category/');
      stubs(book.filter((r) => String(r.recipeCategory ?? '') === category));
    }
    // Listing by keywords answered [] on Nextcloud 32 with SQLite, even for keywords in use.
    else if (route.startsWith('/tags/') && get) stubs([]);
    else if (route === '/import' && req.method === 'POST') importRecipe(res, await body());
    else if (route === '/config' && get) {
      sendJson(res, 200, { folder: '/Recipes', update_interval: 5, print_image: true, visibleInfoBlocks: {} });
    } else return false;
    return true;
  }

  return {
    id: 'cookbook',
    capabilities: () => ({ 'api-version': API_VERSION, version: VERSION }),
    handle,
    recipesOf: (user) => books.get(user) ?? [],
  };
}

/** Cookbook's error body for refused recipes. */
function errorOf(msg: string) {
  return { msg, file: '/var/www/html/custom_apps/cookbook/lib/Service/RecipeService.php', line: 1 };
}

/** The double fetches nothing, so it refuses every URL as Cookbook refuses a disallowed (e.g. local) one. */
function importRecipe(res: ServerResponse, body: Record<string, unknown> | undefined): void {
  if (typeof body?.url !== 'string') return sendJson(res, 400, 'Field "url" is required');
  sendJson(res, 400, 'The provided URL is not allowed.');
}

/** An SVG placeholder (no image is ever stored here); 406 when the client accepts only JSON. */
function sendImage(req: DoubleRequest, res: ServerResponse): void {
  const accept = String(req.headers.accept ?? '*/*');
  if (accept.includes('application/json') && !accept.includes('svg') && !accept.includes('*/*')) {
    return sendJson(res, 406, { msg: 'No image with the matching MIME type was found on the server.' });
  }
  res.writeHead(200, { 'content-type': 'image/svg+xml' });
  res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
}

/** When the seeded recipes were made, in Cookbook's date format. */
const SEEDED_AT = '2025-02-01T12:00:00+0000';

/** The current time in Cookbook's date format (2025-02-01T12:00:00+0000). */
function cookbookNow(): string {
  return `${new Date().toISOString().slice(0, 19)}+0000`;
}

/**
 * Fills what Cookbook fills on save: schema.org type, id, dates and empty defaults. unverified: a new recipe
 * without recipeYield gets 1 (source: none; docs/nextcloud-behaviour.md states null for an update only).
 */
function completeRecipe(input: Record<string, unknown> & { name: string }, id: string, now: string): CookbookRecipe {
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
    recipe_id: Number(recipe.id),
    id: recipe.id,
    name: recipe.name,
    // A recipe without keywords or category lists them as null.
    keywords: recipe.keywords || null,
    category: recipe.recipeCategory || null,
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

/**
 * Search looks at name, keywords and category: the query is split at spaces and commas and a recipe matches when
 * any word is in one of them.
 */
function matching(query: string): (recipe: CookbookRecipe) => boolean {
  const words = query.toLowerCase().match(/[^ ,]+/g) ?? [];
  return (recipe) => {
    const fields = [recipe.name, ...keywordsOf(recipe), recipe.recipeCategory].map((f) =>
      String(f ?? '').toLowerCase(),
    );
    return words.some((word) => fields.some((field) => field.includes(word)));
  };
}

function segment(route: string, prefix: string): string {
  return decodeURIComponent(route.slice(prefix.length));
}
