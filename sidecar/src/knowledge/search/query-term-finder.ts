// Finds where the first query term stands in a result's text, each distinct word judged once per search: the same
// answer as the tokenizer's findFirstTerm, without stemming a word again for every result it occurs in, nor (through a
// bounded cache of each word's terms shared by all searches) for every search.
import { ASCII, foldText, MAX_TERM_LENGTH, termVariants, WORD } from '../text/tokenizer.js';

/**
 * Folded words whose terms are kept for later searches: about 200 bytes each, so at most about 4 MB. Past it the
 * longest-kept word goes first, so the words of the documents searched most often stay.
 */
export const MAX_CACHED_WORDS = 20_000;
const termsOfWord = new Map<string, readonly string[]>();

export class QueryTermFinder {
  /** Word as it stands in the scanned text → whether one of its terms is a query term. */
  private readonly verdicts = new Map<string, boolean>();
  /**
   * Char code → whether a query term starts with it. Every term of a lower-case ASCII word (its plural fold, its
   * English and German stems) starts with the word's own first character (test/knowledge/search/query-term-finder.test.ts
   * checks it over thousands of words): an ASCII word starting with any other character is no query word, and is
   * passed over without being cut out of the text or looked up.
   */
  private readonly termStarts = new Uint8Array(128);

  constructor(readonly terms: ReadonlySet<string>) {
    for (const term of terms) {
      const code = term.charCodeAt(0);
      if (code < 128) this.termStarts[code] = 1;
    }
  }

  /** Where in `text` the first word stands with a term among the query's (in any language); -1 when none is. */
  firstIn(text: string): number {
    if (this.terms.size === 0) return -1;
    // ASCII text keeps its positions when lower-cased whole, and its words need no other folding.
    if (ASCII.test(text)) return this.firstInAscii(text.toLowerCase());
    for (const match of text.matchAll(WORD)) {
      if (this.isQueryWord(match[0])) return match.index;
    }
    return -1;
  }

  /** firstIn for lower-cased ASCII text: WORD's letters and digits are a–z and 0–9 there, found without a regex. */
  private firstInAscii(lower: string): number {
    const isWordCode = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    for (let i = 0; i < lower.length;) {
      if (!isWordCode(lower.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      while (i < lower.length && isWordCode(lower.charCodeAt(i))) i++;
      if (this.termStarts[lower.charCodeAt(start)] === 1 && this.isQueryWord(lower.slice(start, i))) return start;
    }
    return -1;
  }

  private isQueryWord(raw: string): boolean {
    let verdict = this.verdicts.get(raw);
    if (verdict === undefined) {
      const word = ASCII.test(raw) ? raw.toLowerCase() : foldText(raw);
      verdict = word.length <= MAX_TERM_LENGTH && cachedTermVariants(word).some((term) => this.terms.has(term));
      this.verdicts.set(raw, verdict);
    }
    return verdict;
  }
}

/** termVariants of a folded word, from the shared cache when an earlier search met the word. */
function cachedTermVariants(word: string): readonly string[] {
  let terms = termsOfWord.get(word);
  if (terms === undefined) {
    terms = termVariants(word);
    if (termsOfWord.size >= MAX_CACHED_WORDS) termsOfWord.delete(termsOfWord.keys().next().value!);
    termsOfWord.set(word, terms);
  }
  return terms;
}
