// A short excerpt of a chunk for a result list: the window around the first query term it contains (the query's
// terms are found once per search, see search-query.ts, and each word is judged once per search, query-term-finder.ts).
import type { QueryTermFinder } from './query-term-finder.js';

export const EXCERPT_LENGTH = 300;
/**
 * What collapsing every run of whitespace to one space changes: runs of two or more, and a lone whitespace character
 * other than a space. The same result as replacing /\s+/g, without a replacement for every space between two words
 * (about five times faster on prose).
 */
const WHITESPACE_TO_COLLAPSE = /\s{2,}|[^\S ]/g;
/** Whether a text has any of them: a whitespace character after a space, or one other than a space. */
const HAS_WHITESPACE_TO_COLLAPSE = / \s|[^\S ]/;

export function makeExcerpt(text: string, queryTerms: QueryTermFinder | undefined, length = EXCERPT_LENGTH): string {
  // Most chunks of prose have single spaces only: testing for a run is cheaper than replacing nothing.
  const collapsed = HAS_WHITESPACE_TO_COLLAPSE.test(text) ? text.replace(WHITESPACE_TO_COLLAPSE, ' ') : text;
  const clean = collapsed.trim();
  if (clean.length <= length) return clean;
  const at = queryTerms ? queryTerms.firstIn(clean) : -1;
  const start = at < 0 ? 0 : Math.max(0, Math.min(at - Math.floor(length / 3), clean.length - length));
  const from = start === 0 ? 0 : nextWordStart(clean, start);
  const to = Math.min(clean.length, from + length);
  const end = to === clean.length ? to : previousWordEnd(clean, from, to);
  return `${from > 0 ? '…' : ''}${clean.slice(from, end)}${end < clean.length ? '…' : ''}`;
}

function nextWordStart(text: string, from: number): number {
  const space = text.indexOf(' ', from);
  return space < 0 || space - from > 30 ? from : space + 1;
}

function previousWordEnd(text: string, from: number, to: number): number {
  const space = text.lastIndexOf(' ', to);
  return space <= from || to - space > 30 ? to : space;
}
