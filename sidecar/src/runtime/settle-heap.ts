// Gives back the memory start-up used. Loading the modules grows V8's young generation to its 16 MB maximum, and
// V8 keeps that size while the process idles; one last-resort collection once the server is warm shrinks it to
// 1 MB again (about 9 MB of resident memory, measured in bench/startup-and-memory.ts). It grows back under load.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/** Collects once, `delayMs` after the call, on an unref'd timer (it never holds the process open). */
export function settleHeapAfter(delayMs: number): { cancel(): void } {
  const timer = setTimeout(collectAllGarbage, delayMs);
  timer.unref();
  return { cancel: () => clearTimeout(timer) };
}

/** V8's `gc` is reachable only in contexts made after --expose-gc is set; the main context's globals stay as they are. */
function collectAllGarbage(): void {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as Collect;
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
