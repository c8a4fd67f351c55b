// KNOWLEDGE_OCR_*: OCR off by default in English, a page's time box (60 s, at most 600), a document's (600 s, at most
// 7200), Tesseract's memory (1024 MB, 256 to 16384), scanned pages per document (50), the largest image (40
// megapixels) and Tesseract processes at once (1, at most 8); bad values are problems.
import { describe, expect, it } from 'vitest';
import { parseSettings } from '../../src/settings/settings.js';
import { BASIC, problemsOf } from './problems.js';

describe('KNOWLEDGE_OCR_*', () => {
  it('are off, English, 60 s a page, 600 s a document, 1024 MB, 50 pages, 40 megapixels and one process unless set', () => {
    const { ocr } = parseSettings(BASIC).knowledge;

    expect(ocr).toEqual({
      enabled: false,
      languages: ['eng'],
      pageTimeoutMs: 60_000,
      documentTimeoutMs: 600_000,
      memoryMb: 1024,
      maxPages: 50,
      maxPixels: 40_000_000,
      workers: 1,
    });
  });

  it('take the values given, languages joined by + or a comma', () => {
    const { ocr } = parseSettings({
      ...BASIC,
      KNOWLEDGE_OCR_ENABLED: 'true',
      KNOWLEDGE_OCR_LANGUAGES: 'eng+deu, chi_sim',
      KNOWLEDGE_OCR_PAGE_TIMEOUT: '5',
      KNOWLEDGE_OCR_DOCUMENT_TIMEOUT: '20',
      KNOWLEDGE_OCR_MEMORY_MB: '512',
      KNOWLEDGE_OCR_MAX_PAGES: '3',
      KNOWLEDGE_OCR_MAX_PIXELS: '1000000',
      KNOWLEDGE_OCR_WORKERS: '2',
    }).knowledge;

    expect(ocr).toEqual({
      enabled: true,
      languages: ['eng', 'deu', 'chi_sim'],
      pageTimeoutMs: 5_000,
      documentTimeoutMs: 20_000,
      memoryMb: 512,
      maxPages: 3,
      maxPixels: 1_000_000,
      workers: 2,
    });
  });

  it.each([
    [{ KNOWLEDGE_OCR_ENABLED: 'maybe' }, /^KNOWLEDGE_OCR_ENABLED must be/],
    [{ KNOWLEDGE_OCR_LANGUAGES: 'eng+../etc' }, /^KNOWLEDGE_OCR_LANGUAGES holds codes that are not .*: \.\.\/etc\.$/],
    [{ KNOWLEDGE_OCR_LANGUAGES: 'a1+b2+c3+d4+e5+f6+g7+h8+i9' }, /^KNOWLEDGE_OCR_LANGUAGES names at most 8/],
    [{ KNOWLEDGE_OCR_PAGE_TIMEOUT: '601' }, /^KNOWLEDGE_OCR_PAGE_TIMEOUT must be at most 600/],
    [{ KNOWLEDGE_OCR_DOCUMENT_TIMEOUT: '7201' }, /^KNOWLEDGE_OCR_DOCUMENT_TIMEOUT must be at most 7200/],
    [{ KNOWLEDGE_OCR_MEMORY_MB: '255' }, /^KNOWLEDGE_OCR_MEMORY_MB must be between 256 and 16384/],
    [{ KNOWLEDGE_OCR_MEMORY_MB: '16385' }, /^KNOWLEDGE_OCR_MEMORY_MB must be between 256 and 16384/],
    [{ KNOWLEDGE_OCR_MAX_PAGES: '0' }, /^KNOWLEDGE_OCR_MAX_PAGES must be a positive whole number/],
    [{ KNOWLEDGE_OCR_MAX_PIXELS: '400000001' }, /^KNOWLEDGE_OCR_MAX_PIXELS must be at most 400000000/],
    [{ KNOWLEDGE_OCR_WORKERS: '9' }, /^KNOWLEDGE_OCR_WORKERS must be at most 8/],
  ])('refuses %o with a clear problem', (env, problem) => {
    expect(problemsOf(env)).toEqual([expect.stringMatching(problem)]);
  });
});
