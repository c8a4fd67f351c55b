// The excerpt's cached term finder against the tokenizer's findFirstTerm: the same position for every text and query.
import { describe, expect, it } from 'vitest';
import { QueryTermFinder } from '../../../src/knowledge/search/query-term-finder.js';
import { findFirstTerm, termVariants, tokenize } from '../../../src/knowledge/text/tokenizer.js';
import { seeded } from './index-fixtures.js';

/** Inflected English and German words, accents and case mixed, so stems, plural folds and folding all take part. */
const WORDS = (
  'meeting Meetings invoice INVOICES running runs ran connection connected connects generalization general ' +
  'berries berry boxes box Über uber Häuser Haus häuslich Grüße Grüsse CAFÉ cafés cafe Zürich Besuch Besuche ' +
  'flow flows flowing flowed boundary boundaries layer layers layered pressure pressures 4711 x2 ﬁle files ' +
  'naïve naive Straße strasse schöne schön Verbindungen Verbindung analysis analyses studied studies study'
).split(' ');

function sampleText(random: () => number, words: number): string {
  const separators = [' ', ', ', '. ', '\n', ' – '];
  const parts: string[] = [];
  for (let i = 0; i < words; i++) {
    parts.push(WORDS[Math.floor(random() * WORDS.length)]!, separators[Math.floor(random() * separators.length)]!);
  }
  return parts.join('');
}

describe('QueryTermFinder', () => {
  it('finds the same first query term as findFirstTerm in every text, one finder reused across texts', () => {
    const random = seeded(21);
    const texts = Array.from({ length: 60 }, (_, i) => {
      const text = sampleText(random, 20 + Math.floor(random() * 200));
      return i % 3 === 0 ? text.normalize('NFD') : i % 3 === 1 ? text.replace(/[^\x00-\x7f]/g, 'e') : text;
    });
    let found = 0;
    for (let q = 0; q < 40; q++) {
      const query = Array.from(
        { length: 1 + Math.floor(random() * 3) },
        () => WORDS[Math.floor(random() * WORDS.length)],
      );
      const terms = new Set(tokenize(query.join(' ')));
      const finder = new QueryTermFinder(terms);
      for (const text of texts) {
        const expected = findFirstTerm(text, terms);
        expect(finder.firstIn(text), `${query.join(' ')} in ${text.slice(0, 40)}`).toBe(expected);
        if (expected >= 0) found++;
      }
    }
    expect(found).toBeGreaterThan(400);
  });

  it('relies on a fact that holds: every term of an ASCII word starts with its first character', () => {
    // Two-letter stems with English and German endings, umlauts written out (ae, oe, ue) and Porter2's exceptions.
    const endings = ['', 's', 'es', 'ies', 'ing', 'ed', 'ly', 'y', 'en', 'ern', 'er', 'e', 'ung', 'heit', 'lich', 'ss'];
    const words = new Set(
      'aepfel oele uebung yes ying dying lying tying skis skies idly gently early only news'.split(' '),
    );
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    for (const a of letters) {
      for (const b of letters) for (const ending of endings) words.add(`${a}${b}${ending}`).add(`${a}e${b}${ending}`);
    }
    for (const word of WORDS) if (/^[a-z0-9]+$/i.test(word)) words.add(word.toLowerCase());
    const differing = [...words].filter((word) => termVariants(word).some((term) => term[0] !== word[0]));
    expect(words.size).toBeGreaterThan(20_000);
    expect(differing).toEqual([]);
  });

  it('finds nothing for a query without terms', () => {
    expect(new QueryTermFinder(new Set()).firstIn('meeting invoices')).toBe(-1);
  });
});
