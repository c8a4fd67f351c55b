// The sync queue's bounds: VECTOR_SYNC_QUEUE_MAX over all users (100000) and VECTOR_SYNC_QUEUE_MAX_PER_USER (20000,
// never above the total), each a positive whole number; the webhook replay window WEBHOOK_MAX_AGE_SECONDS (3600).
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

describe('VECTOR_SYNC_QUEUE_MAX and VECTOR_SYNC_QUEUE_MAX_PER_USER', () => {
  it('are 100000 and 20000 unless set, the values given otherwise, and one user never more than the total', () => {
    const settings = [
      parseSettings(BASIC),
      parseSettings({ ...BASIC, VECTOR_SYNC_QUEUE_MAX: '500', VECTOR_SYNC_QUEUE_MAX_PER_USER: '50' }),
      parseSettings({ ...BASIC, VECTOR_SYNC_QUEUE_MAX: '500' }),
    ];

    expect(settings.map(({ knowledge }) => [knowledge.queueMax, knowledge.queueMaxPerUser])).toEqual([
      [100_000, 20_000],
      [500, 50],
      [500, 500],
    ]);
  });

  it.each(['0', '-5', '1.5', 'many'])('refuses VECTOR_SYNC_QUEUE_MAX_PER_USER=%s with a clear problem', (value) => {
    const problems = problemsOf({ VECTOR_SYNC_QUEUE_MAX_PER_USER: value });

    expect(problems).toEqual([expect.stringMatching(/^VECTOR_SYNC_QUEUE_MAX_PER_USER must be/)]);
  });
});

describe('WEBHOOK_MAX_AGE_SECONDS', () => {
  it('is an hour unless set, and the value given otherwise', () => {
    const settings = [parseSettings(BASIC), parseSettings({ ...BASIC, WEBHOOK_MAX_AGE_SECONDS: '600' })];

    expect(settings.map(({ knowledge }) => knowledge.webhookMaxAgeMs)).toEqual([3_600_000, 600_000]);
  });

  it.each(['0', '59', '86401', 'soon'])('refuses %s with a clear problem', (value) => {
    const problems = problemsOf({ WEBHOOK_MAX_AGE_SECONDS: value });

    expect(problems).toEqual([expect.stringMatching(/^WEBHOOK_MAX_AGE_SECONDS must be/)]);
  });
});

describe('KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE', () => {
  it('is 12 unless set, the value given otherwise, and at most 600', () => {
    const settings = [
      parseSettings(BASIC),
      parseSettings({ ...BASIC, KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE: '3' }),
      parseSettings({ ...BASIC, KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE: '5000' }),
    ];

    expect(settings.map(({ knowledge }) => knowledge.rescanNoticesPerMinute)).toEqual([12, 3, 600]);
  });

  it.each(['0', '-1', 'often'])('refuses %s with a clear problem', (value) => {
    const problems = problemsOf({ KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE: value });

    expect(problems).toEqual([expect.stringMatching(/^KNOWLEDGE_RESCAN_NOTICES_PER_MINUTE must be/)]);
  });
});
