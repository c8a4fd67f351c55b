// VECTOR_SYNC_PDF_*: PDF text workers (one per core beyond the first, at most two, unless set; at most 8), the time
// boxes of a page (10 s) and of a document (60 s, at most 600 s, never shorter than a page's), and each worker's
// WebAssembly memory (256 MB, 64 to 2048).
import { describe, expect, it } from 'vitest';
import { parsePdfTextSettings } from '../../src/settings/pdf-text-settings.js';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

describe('VECTOR_SYNC_PDF_WORKERS', () => {
  it('is one worker per core beyond the first, at least one and at most two, unless set', () => {
    const workers = [1, 2, 3, 16].map((cores) => parsePdfTextSettings(() => undefined, [], cores).workers);
    const set = parseSettings({ ...BASIC, VECTOR_SYNC_PDF_WORKERS: '5' }).knowledge.pdfText.workers;

    expect([...workers, set]).toEqual([1, 1, 2, 2, 5]);
  });

  it.each(['0', '9', '1.5', 'many'])('refuses %s with a clear problem', (value) => {
    const problems = problemsOf({ VECTOR_SYNC_PDF_WORKERS: value });

    expect(problems).toEqual([expect.stringMatching(/^VECTOR_SYNC_PDF_WORKERS must be/)]);
  });
});

describe('VECTOR_SYNC_PDF_PAGE_TIMEOUT and VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT', () => {
  it('are 10 and 60 seconds unless set, the values given otherwise', () => {
    const settings = [
      parseSettings(BASIC),
      parseSettings({ ...BASIC, VECTOR_SYNC_PDF_PAGE_TIMEOUT: '2', VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT: '30' }),
    ];

    expect(
      settings.map(({ knowledge }) => [knowledge.pdfText.pageTimeoutMs, knowledge.pdfText.documentTimeoutMs]),
    ).toEqual([
      [10_000, 60_000],
      [2_000, 30_000],
    ]);
  });

  it.each([
    [{ VECTOR_SYNC_PDF_PAGE_TIMEOUT: '0' }, /^VECTOR_SYNC_PDF_PAGE_TIMEOUT must be a positive whole number/],
    [{ VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT: '2.5' }, /^VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT must be a positive whole number/],
    [{ VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT: '601' }, /^VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT must be at most 600 seconds/],
    [
      { VECTOR_SYNC_PDF_PAGE_TIMEOUT: '30', VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT: '20' },
      /^VECTOR_SYNC_PDF_PAGE_TIMEOUT \(30 s\) must not exceed VECTOR_SYNC_PDF_DOCUMENT_TIMEOUT \(20 s\)/,
    ],
  ])('refuses %o with a clear problem', (env, problem) => {
    const problems = problemsOf(env);

    expect(problems).toEqual([expect.stringMatching(problem)]);
  });
});

describe('VECTOR_SYNC_PDF_WORKER_MEMORY_MB', () => {
  it('is 256 MB unless set, the value given otherwise', () => {
    const settings = ['', '512'].map((value) =>
      parseSettings(value === '' ? BASIC : { ...BASIC, VECTOR_SYNC_PDF_WORKER_MEMORY_MB: value }),
    );

    expect(settings.map(({ knowledge }) => knowledge.pdfText.workerMemoryMb)).toEqual([256, 512]);
  });

  it.each(['0', '63', '2049', '1GB'])('refuses %s with a clear problem', (value) => {
    const problems = problemsOf({ VECTOR_SYNC_PDF_WORKER_MEMORY_MB: value });

    expect(problems).toEqual([expect.stringMatching(/^VECTOR_SYNC_PDF_WORKER_MEMORY_MB must be/)]);
  });
});
