// The worker pool bounds its workers' memory: a worker that runs out of its V8 heap ends its job with the pool's
// error and is replaced, WebAssembly memory may not grow past the bound, and a worker whose WebAssembly memory grew
// large, or that ran many jobs, is replaced after its job; an idle worker ends, a busy one stays.
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../../src/workers/worker-pool.js';
import type { HungryJob } from '../support/hungry-worker.js';

const pools: WorkerPool<HungryJob, number>[] = [];
afterEach(() => Promise.all(pools.splice(0).map((pool) => pool.close())));

function hungryPool(options: Partial<WorkerPoolOptions> = {}): WorkerPool<HungryJob, number> {
  const pool = createWorkerPool<HungryJob, number>({
    entry: { url: new URL('../support/hungry-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] },
    label: 'hungry worker',
    failureError: (message) => new Error(message),
    timeoutError: () => new Error('too slow'),
    endedError: (end) => new Error(`ended: ${end}`),
    ...options,
  });
  pools.push(pool);
  return pool;
}

describe('createWorkerPool', () => {
  it('ends a job whose worker runs out of its V8 heap as out-of-memory, and runs the next on a fresh worker', async () => {
    const pool = hungryPool({ memory: { heapMb: 32 } });
    const before = await pool.run({ kind: 'thread' });

    const outcome = await Promise.allSettled([pool.run({ kind: 'fill-heap' })]);

    const after = await pool.run({ kind: 'thread' });
    expect(outcome[0]).toEqual({ status: 'rejected', reason: new Error('ended: out-of-memory') });
    expect(after).not.toBe(before);
  });

  it('refuses WebAssembly memory growth past wasmMb in the worker', async () => {
    const pool = hungryPool({ memory: { wasmMb: 64 } });

    const outcomes = await Promise.allSettled([
      pool.run({ kind: 'grow-wasm', megabytes: 100 }),
      pool.run({ kind: 'grow-wasm', megabytes: 30 }),
    ]);

    expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'grown'))).toEqual([
      'Error: refused 100 MB',
      'grown',
    ]);
  });

  it('replaces a worker whose WebAssembly memory grew past recycleAboveWasmMb after its job', async () => {
    const pool = hungryPool({ memory: { wasmMb: 256, recycleAboveWasmMb: 16 } });
    const small = await pool.run({ kind: 'grow-wasm', megabytes: 8 });
    const same = await pool.run({ kind: 'thread' });

    const large = await pool.run({ kind: 'grow-wasm', megabytes: 32 });

    const next = await pool.run({ kind: 'thread' });
    expect([same === small, next === large]).toEqual([true, false]);
  });

  it('replaces a worker after recycleAfterJobs jobs', async () => {
    const pool = hungryPool({ recycleAfterJobs: 2 });

    const threads = [];
    for (let job = 0; job < 4; job++) threads.push(await pool.run({ kind: 'thread' }));

    expect([threads[0] === threads[1], threads[1] === threads[2], threads[2] === threads[3]]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('ends a worker idle for idleMs, keeps one whose jobs come sooner, and starts a fresh one for the next job', async () => {
    const pool = hungryPool({ idleMs: 300 });
    const first = await pool.run({ kind: 'thread' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const soon = await pool.run({ kind: 'thread' });
    const liveWhileBusy = pool.liveWorkers();

    for (let waited = 0; pool.liveWorkers() > 0 && waited < 5000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const liveWhenIdle = pool.liveWorkers();
    const later = await pool.run({ kind: 'thread' });
    expect([soon === first, liveWhileBusy, liveWhenIdle, later === first]).toEqual([true, 1, 0, false]);
  });
});
