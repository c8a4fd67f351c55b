// A document's tokenizer reads the title once and the sampled chunks once, and still gives each chunk exactly the
// terms of tokenising title + line break + chunk in the language of the joined sample, whatever the text.
import { describe, expect, it } from 'vitest';
import { bm25Text, documentTokenizer } from '../../../src/knowledge/text/bm25-text.js';
import { detectLanguage } from '../../../src/knowledge/text/language.js';
import { foldText, termFrequencies, tokenize, wordsOfFolded } from '../../../src/knowledge/text/tokenizer.js';
import { seeded } from '../search/index-fixtures.js';

const ENGLISH = 'the of and is are meetings boxes berries wing flow pressure layers'.split(' ');
const GERMAN = 'der das und ist nicht mit Straße Grüße Häuser über Zürich'.split(' ');
const OTHER = ['ΟΔΟΣ', 'σοφός', 'e\u0301cole', 'ﬁnance', '東京', '🚀', 'v2.3', '2026', 'x'.repeat(45), 'ÉTÉ', 'naïve'];
/** English, German and neither in turn: every outcome of the language vote comes up. */
const MIXES = [
  [...ENGLISH, ...ENGLISH, ...OTHER],
  [...GERMAN, ...GERMAN, ...OTHER],
  [...ENGLISH, ...GERMAN, ...OTHER],
];
const GLUE = [' ', ' ', ' ', '\n', '. ', ', ', '\n\n', ' — '];

function randomText(random: () => number, words: number, pool: readonly string[]): string {
  let text = '';
  for (let i = 0; i < words; i++) {
    text += pool[Math.floor(random() * pool.length)]! + GLUE[Math.floor(random() * GLUE.length)]!;
  }
  return text;
}

/** The language as told from the joined sample: the title, then the texts, up to 20,000 characters. */
function languageOfJoinedSample(title: string, texts: readonly string[]) {
  let sample = title;
  for (const text of texts) {
    if (sample.length >= 20_000) break;
    sample += `\n${text.slice(0, 20_000 - sample.length)}`;
  }
  return detectLanguage(wordsOfFolded(foldText(sample)));
}

describe('documentTokenizer', () => {
  it('gives each chunk the terms and counts of its whole text tokenised, in the joined sample’s language', () => {
    const random = seeded(17);
    const languages = new Set<string | undefined>();
    for (let doc = 0; doc < 60; doc++) {
      const pool = MIXES[Math.floor(doc / 3) % 3]!;
      const title = randomText(random, 1 + Math.floor(random() * 6), pool).trim();
      // Short documents, ones that fill the sample exactly, and long ones whose sample ends inside a chunk.
      const chunkWords = [20, 300, 2500][doc % 3]!;
      const texts = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
        randomText(random, 1 + Math.floor(random() * chunkWords), pool),
      );

      const tokenizer = documentTokenizer(title, texts);

      const language = languageOfJoinedSample(title, texts);
      languages.add(language);
      expect(tokenizer.language).toBe(language);
      for (const text of texts) {
        const terms = tokenize(bm25Text(title, text), language);
        expect(tokenizer.chunkTerms(text)).toEqual(terms);
        const counted = tokenizer.chunkCounts(text);
        expect(counted.length).toBe(terms.length);
        expect([...counted.frequencies]).toEqual([...termFrequencies(terms)]);
      }
    }
    expect(languages).toEqual(new Set(['en', 'de', undefined]));
  });

  it('tells English and German documents apart and leaves a list of names without a language', () => {
    const english = documentTokenizer('Notes', ['The flow of the air over the wing is what we measure.']);
    const german = documentTokenizer('Notizen', ['Das ist nicht die Straße, die wir mit dem Rad fahren.']);
    const names = documentTokenizer('Guests', ['Anna, Boris, Chiara, Dmitri']);

    expect([english.language, german.language, names.language]).toEqual(['en', 'de', undefined]);
  });
});
