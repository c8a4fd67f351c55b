// What the command line writes to and asks on, and its exit codes (injectable for tests).
import type { Environment } from '../settings/environment.js';

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Asks a yes/no question on a terminal; undefined when there is no terminal. */
  confirm?: (question: string) => Promise<boolean>;
  env?: Environment;
}

export const EXIT = { ok: 0, failure: 1, usage: 2 } as const;
