// Settings of reading scans for the knowledge index with Tesseract: on or off, its languages, the time boxes of a page
// and of a document, Tesseract's memory, pages per document, the largest image and how many processes run at once.
import { parseBoolean, parsePositiveInteger } from './parsers.js';

export interface OcrSettings {
  /** KNOWLEDGE_OCR_ENABLED (default false): read image-only PDF pages and PNG, JPEG and TIFF images with Tesseract. */
  enabled: boolean;
  /** KNOWLEDGE_OCR_LANGUAGES (default `eng`; `+` or `,` between several, e.g. `eng+deu`): Tesseract's language codes. */
  languages: string[];
  /** KNOWLEDGE_OCR_PAGE_TIMEOUT (seconds, default 60, at most 600) in ms: a page's OCR still running is killed. */
  pageTimeoutMs: number;
  /**
   * KNOWLEDGE_OCR_DOCUMENT_TIMEOUT (seconds, default 600, at most 7200) in ms: Tesseract's time over all pages of one
   * document; the pages after it are left unread (noted), a page running when it ends is killed.
   */
  documentTimeoutMs: number;
  /**
   * KNOWLEDGE_OCR_MEMORY_MB (default 1024, 256 to 16384): the address space one Tesseract process may use (its
   * libraries and language data included); a page that needs more is not read (`needs too much memory for OCR`).
   */
  memoryMb: number;
  /** KNOWLEDGE_OCR_MAX_PAGES (default 50, at most 2000): scanned pages of one document read at most. */
  maxPages: number;
  /**
   * KNOWLEDGE_OCR_MAX_PIXELS (default 40,000,000, at most 400,000,000): an image with more pixels is skipped; a PDF
   * page is rendered at a lower resolution to stay below it.
   */
  maxPixels: number;
  /** KNOWLEDGE_OCR_WORKERS (default 1, at most 8): Tesseract processes running at once, over all users. */
  workers: number;
}

export const DEFAULT_OCR_LANGUAGES = ['eng'];
const MAX_TIMEOUT_SECONDS = 600;
const MAX_DOCUMENT_TIMEOUT_SECONDS = 7200;
/** Tesseract 5 maps about 130 MB of libraries and language data before it reads a pixel. */
const MIN_MEMORY_MB = 256;
const MAX_MEMORY_MB = 16384;
const MAX_PAGES = 2000;
const MAX_PIXELS = 400_000_000;
const MAX_WORKERS = 8;
const MAX_LANGUAGES = 8;
/** Tesseract's language codes: `eng`, `chi_sim`, `deu_latf`, and scripts as `script/Latin`. */
const LANGUAGE_CODE = /^(script\/)?[A-Za-z][A-Za-z0-9_]{1,31}$/;

export function parseOcrSettings(read: (name: string) => string | undefined, problems: string[]): OcrSettings {
  const setting = (name: string, fallback: number, max: number) => {
    const value = parsePositiveInteger(name, read(name), problems) ?? fallback;
    if (value > max) problems.push(`${name} must be at most ${max} (got ${value}).`);
    return Math.min(value, max);
  };
  return {
    enabled: parseBoolean('KNOWLEDGE_OCR_ENABLED', read('KNOWLEDGE_OCR_ENABLED'), problems) ?? false,
    languages: parseLanguages(read('KNOWLEDGE_OCR_LANGUAGES'), problems),
    pageTimeoutMs: setting('KNOWLEDGE_OCR_PAGE_TIMEOUT', 60, MAX_TIMEOUT_SECONDS) * 1000,
    documentTimeoutMs: setting('KNOWLEDGE_OCR_DOCUMENT_TIMEOUT', 600, MAX_DOCUMENT_TIMEOUT_SECONDS) * 1000,
    memoryMb: memorySetting(read, problems),
    maxPages: setting('KNOWLEDGE_OCR_MAX_PAGES', 50, MAX_PAGES),
    maxPixels: setting('KNOWLEDGE_OCR_MAX_PIXELS', 40_000_000, MAX_PIXELS),
    workers: setting('KNOWLEDGE_OCR_WORKERS', 1, MAX_WORKERS),
  };
}

function memorySetting(read: (name: string) => string | undefined, problems: string[]): number {
  const value = parsePositiveInteger('KNOWLEDGE_OCR_MEMORY_MB', read('KNOWLEDGE_OCR_MEMORY_MB'), problems) ?? 1024;
  if (value < MIN_MEMORY_MB || value > MAX_MEMORY_MB) {
    problems.push(`KNOWLEDGE_OCR_MEMORY_MB must be between ${MIN_MEMORY_MB} and ${MAX_MEMORY_MB} (got ${value}).`);
  }
  return Math.min(Math.max(value, MIN_MEMORY_MB), MAX_MEMORY_MB);
}

function parseLanguages(raw: string | undefined, problems: string[]): string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_OCR_LANGUAGES;
  const codes = raw
    .split(/[+,]/)
    .map((code) => code.trim())
    .filter(Boolean);
  const invalid = codes.filter((code) => !LANGUAGE_CODE.test(code));
  if (invalid.length > 0) {
    problems.push(`KNOWLEDGE_OCR_LANGUAGES holds codes that are not Tesseract language names: ${invalid.join(', ')}.`);
  }
  if (codes.length > MAX_LANGUAGES) {
    problems.push(`KNOWLEDGE_OCR_LANGUAGES names at most ${MAX_LANGUAGES} languages (got ${codes.length}).`);
  }
  const unique = [...new Set(codes)];
  return unique.length > 0 ? unique : DEFAULT_OCR_LANGUAGES;
}
