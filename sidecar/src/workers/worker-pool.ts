// A small pool of worker threads running one kind of job (jobs queued, bounded, timed out, memory bounded, a stuck,
// failed or grown worker replaced, an idle one ended), so that CPU-heavy work such as parsing or rendering a PDF never
// blocks the HTTP server's event loop.
import { Worker, type Transferable } from 'node:worker_threads';

/** What a pool sends a worker: the job with the id its answer must carry. */
export interface WorkerJobMessage<Job> {
  id: number;
  job: Job;
}

/** What a worker answers: a result, or a failure message that is safe to show; `recycle` asks for a fresh worker. */
export type WorkerAnswer<Result> = { id: number; recycle?: boolean } & ({ result: Result } | { failure: string });

/** What a worker is told of its memory (worker-jobs.ts applies it). */
export interface WorkerMemoryBounds {
  /** WebAssembly memory may not grow past this. */
  wasmBytes: number;
  /** A worker whose WebAssembly memory grew past this is replaced after its job. */
  recycleAboveWasmBytes: number;
}

/** Why a worker ended while it ran a job: it ran out of its memory, or it stopped for another reason. */
export type WorkerEnd = 'out-of-memory' | 'stopped';

export interface WorkerPoolOptions {
  /** The worker's module (see `workerEntry`). */
  entry: WorkerEntry;
  /** Names the pool in its own errors: "The PDF reader is closed." */
  label: string;
  /** Worker threads (default 1). */
  workers?: number;
  /** Jobs waiting for a worker at most (default 64); more are refused. */
  maxQueued?: number;
  /** A job still running after this long is given up and its worker replaced (default 60 s). */
  timeoutMs?: number;
  /** The error for a job's failure answer. */
  failureError(message: string): Error;
  /** The error for a job that ran out of time. */
  timeoutError(): Error;
  /** The error for a job refused because `maxQueued` jobs wait already (default: a plain Error). */
  busyError?(): Error;
  /** The error for a job whose worker ended under it (default: a plain Error naming the pool). */
  endedError?(end: WorkerEnd): Error;
  /** Memory of each worker; a worker that exceeds its V8 heap ends (`out-of-memory`) and is replaced. */
  memory?: {
    /** V8 heap (old generation) of a worker in MB (default 256). */
    heapMb?: number;
    /** WebAssembly memory of a worker in MB (default 1024): growth past it fails the allocation in the worker. */
    wasmMb?: number;
    /** A worker whose WebAssembly memory grew past this many MB is replaced after its job (default a quarter). */
    recycleAboveWasmMb?: number;
  };
  /** A worker is replaced after this many jobs (default 500), whatever its memory. */
  recycleAfterJobs?: number;
  /**
   * A worker with no job for this long ends, and its memory with it (default 60 s); the next job starts a fresh one
   * (for mupdf about 0.1 s more).
   */
  idleMs?: number;
}

export interface WorkerPool<Job, Result> {
  /** Runs `job` on the next free worker; `transfer` moves buffers to it instead of copying them. */
  run(job: Job, transfer?: Transferable[]): Promise<Result>;
  /** Worker threads running now (0 before the first job: workers start on demand). */
  liveWorkers(): number;
  /** Stops the workers; pending and later jobs fail. */
  close(): Promise<void>;
}

export interface WorkerEntry {
  url: URL;
  execArgv: string[];
}

interface PendingJob<Job, Result> {
  message: WorkerJobMessage<Job>;
  transfer: Transferable[];
  resolve(result: Result): void;
  reject(error: Error): void;
}

interface Slot<Job, Result> {
  worker?: Worker;
  running?: PendingJob<Job, Result>;
  timer?: NodeJS.Timeout;
  /** Ends the worker once it has been idle for `idleMs`. */
  idleTimer?: NodeJS.Timeout;
  /** Jobs the current worker answered. */
  jobsDone: number;
}

const MB = 1024 * 1024;

