// KNOWLEDGE_NEXTCLOUD_SEARCH_*: the bounds of asking Nextcloud's unified search beside the index, with their
// defaults, and refusals of values out of range.
import { describe, expect, it } from 'vitest';
import { parseNextcloudSearchSettings } from '../../src/settings/nextcloud-search-settings.js';

const parse = (env: Record<string, string>) => {
  const problems: string[] = [];
  return { settings: parseNextcloudSearchSettings((name) => env[name], problems), problems };
};

describe('parseNextcloudSearchSettings', () => {
  it('defaults to 3 s per provider, 5 s in all and 5 hits per provider', () => {
    const { settings, problems } = parse({});

    expect(settings).toEqual({ providerTimeoutMs: 3000, deadlineMs: 5000, limitPerProvider: 5 });
    expect(problems).toEqual([]);
  });

  it('refuses a deadline below the provider timeout, a timeout beyond 30 s and more than 25 hits', () => {
    const { problems } = parse({
      KNOWLEDGE_NEXTCLOUD_SEARCH_TIMEOUT_MS: '40000',
      KNOWLEDGE_NEXTCLOUD_SEARCH_DEADLINE_MS: '2000',
      KNOWLEDGE_NEXTCLOUD_SEARCH_LIMIT: '26',
    });

    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(
      /TIMEOUT_MS must be from 100 to 30000[\s\S]*must not be below[\s\S]*at most 25/,
    );
  });
});
