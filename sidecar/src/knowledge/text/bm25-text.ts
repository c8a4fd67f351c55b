// What BM25 counts, in both index stores: of a chunk, its document's title, a line break, then the chunk's text, in
// the terms of the document's language; of a query, its terms in its own language and, as the query may meet
// documents of any language, its plural-folded words too (every language's stems when its own is unknown).
import { detectLanguage, isStopWord, LANGUAGES, SAMPLE_WORDS, type Language } from './language.js';
import { foldText, termOfWord, wordsOfFolded } from './tokenizer.js';

/**
 * Changes whenever the terms a text gets change (tokenizer, stemmers, language detection): an index that recorded
 * another version holds terms queries can no longer meet, and is rebuilt.
 */
export const TOKENIZER_VERSION = 'snowball-en-de-1';
/** Characters of a document its language is told from. */
const LANGUAGE_SAMPLE = 20_000;

/** A chunk's text as BM25 reads it (the tokenizer gives the terms of `documentTokenizer`'s chunkTerms). */
export function bm25Text(title: string, text: string): string {
  return `${title}\n${text}`;
}

export interface DocumentTokenizer {
  language: Language | undefined;
  /** The terms BM25 counts of one chunk of the document (title included). */
  chunkTerms(text: string): string[];
  /** The same terms counted: how many there are (BM25's chunk length) and each distinct one's frequency. */
  chunkCounts(text: string): CountedTerms;
}

/** One chunk's terms counted, in the order they first occur. */
export interface CountedTerms {
  length: number;
  frequencies: Map<string, number>;
}

/**
 * The document's language, told once from its title and the start of its text, and its chunks' terms in it. The
 * title's words are read once, and a chunk the language sample read whole is not read again.
 */
export function documentTokenizer(title: string, texts: readonly string[]): DocumentTokenizer {
  const titleWords = wordsOfFolded(foldText(title));
  const sampled = new Map<string, string[]>();
  const language = detectLanguage(sampleWords(title, titleWords, texts, sampled));
  const wordsOf = (text: string) => sampled.get(text) ?? wordsOfFolded(foldText(text));
  return {
    language,
    chunkTerms: (text) => titleWords.concat(wordsOf(text)).map((word) => termOfWord(word, language)),
    chunkCounts: (text) => countWordTerms(titleWords, wordsOf(text), language),
  };
}

/**
 * The words of the language sample: the title, then the texts joined by line breaks, up to LANGUAGE_SAMPLE characters
 * (and SAMPLE_WORDS words, all a vote reads). Words never span a line break and folding works character by
 * character, so these are the words of the joined sample; those of texts read whole go into `sampled`.
 */
function sampleWords(
  title: string,
  titleWords: readonly string[],
  texts: readonly string[],
  sampled: Map<string, string[]>,
): string[] {
  const words = [...titleWords];
  let length = title.length;
  for (const text of texts) {
    if (length >= LANGUAGE_SAMPLE || words.length >= SAMPLE_WORDS) break;
    const room = LANGUAGE_SAMPLE - length;
    const whole = text.length <= room;
    const textWords = wordsOfFolded(foldText(whole ? text : text.slice(0, room)));
    if (whole) sampled.set(text, textWords);
    for (const word of textWords) words.push(word);
    length += 1 + Math.min(text.length, room);
  }
  return words;
}

/** Each distinct word is given its term once (stemming is most of tokenising), its count added to the term's. */
function countWordTerms(titleWords: readonly string[], words: readonly string[], language: Language | undefined) {
  const wordCounts = new Map<string, number>();
  for (const word of titleWords) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  for (const word of words) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  const frequencies = new Map<string, number>();
  for (const [word, count] of wordCounts) {
    const term = termOfWord(word, language);
    frequencies.set(term, (frequencies.get(term) ?? 0) + count);
  }
  return { length: titleWords.length + words.length, frequencies };
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
