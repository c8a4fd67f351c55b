// Tells the language of a text from its terms by a stop-word vote (English or German), or undefined when neither
// language's function words clearly dominate: such text is not stemmed.
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Frequent function words as folded words (lower case, accents dropped, no plural fold). Words both languages use
 * ("in", "an", "so", "was", "die", "will", "also", "hat") are left out, so they vote for neither.
 */
const STOP_WORDS: Record<Language, ReadonlySet<string>> = {
  en: new Set(
    (
      'the of and to is are be been being for on with that this these those from by at or as it its not but which ' +
      'what when where who how than then there their they them we you he she his her our your can could would ' +
      'should must may might have has had do does did into about over under between through after before such other ' +
      'more most some any each only very'
    ).split(' '),
  ),
  de: new Set(
    (
      'der das und ist sind sein den dem des ein eine einer einem einen nicht mit von zu zum zur auf fur uber ' +
      'unter auch noch nur wie wenn wird werden wurde wurden kann konnen muss sich wir ihr sie er es ich du dass ' +
      'oder aber bei aus nach vor durch gegen ohne um mehr sehr schon dieser diese dieses welche haben hatte'
    ).split(' '),
  ),
};

/** Each function word with a bit per language (the LANGUAGES index) it is one of: one look-up a word for the vote. */
const VOTES = new Map<string, number>();
for (const [n, language] of LANGUAGES.entries()) {
  for (const word of STOP_WORDS[language]) VOTES.set(word, (VOTES.get(word) ?? 0) | (1 << n));
}

/** A function word of `language` (one of the words the vote counts). */
export function isStopWord(word: string, language: Language): boolean {
  return STOP_WORDS[language].has(word);
}

/** Words looked at: enough for a vote, bounded for a long document. */
export const SAMPLE_WORDS = 2000;
/** The winner needs this share of the sampled words (prose has 30–50 % function words; lists and code far less). */
const MIN_SHARE = 0.04;
/** …and this many times the other language's votes. */
const MIN_LEAD = 2;

/** The language of text whose folded words (`wordsOfFolded`) are `words`, or undefined. */
export function detectLanguage(words: readonly string[]): Language | undefined {
  const length = Math.min(words.length, SAMPLE_WORDS);
  if (length === 0) return undefined;
  const counts = LANGUAGES.map(() => 0);
  for (let i = 0; i < length; i++) {
    const votes = VOTES.get(words[i]!);
    if (votes !== undefined) for (let n = 0; n < counts.length; n++) counts[n]! += (votes >> n) & 1;
  }
  // Most votes first; a tie keeps the order of LANGUAGES.
  const votes = LANGUAGES.map((language, n) => ({ language, count: counts[n]! })).sort((a, b) => b.count - a.count);
  const [first, second] = votes as [(typeof votes)[0], (typeof votes)[0]];
  if (first.count === 0 || first.count < MIN_SHARE * length) return undefined;
  return first.count >= MIN_LEAD * second.count ? first.language : undefined;
}
