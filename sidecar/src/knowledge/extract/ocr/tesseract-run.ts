// Runs Debian's `tesseract` command on one page image: the PNG goes in on stdin, the text comes back on stdout. The
// process runs in a process group of its own, so a page past its time box is killed with everything it started.
import { spawn } from 'node:child_process';

export interface TesseractRunOptions {
  /** The command (default `tesseract`, found on PATH). */
  command: string;
  /** Tesseract's language codes, e.g. ['eng', 'deu']. */
  languages: string[];
  /** The process group is killed after this long. */
  timeoutMs: number;
}

/** Why a page's OCR failed: out of time, or Tesseract could not read the image (or did not start). */
export type OcrFailureReason = 'time' | 'unreadable';

export class OcrFailure extends Error {
  constructor(readonly reason: OcrFailureReason) {
    super(reason === 'time' ? 'OCR of the page took too long.' : 'OCR could not read the page.');
    this.name = 'OcrFailure';
  }
}

/** Text kept from one page at most: a dense A4 page at 300 dpi holds about 5,000 characters. */
export const MAX_PAGE_TEXT_BYTES = 512 * 1024;

/**
 * The text Tesseract reads in `png`. `png` must be a PNG made by the sidecar itself: Tesseract takes input on stdin
 * that is not an image as a list of file names to read.
 */
export function runTesseract(png: Uint8Array, options: TesseractRunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, ['stdin', 'stdout', '-l', options.languages.join('+')], {
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore'],
      // One thread per process: concurrency is bounded by the number of processes (KNOWLEDGE_OCR_WORKERS).
      env: { OMP_THREAD_LIMIT: '1', PATH: '/usr/local/bin:/usr/bin:/bin' },
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    const finish = (outcome: { text: string } | { failure: OcrFailure }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if ('text' in outcome) resolve(outcome.text);
      else reject(outcome.failure);
    };
    const timer = setTimeout(() => {
      killGroup(child.pid);
      finish({ failure: new OcrFailure('time') });
    }, options.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      if (kept >= MAX_PAGE_TEXT_BYTES) return;
      chunks.push(chunk.subarray(0, MAX_PAGE_TEXT_BYTES - kept));
      kept += chunk.length;
    });
    child.on('error', () => finish({ failure: new OcrFailure('unreadable') }));
    child.on('close', (code) => {
      if (code !== 0) return finish({ failure: new OcrFailure('unreadable') });
      finish({ text: normalizeText(Buffer.concat(chunks).toString('utf8')) });
    });
    // A process that dies before reading its input closes the pipe: that is its exit code's story, not a crash.
    child.stdin.on('error', () => undefined);
    child.stdin.end(png);
  });
}

/** Kills the process and everything it started; a group already gone is fine. */
function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already ended.
  }
}

/** Tesseract ends pages with a form feed and leaves blank lines between blocks. */
function normalizeText(text: string): string {
  return text
    .replace(/\f/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
