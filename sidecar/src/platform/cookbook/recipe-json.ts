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
  /** Minutes (Cookbook stores ISO 8601 durations such as PT0H10M0S), or null. */
  prepMinutes: number | null;
  cookMinutes: number | null;
  totalMinutes: number | null;
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
    // Cookbook's index names the missing category `*`.
    category: firstText(json.recipeCategory ?? json.category).replace(/^\*$/, ''),
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
    prepMinutes: toMinutes(json.prepTime),
    cookMinutes: toMinutes(json.cookTime),
    totalMinutes: toMinutes(json.totalTime),
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
  set('prepTime', toDuration(changes.prepMinutes));
  set('cookTime', toDuration(changes.cookMinutes));
  set('totalTime', toDuration(changes.totalMinutes));
  set('recipeIngredient', changes.ingredients);
  set('recipeInstructions', changes.instructions);
  set('tool', changes.tools);
  if (changes.nutrition) json.nutrition = { '@type': 'NutritionInformation', ...changes.nutrition };
  return json;
}

/** Minutes of an ISO 8601 duration (P1DT2H30M, PT0H10M0S); null when absent or not a duration. */
export function toMinutes(value: unknown): number | null {
  const match = typeof value === 'string' ? /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value) : null;
  if (!match || value === 'P' || value === 'PT') return null;
  const [days, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0));
  return days! * 1440 + hours! * 60 + minutes! + Math.round(seconds! / 60);
}

/** Cookbook's form of a duration: PT{h}H{m}M0S; null stays null (no time), undefined (no change) stays. */
function toDuration(minutes: number | null | undefined): string | null | undefined {
  return minutes === undefined || minutes === null ? minutes : `PT${Math.floor(minutes / 60)}H${minutes % 60}M0S`;
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
