// Snowball stemmers (English Porter2 and German, Snowball 3 compiled to WebAssembly by `multilingual-stemmer`) over
// words the tokenizer already folded (lower case, no accents), with a bounded cache of recent stems per language.
import { english, german } from 'multilingual-stemmer';
import type { Language } from './language.js';

const STEMMERS: Record<Language, (word: string) => string> = { en: english, de: german };
/** Words with digits (dates, ids, versions) are kept whole: a stemmer would only damage them. */
const DIGIT = /\d/;
/** Stems remembered per language (words repeat Zipf-like, so most lookups hit); the cache starts over when full. */
const CACHE_SIZE = 50_000;
const caches: Record<Language, Map<string, string>> = { en: new Map(), de: new Map() };

/** The stem of one folded word in `language`. */
export function stem(word: string, language: Language): string {
  if (DIGIT.test(word)) return word;
  const cache = caches[language];
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    stemmed = STEMMERS[language](word);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(word, stemmed);
  }
  return stemmed;
}
