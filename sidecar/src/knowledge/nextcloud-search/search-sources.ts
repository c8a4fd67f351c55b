// Where a knowledge search looks: the user's own index, Nextcloud's unified search, or both (the request's `sources`).
import { InvalidInputError } from '../../errors.js';

export const SEARCH_SOURCES = ['index', 'nextcloud'] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

/** The index alone, as before `sources` existed. */
export const DEFAULT_SOURCES: readonly SearchSource[] = ['index'];

/** A request's `sources`: absent → the index alone; otherwise a non-empty list of known sources, each once. */
export function parseSearchSources(raw: unknown): readonly SearchSource[] {
  if (raw === undefined || raw === null) return DEFAULT_SOURCES;
  const known = (value: unknown): value is SearchSource => (SEARCH_SOURCES as readonly unknown[]).includes(value);
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > SEARCH_SOURCES.length * 2 || !raw.every(known)) {
    throw new InvalidInputError(`sources must be a non-empty list of: ${SEARCH_SOURCES.join(', ')}.`);
  }
  return [...new Set(raw)];
}
