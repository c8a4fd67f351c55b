// The old VECTOR_SYNC_* names of the KNOWLEDGE_* settings: alone they apply with a notice naming the new name; beside
// the new name they must agree, or start-up fails naming both.
import { describe, expect, it } from 'vitest';
import { SETTING_ALIASES } from '../../src/settings/setting-aliases.js';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

describe('old names of the knowledge settings', () => {
  it('applies an old name set alone and logs one notice naming the new one', () => {
    const settings = parseSettings({ ...BASIC, VECTOR_SYNC_ENABLED: 'true', VECTOR_SYNC_WORKERS: '3' });

    expect([settings.knowledge.enabled, settings.knowledge.workers]).toEqual([true, 3]);
    expect(settings.notices.filter((notice) => notice.message.includes('VECTOR_SYNC_'))).toEqual([
      {
        level: 'warn',
        message: 'VECTOR_SYNC_ENABLED is an old name of KNOWLEDGE_ENABLED; set KNOWLEDGE_ENABLED instead.',
      },
      {
        level: 'warn',
        message: 'VECTOR_SYNC_WORKERS is an old name of KNOWLEDGE_WORKERS; set KNOWLEDGE_WORKERS instead.',
      },
    ]);
  });

  it('refuses to start when the old and the new name are set to different values, naming both', () => {
    const problems = problemsOf({ KNOWLEDGE_ENABLED: 'true', VECTOR_SYNC_ENABLED: 'false' });

    expect(problems).toEqual([
      'KNOWLEDGE_ENABLED ("true") and its old name VECTOR_SYNC_ENABLED ("false") are both set, to different values; ' +
        'keep only KNOWLEDGE_ENABLED.',
    ]);
  });

  it('accepts the old and the new name set to the same value', () => {
    const settings = parseSettings({ ...BASIC, KNOWLEDGE_QUEUE_MAX: '500', VECTOR_SYNC_QUEUE_MAX: '500' });

    expect(settings.knowledge.queueMax).toBe(500);
  });

  it('reads the new names without a notice', () => {
    const settings = parseSettings({ ...BASIC, KNOWLEDGE_ENABLED: 'true', KNOWLEDGE_PDF_WORKERS: '4' });

    expect([settings.knowledge.enabled, settings.knowledge.pdfText.workers]).toEqual([true, 4]);
    expect(settings.notices.filter((notice) => notice.message.includes('KNOWLEDGE_'))).toEqual([]);
  });

  it('names a wrong value by the name the deployment set', () => {
    const problems = [problemsOf({ KNOWLEDGE_WORKERS: 'many' }), problemsOf({ VECTOR_SYNC_WORKERS: 'many' })];

    expect(problems).toEqual([
      ['KNOWLEDGE_WORKERS must be a positive whole number (got "many").'],
      ['VECTOR_SYNC_WORKERS must be a positive whole number (got "many").'],
    ]);
  });

  it('gives every old VECTOR_SYNC_* name a KNOWLEDGE_* name', () => {
    const pairs = Object.entries(SETTING_ALIASES);

    expect(pairs.every(([current, old]) => current === old.replace(/^VECTOR_SYNC_/, 'KNOWLEDGE_'))).toBe(true);
    expect(pairs).toHaveLength(11);
  });
});
