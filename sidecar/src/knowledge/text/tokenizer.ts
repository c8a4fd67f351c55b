// Splits text into the terms BM25 counts: Unicode letters and digits, case- and accent-folded, a light plural fold.
const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
const ASCII = /^[\x00-\x7f]*$/;
/** Longer runs are ids, hashes or base64, not words a person searches for. */
export const MAX_TERM_LENGTH = 40;

/** The terms of `text` in order, repeats kept (term frequency counts them). */
export function tokenize(text: string): string[] {
  return termsOfFolded(foldText(text));
}

/** `text` as the tokenizer reads it: compatibility-decomposed (NFKD: `ﬁ` → `fi`), accents dropped, lower case. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** The terms of text that `foldText` already folded. */
export function termsOfFolded(folded: string): string[] {
  const terms: string[] = [];
  for (const match of folded.matchAll(WORD)) {
    const term = termOfFoldedWord(match[0]);
    if (term !== undefined) terms.push(term);
  }
  return terms;
}

/** Where in `text` the first word stands whose term is one of `terms`; -1 when none is. */
export function findFirstTerm(text: string, terms: ReadonlySet<string>): number {
  // An ASCII word folds to its lower case (NFKD and the accent fold change nothing): no normalisation for it, and
  // none at all for ASCII text, which keeps its positions when lower-cased whole (15 times faster than word by word).
  const ascii = ASCII.test(text);
  for (const match of (ascii ? text.toLowerCase() : text).matchAll(WORD)) {
    const word = match[0];
    const term = ascii || ASCII.test(word) ? termOfFoldedWord(word.toLowerCase()) : tokenize(word)[0];
    if (term !== undefined && terms.has(term)) return match.index;
  }
  return -1;
}

function termOfFoldedWord(word: string): string | undefined {
  return word.length > MAX_TERM_LENGTH ? undefined : foldPlural(word);
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
