// The default log destination: every line arrives, in order; a lone line is written at once, a burst once its
// window ends; lines still waiting are written when the process exits or dies of an uncaught exception.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createBatchedDestination } from '../../src/logging/batched-destination.js';
import { makeTempDir } from '../support/temp-dir.js';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CHILD = new URL('./batched-exit-child.ts', import.meta.url).pathname;
const dir = makeTempDir('batched-log-');
afterAll(() => dir.remove());

/** Waits until `file` holds `expected` (at most 2 s); the time it took in ms. */
async function waitForContent(file: string, expected: string): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 2000) {
    if (contentOf(file) === expected) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`the log holds ${JSON.stringify(contentOf(file))}, not ${JSON.stringify(expected)}`);
}

function contentOf(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function runChild(how: 'exit' | 'throw'): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, CHILD, how], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', () => resolve(stdout));
  });
}

/**
 * The child's output without its first line, whose write is in flight when the child exits: it may land before the
 * others, after them or not at all (as with any asynchronous pino destination).
 */
function waitingLines(output: string): string {
  return output.replace(/^line 0\n/m, '');
}

const numbered = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => `line ${from + i}\n`).join('');

describe('batched log destination', () => {
  it('writes a lone line without waiting for its window to end', async () => {
    const file = dir.file('lone.log');
    // A window far longer than the wait: the line can only arrive by being written at once. An open descriptor, as
    // stdout is (a path is opened asynchronously, and what is written before it is open waits for the window).
    createBatchedDestination(openSync(file, 'a'), 60_000).write('line 0\n');
    await waitForContent(file, numbered(0, 1));
  });

  it('writes a burst completely and in order once its window ends', async () => {
    const file = dir.file('burst.log');
    const destination = createBatchedDestination(file, 20);
    for (let i = 0; i < 200; i += 1) destination.write(`line ${i}\n`);
    await waitForContent(file, numbered(0, 200));
  });

  it('writes the lines still waiting when the process exits', async () => {
    expect(waitingLines(await runChild('exit'))).toBe(numbered(1, 30));
  });

  it('writes the lines still waiting when the process dies of an uncaught exception', async () => {
    expect(waitingLines(await runChild('throw'))).toBe(numbered(1, 30));
  });
});
