// A result's excerpt: the same window as collapsing whitespace with /\s+/g gave, for text with every kind of
// whitespace (runs, tabs, line breaks, non-breaking and ideographic spaces) at its ends and between its words.
import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, makeExcerpt } from '../../../src/knowledge/search/excerpt.js';
import { QueryTermFinder } from '../../../src/knowledge/search/query-term-finder.js';
import { tokenize } from '../../../src/knowledge/text/tokenizer.js';
import { seeded } from './index-fixtures.js';

const WORDS = 'meeting invoices running Straße café boundary layers 4711 pressure Grüße naïve studies'.split(' ');
const WHITESPACE = [' ', ' ', ' ', '  ', '\n', '\r\n', '\t', ' \n ', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028'];

/** The excerpt's text before the window: every whitespace run made one space, the ends trimmed. */
function collapsedAsBefore(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function sampleText(random: () => number, words: number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  let text = random() < 0.3 ? pick(WHITESPACE) : '';
  for (let i = 0; i < words; i++) text += pick(WORDS) + pick(WHITESPACE);
  return text;
}

describe('makeExcerpt', () => {
  it('is the excerpt of the text collapsed as before, around the first query term', () => {
    const random = seeded(7);
    let windows = 0;
    for (let i = 0; i < 300; i++) {
      const text = sampleText(random, 5 + Math.floor(random() * 120));
      const clean = collapsedAsBefore(text);
      const finder = new QueryTermFinder(new Set(tokenize(WORDS[i % WORDS.length]!)));
      const excerpt = makeExcerpt(text, finder);
      // makeExcerpt of the collapsed text collapses nothing more: equal only if both collapse alike.
      expect(excerpt, JSON.stringify(text.slice(0, 60))).toBe(makeExcerpt(clean, finder));
      if (clean.length <= EXCERPT_LENGTH) continue;
      windows++;
      const inner = excerpt.replace(/^…/, '').replace(/…$/, '');
      const at = finder.firstIn(clean);
      if (at >= 0) expect(clean.indexOf(inner) <= at && at < clean.indexOf(inner) + inner.length).toBe(true);
    }
    expect(windows).toBeGreaterThan(100);
  });

  it('collapses each run of whitespace to one space and trims the ends', () => {
    expect(makeExcerpt(' \u3000meeting\t\tinvoices \n\u00a0running\r\n', undefined)).toBe('meeting invoices running');
    expect(makeExcerpt('a\u2028b\ufeffc  d', undefined)).toBe('a b c d');
    expect(makeExcerpt('meeting\ninvoices\u00a0running\tlate ', undefined)).toBe('meeting invoices running late');
    expect(makeExcerpt(' meeting  invoices', undefined)).toBe('meeting invoices');
  });
});
