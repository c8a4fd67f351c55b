// What BM25 counts, in both index stores: of a chunk, its document's title, a line break, then the chunk's text, in
// the terms of the document's language; of a query, its terms in its own language and, as the query may meet
// documents of any language, its plural-folded words too (every language's stems when its own is unknown).
import { detectLanguage, isStopWord, LANGUAGES, type Language } from './language.js';
import { foldText, termOfWord, tokenize, wordsOfFolded } from './tokenizer.js';

/**
 * Changes whenever the terms a text gets change (tokenizer, stemmers, language detection): an index that recorded
 * another version holds terms queries can no longer meet, and is rebuilt.
 */
export const TOKENIZER_VERSION = 'snowball-en-de-1';
/** Characters of a document its language is told from. */
const LANGUAGE_SAMPLE = 20_000;

export function bm25Text(title: string, text: string): string {
  return `${title}\n${text}`;
}

export interface DocumentTokenizer {
  language: Language | undefined;
  /** The terms BM25 counts of one chunk of the document (title included). */
  chunkTerms(text: string): string[];
}

/** The document's language, told once from its title and the start of its text, and its chunks' terms in it. */
export function documentTokenizer(title: string, texts: readonly string[]): DocumentTokenizer {
  let sample = title;
  for (const text of texts) {
    if (sample.length >= LANGUAGE_SAMPLE) break;
    sample += `\n${text.slice(0, LANGUAGE_SAMPLE - sample.length)}`;
  }
  const language = detectLanguage(wordsOfFolded(foldText(sample)));
  return { language, chunkTerms: (text) => tokenize(bm25Text(title, text), language) };
}

/** The distinct terms BM25 looks up for a query. */
export function queryTerms(query: string): string[] {
  return queryTermsOfFolded(foldText(query));
}

/** `queryTerms` of a query `foldText` already folded. */
export function queryTermsOfFolded(folded: string): string[] {
  return [...new Set(queryWordTermsOfFolded(folded).flat())];
}

/** Per query word (distinct words, function words dropped as for `queryTerms`), the terms it is looked up by. */
export function queryWordTerms(query: string): string[][] {
  return queryWordTermsOfFolded(foldText(query));
}

function queryWordTermsOfFolded(folded: string): string[][] {
  const all = wordsOfFolded(folded);
  const language = detectLanguage(all);
  // The function words of a query in a known language only add noise when it has other words too.
  const content = language ? all.filter((word) => !isStopWord(word, language)) : all;
  const words = new Set(content.length > 0 ? content : all);
  return [...words].map((word) => {
    const terms = new Set([termOfWord(word, undefined)]);
    for (const each of language ? [language] : LANGUAGES) terms.add(termOfWord(word, each));
    return [...terms];
  });
}
