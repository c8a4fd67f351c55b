// Splits text into the terms BM25 counts: Unicode letters and digits, case- and accent-folded, then the Snowball stem
// of the text's language (English, German), or for text of no detected language a light plural fold.
import { LANGUAGES, type Language } from './language.js';
import { stem } from './stemmer.js';

export const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
export const ASCII = /^[\x00-\x7f]*$/;
/** Longer runs are ids, hashes or base64, not words a person searches for. */
export const MAX_TERM_LENGTH = 40;

/** The terms of `text` in order, repeats kept (term frequency counts them); stemmed when a language is given. */
export function tokenize(text: string, language?: Language): string[] {
  return termsOfFolded(foldText(text), language);
}

/** `text` as the tokenizer reads it: compatibility-decomposed (NFKD: `ﬁ` → `fi`), accents dropped, lower case. */
export function foldText(text: string): string {
  // ASCII text has nothing to decompose and no marks: only its case folds (most text, and far faster).
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The words of text that `foldText` already folded, before any plural fold or stemming (too long ones left out). */
export function wordsOfFolded(folded: string): string[] {
  if (ASCII.test(folded)) return asciiWords(folded);
  const words: string[] = [];
  for (const match of folded.matchAll(WORD)) if (match[0].length <= MAX_TERM_LENGTH) words.push(match[0]);
  return words;
}

/** `wordsOfFolded` of lower-case ASCII text, where the letters and digits are a–z and 0–9: scanned, no regex. */
function asciiWords(folded: string): string[] {
  const words: string[] = [];
  let start = -1;
  for (let i = 0; i <= folded.length; i += 1) {
    const code = i < folded.length ? folded.charCodeAt(i) : 0;
    const inWord = (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39);
    if (inWord) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      if (i - start <= MAX_TERM_LENGTH) words.push(folded.slice(start, i));
      start = -1;
    }
  }
  return words;
}

/** The terms of text that `foldText` already folded. */
export function termsOfFolded(folded: string, language?: Language): string[] {
  return wordsOfFolded(folded).map((word) => termOfWord(word, language));
}

/** The term of one folded word: its stem in `language`, or its plural fold when the language is unknown. */
export function termOfWord(word: string, language: Language | undefined): string {
  return language ? stem(word, language) : foldPlural(word);
}

/** Every term a folded word can have in the index: its plural fold and its stem in each language, distinct. */
export function termVariants(word: string): string[] {
  return [...new Set([foldPlural(word), ...LANGUAGES.map((language) => stem(word, language))])];
}

/** Where in `text` the first word stands with a term among `terms` (in any language); -1 when none is. */
export function findFirstTerm(text: string, terms: ReadonlySet<string>): number {
  // An ASCII word folds to its lower case (NFKD and the accent fold change nothing): no normalisation for it, and
  // none at all for ASCII text, which keeps its positions when lower-cased whole (15 times faster than word by word).
  const ascii = ASCII.test(text);
  for (const match of (ascii ? text.toLowerCase() : text).matchAll(WORD)) {
    const word = ascii || ASCII.test(match[0]) ? match[0].toLowerCase() : foldText(match[0]);
    if (word.length > MAX_TERM_LENGTH) continue;
    if (termVariants(word).some((term) => terms.has(term))) return match.index;
  }
  return -1;
}

/** `meetings` → `meeting`, `boxes` → `box`, `berries` → `berry`; short words and `-ss` stay as they are. */
function foldPlural(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || word.endsWith('ss') || /\d/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:xes|ches|shes|sses)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** Term → count. */
export function termFrequencies(terms: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return counts;
}
