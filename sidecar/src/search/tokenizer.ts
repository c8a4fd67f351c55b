// Splits text into the terms BM25 counts: Unicode letters and digits, case- and accent-folded, a light plural fold.
const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}+/gu;
/** Longer runs are ids, hashes or base64, not words a person searches for. */
export const MAX_TERM_LENGTH = 40;

/** The terms of `text` in order, repeats kept (term frequency counts them). */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const folded = text.normalize('NFKD').replace(COMBINING_MARKS, '').toLowerCase();
  for (const match of folded.matchAll(WORD)) {
    const word = match[0];
    if (word.length > MAX_TERM_LENGTH) continue;
    terms.push(foldPlural(word));
  }
  return terms;
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
