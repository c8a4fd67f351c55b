// The worker side of worker-pool.ts: answers each job the pool sends with the handler's result or failure, within the
// WebAssembly memory bound the pool gave, and asks for a fresh worker once its memory stays large.
import { parentPort, workerData, type Transferable } from 'node:worker_threads';
import { boundWasmMemory, grownWasmMemoryBytes } from './wasm-memory-bound.js';
import type { WorkerAnswer, WorkerJobMessage, WorkerMemoryBounds } from './worker-pool.js';

/** What a handler returns: a result (with buffers to move back), or a failure message safe to show. */
export type JobOutcome<Result> = ({ result: Result; transfer?: Transferable[] } | { failure: string }) & {
  /** Ask the pool to replace this worker after this job (to give back memory, or to drop state left inconsistent). */
  recycle?: boolean;
};

/** Serves jobs until the pool terminates the worker; a handler that throws is a bug and fails only its job. */
export function serveWorkerJobs<Job, Result>(
  handle: (job: Job) => JobOutcome<Result> | Promise<JobOutcome<Result>>,
): void {
  const bounds = (workerData as { memory?: WorkerMemoryBounds } | null)?.memory;
  if (bounds) boundWasmMemory(bounds.wasmBytes);
  // The pool sends a worker its next job only after the answer to the last one, so async handlers never overlap.
  parentPort?.on('message', async ({ id, job }: WorkerJobMessage<Job>) => {
    let outcome: JobOutcome<Result>;
    try {
      outcome = await handle(job);
    } catch {
      outcome = { failure: 'The job failed.' };
    }
    // A WebAssembly heap never shrinks: past this size the next job gets a fresh worker and the memory goes back.
    const recycle = outcome.recycle || (bounds !== undefined && grownWasmMemoryBytes() > bounds.recycleAboveWasmBytes);
    if ('result' in outcome) {
      const answer: WorkerAnswer<Result> = { id, result: outcome.result, recycle };
      parentPort?.postMessage(answer, outcome.transfer ?? []);
    } else {
      const answer: WorkerAnswer<Result> = { id, failure: outcome.failure, recycle };
      parentPort?.postMessage(answer);
    }
  });
}
