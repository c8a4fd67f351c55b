// Runs Debian's `tesseract` command on one page image: the PNG goes in on stdin, the text comes back on stdout. The
// process runs in a process group of its own, so a page past its time box is killed with everything it started, and
// under an address-space limit (`ulimit -v` of the shell that execs it), so a page that needs more memory fails.
import { spawn } from 'node:child_process';

export interface TesseractRunOptions {
  /** The command (default `tesseract`, found on PATH). */
  command: string;
  /** Tesseract's language codes, e.g. ['eng', 'deu']. */
  languages: string[];
  /** The process group is killed after this long. */
  timeoutMs: number;
  /** Address space of the process in MB (RLIMIT_AS: its libraries and language data count too). */
  memoryMb: number;
}

/** Why a page's OCR failed: out of time, out of memory, or Tesseract could not read the image (or did not start). */
export type OcrFailureReason = 'time' | 'memory' | 'unreadable';

const FAILURE_MESSAGES: Record<OcrFailureReason, string> = {
  time: 'OCR of the page took too long.',
  memory: 'OCR of the page needs more memory than Tesseract may use.',
  unreadable: 'OCR could not read the page.',
};

export class OcrFailure extends Error {
  constructor(readonly reason: OcrFailureReason) {
    super(FAILURE_MESSAGES[reason]);
    this.name = 'OcrFailure';
  }
}

/**
 * What Tesseract 5.3 (Debian 12) writes to stderr when the address-space limit stops it: Leptonica's "pixdata_malloc
 * fail", C++'s std::bad_alloc, or the loader's "failed to map segment" for a limit below its libraries (measured).
 */
const OUT_OF_MEMORY = /malloc fail|bad_alloc|failed to map segment|cannot allocate memory|out of memory/i;
/** Stderr kept to look for OUT_OF_MEMORY: the first lines say it. */
const MAX_STDERR_BYTES = 16 * 1024;
/** Runs the command with the address-space limit ($1, in KB) set in the shell that then becomes the command. */
const UNDER_MEMORY_LIMIT = 'ulimit -v "$1" && shift && exec "$@"';

/** Text kept from one page at most: a dense A4 page at 300 dpi holds about 5,000 characters. */
export const MAX_PAGE_TEXT_BYTES = 512 * 1024;

/**
 * The text Tesseract reads in `png`. `png` must be a PNG made by the sidecar itself: Tesseract takes input on stdin
 * that is not an image as a list of file names to read.
 */
export function runTesseract(png: Uint8Array, options: TesseractRunOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const tesseract = [options.command, 'stdin', 'stdout', '-l', options.languages.join('+')];
    const limitKb = String(options.memoryMb * 1024);
    const child = spawn('/bin/sh', ['-c', UNDER_MEMORY_LIMIT, 'sh', limitKb, ...tesseract], {
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      // One thread per process: concurrency is bounded by the number of processes (KNOWLEDGE_OCR_WORKERS).
      env: { OMP_THREAD_LIMIT: '1', PATH: '/usr/local/bin:/usr/bin:/bin' },
    });
    const chunks: Buffer[] = [];
    let kept = 0;
    let stderr = '';
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
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_STDERR_BYTES) stderr += chunk.toString('utf8', 0, MAX_STDERR_BYTES - stderr.length);
    });
    child.on('error', () => finish({ failure: new OcrFailure('unreadable') }));
    child.on('close', (code) => {
      if (code !== 0) return finish({ failure: new OcrFailure(OUT_OF_MEMORY.test(stderr) ? 'memory' : 'unreadable') });
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
