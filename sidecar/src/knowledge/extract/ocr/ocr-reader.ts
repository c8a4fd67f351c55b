// OCR for the files source: the text of images (PNG, JPEG, TIFF) and of a PDF's image-only pages, read page by page
// with Tesseract (a process per page, time-boxed per page and per document, memory-bounded, killed past its time),
// pages rendered by mupdf in worker threads, users taking turns for the Tesseract processes. What OCR could not read
// is said: a skip reason for an image, a note for a PDF.
import type { OcrSettings } from '../../../settings/ocr-settings.js';
import { DocumentSkippedError } from '../../sync/sync-source.js';
import type { OcrState } from './ocr-image-types.js';
import { createOcrTurns } from './ocr-turns.js';
import { createPageImages, PageImageFailure, type PageImageFailureReason } from './page-images.js';
import { checkTesseractLanguages } from './tesseract-languages.js';
import { OcrFailure, runTesseract } from './tesseract-run.js';

/** What the knowledge status says of OCR. */
export interface OcrStatus {
  enabled: boolean;
  languages: string[];
  /** Why OCR is on but does not read scans (Tesseract or a language missing); null when it reads them. */
  warning: string | null;
}

export interface OcrText {
  /** One string per page (a page OCR could not read is ''). */
  pages: string[];
  /** Why text is missing from some pages; absent when every page was read. */
  note?: string;
}

export interface OcrReader {
  readonly state: OcrState;
  status(): OcrStatus;
  /** The text of an image's pages; DocumentSkippedError when its first page cannot be read. */
  readImage(userId: string, bytes: Uint8Array, mimeType: string): Promise<OcrText>;
  /** `pages` (a PDF's text, '' for an image-only page) with the empty pages read by OCR, up to the page limit. */
  readScannedPages(userId: string, pdf: Uint8Array, pages: string[]): Promise<OcrText>;
  close(): Promise<void>;
}

export interface OcrReaderOptions {
  settings: OcrSettings;
  /** The Tesseract command (default `tesseract` on PATH; tests name a missing one). */
  command?: string;
  /** Told once when OCR is on but cannot read scans. */
  onWarning?: (message: string) => void;
}

/** Added to the page's time box for rendering it: a worker's start and decoding a large image. */
const RENDER_GRACE_MS = 30_000;

/** Tesseract's time left for one document (KNOWLEDGE_OCR_DOCUMENT_TIMEOUT); waiting for a turn does not count. */
interface OcrBudget {
  leftMs(): number;
  spend(ms: number): void;
}

function ocrBudget(totalMs: number): OcrBudget {
  let spent = 0;
  return { leftMs: () => totalMs - spent, spend: (ms) => (spent += ms) };
}

/** Checks Tesseract and its languages once, then reads scans (or says, in its state and status, why it does not). */
export async function createOcrReader(options: OcrReaderOptions): Promise<OcrReader> {
  const { settings } = options;
  const command = options.command ?? 'tesseract';
  const readiness = settings.enabled
    ? await checkTesseractLanguages(command, settings.languages)
    : ({ ready: false, warning: '' } as const);
  const state: OcrState = !settings.enabled ? 'off' : readiness.ready ? 'ready' : 'unavailable';
  const warning = readiness.ready || !settings.enabled ? null : readiness.warning;
  if (warning) options.onWarning?.(warning);
  const turns = createOcrTurns(settings.workers);
  let images: ReturnType<typeof createPageImages> | undefined;
  const pageImages = () =>
    (images ??= createPageImages({
      workers: settings.workers,
      maxPixels: settings.maxPixels,
      timeoutMs: settings.pageTimeoutMs + RENDER_GRACE_MS,
    }));

  /** One page's text: rendered, then read by Tesseract in this user's turn, within the page's and the budget's time. */
  const readPage = async (
    userId: string,
    bytes: Uint8Array,
    mimeType: string,
    pageIndex: number,
    budget: OcrBudget,
  ) => {
    const { png, pageCount } = await pageImages().render(bytes, mimeType, pageIndex);
    const giveBack = await turns.take(userId);
    const started = Date.now();
    try {
      const text = await runTesseract(png, {
        command,
        languages: settings.languages,
        timeoutMs: Math.max(1, Math.min(settings.pageTimeoutMs, budget.leftMs())),
        memoryMb: settings.memoryMb,
      });
      return { text, pageCount };
    } finally {
      budget.spend(Date.now() - started);
      giveBack();
    }
  };

  return {
    state,
    status: () => ({ enabled: settings.enabled, languages: settings.languages, warning }),
    readImage: async (userId, bytes, mimeType) => {
      const budget = ocrBudget(settings.documentTimeoutMs);
      let first: { text: string; pageCount: number };
      try {
        first = await readPage(userId, bytes, mimeType, 0, budget);
      } catch (error) {
        throw new DocumentSkippedError(`image: ${describeFailure(error)}`);
      }
      const pages = [first.text];
      let note: string | undefined;
      const count = Math.min(first.pageCount, settings.maxPages);
      for (let index = 1; index < count; index++) {
        if (budget.leftMs() <= 0) {
          note ??= 'image: pages beyond the OCR time limit';
          break;
        }
        try {
          pages.push((await readPage(userId, bytes, mimeType, index, budget)).text);
        } catch (error) {
          pages.push('');
          const failure = describeFailure(error);
          if (budget.leftMs() <= 0) {
            note ??= 'image: pages beyond the OCR time limit';
            break;
          }
          note ??= `image: a page ${failure}`;
        }
      }
      if (first.pageCount > settings.maxPages) note ??= 'image: pages beyond the OCR page limit';
      return note ? { pages, note } : { pages };
    },
    readScannedPages: async (userId, pdf, pages) => {
      const budget = ocrBudget(settings.documentTimeoutMs);
      const read = [...pages];
      let note: string | undefined;
      let done = 0;
      for (const [index, text] of pages.entries()) {
        if (text !== '') continue;
        if (done >= settings.maxPages) {
          note ??= 'PDF: scanned pages beyond the OCR page limit';
          break;
        }
        if (budget.leftMs() <= 0) {
          note ??= 'PDF: scanned pages beyond the OCR time limit';
          break;
        }
        done += 1;
        try {
          read[index] = (await readPage(userId, pdf, 'application/pdf', index, budget)).text;
        } catch (error) {
          const failure = describeFailure(error);
          if (budget.leftMs() <= 0) {
            note ??= 'PDF: scanned pages beyond the OCR time limit';
            break;
          }
          note ??= `PDF: a scanned page ${failure}`;
        }
      }
      return note ? { pages: read, note } : { pages: read };
    },
    close: async () => {
      await images?.close();
    },
  };
}

const OCR_FAILURE_REASONS: Record<OcrFailure['reason'], string> = {
  time: 'took too long for OCR',
  memory: 'needs too much memory for OCR',
  unreadable: 'could not be read by OCR',
};

const PAGE_IMAGE_REASONS: Record<PageImageFailureReason, string> = {
  unreadable: 'could not be read',
  pixels: 'has too many pixels for OCR',
  time: 'took too long to render for OCR',
};

/** Short and stable, like every skip reason: the status counts documents by it. */
function describeFailure(error: unknown): string {
  if (error instanceof OcrFailure) return OCR_FAILURE_REASONS[error.reason];
  if (error instanceof PageImageFailure) return PAGE_IMAGE_REASONS[error.reason];
  throw error;
}
