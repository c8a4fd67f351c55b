// KNOWLEDGE_DOCUMENT_*: the time box of reading an Office or other document (30 s, at most 600 s), the entries a zip
// container may hold (10,000, at most 1,000,000) and the mebibytes its entries may expand to (200, at most 2048).
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

describe('KNOWLEDGE_DOCUMENT_TIMEOUT, KNOWLEDGE_DOCUMENT_MAX_ENTRIES and KNOWLEDGE_DOCUMENT_MAX_EXPANDED_MB', () => {
  it('are 30 seconds, 10,000 entries and 200 MiB unless set, the values given otherwise', () => {
    const given = {
      ...BASIC,
      KNOWLEDGE_DOCUMENT_TIMEOUT: '5',
      KNOWLEDGE_DOCUMENT_MAX_ENTRIES: '50',
      KNOWLEDGE_DOCUMENT_MAX_EXPANDED_MB: '16',
    };

    const settings = [parseSettings(BASIC), parseSettings(given)].map(({ knowledge }) => knowledge.documentText);

    expect(settings).toEqual([
      { timeoutMs: 30_000, maxEntries: 10_000, maxExpandedBytes: 200 * 1024 * 1024 },
      { timeoutMs: 5_000, maxEntries: 50, maxExpandedBytes: 16 * 1024 * 1024 },
    ]);
  });

  it.each([
    [{ KNOWLEDGE_DOCUMENT_TIMEOUT: '601' }, /^KNOWLEDGE_DOCUMENT_TIMEOUT must be at most 600/],
    [{ KNOWLEDGE_DOCUMENT_MAX_ENTRIES: '0' }, /^KNOWLEDGE_DOCUMENT_MAX_ENTRIES must be a positive whole number/],
    [{ KNOWLEDGE_DOCUMENT_MAX_EXPANDED_MB: '4096' }, /^KNOWLEDGE_DOCUMENT_MAX_EXPANDED_MB must be at most 2048/],
  ])('refuses %o with a clear problem', (env, problem) => {
    const problems = problemsOf(env);

    expect(problems).toEqual([expect.stringMatching(problem)]);
  });
});
