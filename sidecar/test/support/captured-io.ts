// A CliIo that collects what a command prints, for tests of the command line run in-process.
import type { CliIo } from '../../src/cli/cli-io.js';

export function captureIo(extra: Partial<CliIo> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { stdout: (t) => out.push(t), stderr: (t) => err.push(t), env: {}, ...extra };
  return { io, out: () => out.join(''), err: () => err.join('') };
}
