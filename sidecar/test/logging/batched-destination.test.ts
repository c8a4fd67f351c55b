// The default log destination: every line arrives, in order; request lines that follow a write wait for their
// window, any other line is written at once; lines still waiting are written when the process exits or dies of an
// uncaught exception.
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createBatchedDestination } from '../../src/logging/batched-destination.js';
import { createLogger } from '../../src/logging/logger.js';
import { makeTempDir } from '../support/temp-dir.js';

const TSX_LOADER = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const CHILD = new URL('./batched-exit-child.ts', import.meta.url).pathname;
const dir = makeTempDir('batched-log-');
afterAll(() => dir.remove());

/** A logger writing to a new file through the destination (an open descriptor, as stdout is); reads its lines. */
function fileLogger(name: string, windowMs: number) {
  const file = dir.file(name);
  const logger = createLogger('info', createBatchedDestination(openSync(file, 'a'), windowMs));
  return { logger, lines: () => readLines(file) };
}

function readLines(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const { msg, i } = JSON.parse(line) as { msg: string; i?: number };
      return `${msg}${i ?? ''}`;
    });
}

/** Waits until `lines()` equals `expected` (at most 2 s). */
async function waitForLines(lines: () => string[], expected: string[]): Promise<void> {
  await vi.waitFor(() => expect(lines()).toEqual(expected), { timeout: 2000, interval: 2 });
}

const requests = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `request${from + i}`);

function runChild(how: 'exit' | 'throw'): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', TSX_LOADER, CHILD, how], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('close', () =>
      resolve(
        stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => `request${(JSON.parse(line) as { i: number }).i}`),
      ),
    );
  });
}

describe('batched log destination', () => {
  it('writes a line other than a request line at once, with the request lines before it, in a window', async () => {
    // A window far longer than the wait: these lines can only arrive by being written at once.
    const { logger, lines } = fileLogger('urgent.log', 60_000);
    logger.info({ i: 0 }, 'request');
    await waitForLines(lines, ['request0']);
    logger.info({ i: 1 }, 'request');
    logger.info('listening');
    await waitForLines(lines, ['request0', 'request1', 'listening']);
  });

  it('writes a burst of request lines completely and in order once its window ends', async () => {
    const { logger, lines } = fileLogger('burst.log', 20);
    for (let i = 0; i < 200; i += 1) logger.info({ i }, 'request');
    await waitForLines(lines, requests(0, 200));
  });

  // The first line's write is in flight when the child exits: it may land before the others, after them or not at
  // all (as with any asynchronous pino destination), so only the lines that waited are checked.
  it('writes the request lines still waiting when the process exits', async () => {
    expect((await runChild('exit')).filter((line) => line !== 'request0')).toEqual(requests(1, 30));
  });

  it('writes the request lines still waiting when the process dies of an uncaught exception', async () => {
    expect((await runChild('throw')).filter((line) => line !== 'request0')).toEqual(requests(1, 30));
  });
});
