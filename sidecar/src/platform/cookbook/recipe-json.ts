// Cookbook's schema.org Recipe JSON and the sidecar's recipe shape, both ways, tolerant of what imports put there.

export interface RecipeSummary {
  id: number;
  name: string;
  category: string;
  keywords: string[];
  dateCreated: string | null;
  dateModified: string | null;
}

export interface Recipe extends RecipeSummary {
  description: string;
  url: string;
  image: string;
  servings: number | null;
  /** ISO 8601 durations such as PT1H30M, or null. */
  prepTime: string | null;
  cookTime: string | null;
  totalTime: string | null;
  ingredients: string[];
  instructions: string[];
  tools: string[];
  nutrition: Record<string, string>;
}

/** The fields a caller sets; absent fields stay as they are on update and empty on create. */
export type RecipeChanges = Partial<Omit<Recipe, 'id' | 'dateCreated' | 'dateModified'>>;

export function toRecipeSummary(raw: unknown): RecipeSummary {
  const json = (raw ?? {}) as Record<string, unknown>;
  return {
    id: Number(json.id ?? json.recipe_id),
    name: text(json.name),
    category: firstText(json.recipeCategory ?? json.category),
    keywords: toKeywords(json.keywords),
    dateCreated: optionalText(json.dateCreated),
    dateModified: optionalText(json.dateModified),
  };
}

export function toRecipe(raw: unknown): Recipe {
  const json = (raw ?? {}) as Record<string, unknown>;
  const servings = Number.parseInt(String(json.recipeYield ?? ''), 10);
  return {
    ...toRecipeSummary(json),
    description: text(json.description),
    url: text(json.url),
    image: firstText(json.image),
    servings: Number.isFinite(servings) ? servings : null,
    prepTime: optionalText(json.prepTime),
    cookTime: optionalText(json.cookTime),
    totalTime: optionalText(json.totalTime),
    ingredients: toTexts(json.recipeIngredient),
    instructions: toTexts(json.recipeInstructions),
    tools: toTexts(json.tool),
    nutrition: toNutrition(json.nutrition),
  };
}

/** Applies changes to a stored recipe's JSON, keeping every property the sidecar does not know. */
export function applyRecipeChanges(stored: Record<string, unknown>, changes: RecipeChanges): Record<string, unknown> {
  const json: Record<string, unknown> = { '@context': 'http://schema.org', '@type': 'Recipe', ...stored };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) json[key] = value;
  };
  set('name', changes.name);
  set('description', changes.description);
  set('url', changes.url);
  set('image', changes.image);
  set('recipeCategory', changes.category);
  set('keywords', changes.keywords?.join(','));
  set('recipeYield', changes.servings);
  set('prepTime', changes.prepTime);
  set('cookTime', changes.cookTime);
  set('totalTime', changes.totalTime);
  set('recipeIngredient', changes.ingredients);
  set('recipeInstructions', changes.instructions);
  set('tool', changes.tools);
  if (changes.nutrition) json.nutrition = { '@type': 'NutritionInformation', ...changes.nutrition };
  return json;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function firstText(value: unknown): string {
  return Array.isArray(value) ? text(value[0]) : text(value);
}

function toKeywords(value: unknown): string[] {
  const list = Array.isArray(value) ? value.map(text) : text(value).split(',');
  return list.map((k) => k.trim()).filter(Boolean);
}

/** Strings, or schema.org HowToStep/HowToSection objects with `text` or `itemListElement`. */
function toTexts(value: unknown): string[] {
  if (typeof value === 'string') return value ? [value] : [];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): string[] => {
    if (typeof item === 'string') return [item];
    const step = (item ?? {}) as { text?: unknown; itemListElement?: unknown };
    if (step.itemListElement) return toTexts(step.itemListElement);
    return typeof step.text === 'string' ? [step.text] : [];
  });
}

function toNutrition(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key, item]) => key !== '@type' && typeof item === 'string')
      .map(([key, item]) => [key, item as string]),
  );
}