export function createWorkerPool<Job, Result>(options: WorkerPoolOptions): WorkerPool<Job, Result> {
  type Pending = PendingJob<Job, Result>;
  const slots: Slot<Job, Result>[] = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => ({ jobsDone: 0 }));
  const queue: Pending[] = [];
  const maxQueued = options.maxQueued ?? 64;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const recycleAfterJobs = options.recycleAfterJobs ?? 500;
  const idleMs = options.idleMs ?? 60_000;
  const heapMb = options.memory?.heapMb ?? 256;
  const wasmMb = options.memory?.wasmMb ?? 1024;
  const bounds: WorkerMemoryBounds = {
    wasmBytes: wasmMb * MB,
    recycleAboveWasmBytes: (options.memory?.recycleAboveWasmMb ?? wasmMb / 4) * MB,
  };
  const closedError = () => new Error(`The ${options.label} is closed.`);
  const endedError = (end: WorkerEnd) =>
    options.endedError?.(end) ??
    new Error(end === 'out-of-memory' ? `The ${options.label} ran out of memory.` : `The ${options.label} stopped.`);
  let lastId = 0;
  let closed = false;

  const finish = (slot: Slot<Job, Result>, outcome: { result: Result } | { error: Error }) => {
    const pending = slot.running;
    clearTimeout(slot.timer);
    slot.running = undefined;
    slot.timer = undefined;
    slot.worker?.unref();
    if (pending) {
      if ('result' in outcome) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    }
    dispatch();
    if (!slot.running && slot.worker) endWhenIdle(slot);
  };

  const endWhenIdle = (slot: Slot<Job, Result>) => {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      const worker = slot.worker;
      if (slot.running || !worker) return;
      slot.worker = undefined;
      worker.removeAllListeners();
      void worker.terminate();
    }, idleMs);
    slot.idleTimer.unref();
  };

  const retire = (slot: Slot<Job, Result>, error: Error) => {
    const worker = slot.worker;
    slot.worker = undefined;
    worker?.removeAllListeners();
    void worker?.terminate();
    finish(slot, { error });
  };

  const spawn = (slot: Slot<Job, Result>): Worker => {
    const worker = new Worker(options.entry.url, {
      execArgv: options.entry.execArgv,
      workerData: { memory: bounds },
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    slot.jobsDone = 0;
    worker.on('message', (answer: WorkerAnswer<Result>) => {
      if (slot.running?.message.id !== answer.id) return;
      const outcome = 'result' in answer ? { result: answer.result } : { error: options.failureError(answer.failure) };
      if (answer.recycle || ++slot.jobsDone >= recycleAfterJobs) {
        // The worker's memory (a WebAssembly heap never shrinks) goes with it; the next job gets a fresh one.
        slot.worker = undefined;
        worker.removeAllListeners();
        void worker.terminate();
      }
      finish(slot, outcome);
    });
    worker.on('error', (cause: Error & { code?: string }) =>
      retire(slot, endedError(cause.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'out-of-memory' : 'stopped')),
    );
    worker.on('exit', () => retire(slot, endedError('stopped')));
    return worker;
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (closed || slot.running || queue.length === 0) continue;
      const pending = queue.shift()!;
      clearTimeout(slot.idleTimer);
      slot.worker ??= spawn(slot);
      slot.worker.ref();
      slot.running = pending;
      slot.timer = setTimeout(() => retire(slot, options.timeoutError()), timeoutMs);
      try {
        slot.worker.postMessage(pending.message, pending.transfer);
      } catch (cause) {
        // Never leave the slot waiting for an answer to a message that was not sent.
        finish(slot, { error: new Error(`The job could not be handed to the ${options.label}.`, { cause }) });
      }
    }
  };

  return {
    run: (job, transfer = []) =>
      new Promise<Result>((resolve, reject) => {
        if (closed) return reject(closedError());
        if (queue.length >= maxQueued) {
          return reject(options.busyError?.() ?? new Error(`The ${options.label} is busy: too many jobs wait.`));
        }
        queue.push({ message: { id: ++lastId, job }, transfer, resolve, reject });
        dispatch();
      }),
    liveWorkers: () => slots.filter((slot) => slot.worker !== undefined).length,
    close: async () => {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(closedError());
      await Promise.all(
        slots.map(async (slot) => {
          clearTimeout(slot.idleTimer);
          const worker = slot.worker;
          retire(slot, closedError());
          await worker?.terminate();
        }),
      );
    },
  };
}

/**
 * The worker module `name` next to the module at `moduleUrl` (pass `import.meta.url`): the compiled `.js` in dist,
 * or the `.ts` source under tsx and vitest, which the worker then loads through tsx's loader.
 */
export function workerEntry(moduleUrl: string, name: string): WorkerEntry {
  if (moduleUrl.endsWith('.ts')) return { url: new URL(`./${name}.ts`, moduleUrl), execArgv: ['--import', 'tsx'] };
  return { url: new URL(`./${name}.js`, moduleUrl), execArgv: [] };
}
