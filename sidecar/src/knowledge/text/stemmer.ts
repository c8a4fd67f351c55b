// Snowball stemmers (English Porter2 and German, Snowball 3 compiled to WebAssembly by `multilingual-stemmer`) over
// words the tokenizer already folded (lower case, no accents), with a bounded cache of recent stems per language.
// Compiled at the first word stemmed, not at start-up: the WebAssembly adds about 15 MB to the process (measured),
// which a sidecar that has not indexed or searched anything yet does not carry (issue 18, item 12).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Language } from './language.js';

/** Words with digits (dates, ids, versions) are kept whole: a stemmer would only damage them. */
const DIGIT = /\d/;
/** Stems remembered per language (words repeat Zipf-like, so most lookups hit); the cache starts over when full. */
const CACHE_SIZE = 50_000;
const caches: Record<Language, Map<string, string>> = { en: new Map(), de: new Map() };
let stemmers: Record<Language, (word: string) => string> | undefined;

/** The stem of one folded word in `language`. */
export function stem(word: string, language: Language): string {
  // Words with digits are never cached, so a cached word needs no digit test.
  const cache = caches[language];
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    if (DIGIT.test(word)) return word;
    stemmed = (stemmers ??= loadStemmers())[language](word);
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(word, stemmed);
  }
  return stemmed;
}

/** The part of multilingual-stemmer's wasm-bindgen glue we use. */
interface SnowballGlue {
  initSync(options: { module: Uint8Array }): unknown;
  Stemmer: new (language: number) => { stem(word: string): string };
  Languages: Readonly<Record<'English' | 'German', number>>;
}

/**
 * The package's entry compiles its WebAssembly with a top-level await, which a synchronous tokenizer cannot wait
 * for; its glue (`dist/browser/index.js`, no await) is required directly and compiles the same module synchronously.
 * The version is pinned in package.json; the stemming tests fail if that layout changes.
 */
function loadStemmers(): Record<Language, (word: string) => string> {
  const require = createRequire(import.meta.url);
  const dist = (require.resolve.paths('multilingual-stemmer') ?? [])
    .map((folder) => join(folder, 'multilingual-stemmer', 'dist'))
    .find((folder) => existsSync(join(folder, 'browser', 'index_bg.wasm')));
  if (!dist) throw new Error('multilingual-stemmer is not installed.');
  const glue = require(join(dist, 'browser', 'index.js')) as SnowballGlue;
  glue.initSync({ module: readFileSync(join(dist, 'browser', 'index_bg.wasm')) });
  const english = new glue.Stemmer(glue.Languages.English);
  const german = new glue.Stemmer(glue.Languages.German);
  return { en: (word) => english.stem(word), de: (word) => german.stem(word) };
}
