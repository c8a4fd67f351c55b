// A search query made ready once per search: bounded after Unicode normalisation (one character can become 18), and
// its terms found once for every result's excerpt.
import { InvalidInputError } from '../../errors.js';
import { queryTermsOfFolded } from '../text/bm25-text.js';
import { foldText } from '../text/tokenizer.js';
import { QueryTermFinder } from './query-term-finder.js';

/**
 * Characters a query may have once folded as the tokenizer folds it (NFKD, accents dropped): the bound on what each
 * search costs, whatever the caller's own length limit counted before normalisation.
 */
export const MAX_NORMALISED_QUERY_LENGTH = 10_000;

export interface SearchQuery {
  text: string;
  /** The distinct terms of the query, as BM25 and the excerpts count them. */
  terms: ReadonlySet<string>;
  /** Finds the first of those terms in each result's text for its excerpt (one per search: it caches per word). */
  finder: QueryTermFinder;
}

/** Folds and tokenizes `text` once; InvalidInputError (before any work) when it is too long once normalised. */
export function prepareSearchQuery(text: string): SearchQuery {
  const folded = foldText(text);
  if (folded.length > MAX_NORMALISED_QUERY_LENGTH) {
    throw new InvalidInputError(
      `The query may be at most ${MAX_NORMALISED_QUERY_LENGTH} characters after Unicode normalisation (NFKD); ` +
        `this one has ${folded.length}.`,
    );
  }
  const terms = new Set(queryTermsOfFolded(folded));
  return { text, terms, finder: new QueryTermFinder(terms) };
}
