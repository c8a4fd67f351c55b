// A worker for the pool's tests: answers its thread id, or fills its V8 heap, or grows a WebAssembly memory.
import { threadId } from 'node:worker_threads';
import { serveWorkerJobs } from '../../src/workers/worker-jobs.js';

export type HungryJob = { kind: 'thread' } | { kind: 'fill-heap' } | { kind: 'grow-wasm'; megabytes: number };

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
const { Memory } = (globalThis as unknown as { WebAssembly: { Memory: new (init: { initial: number }) => WasmMemory } })
  .WebAssembly;
const kept: unknown[] = [];

serveWorkerJobs((job: HungryJob) => {
  if (job.kind === 'fill-heap') {
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => ({ index })));
  }
  if (job.kind === 'grow-wasm') {
    const memory = new Memory({ initial: 1 });
    kept.push(memory);
    try {
      memory.grow(job.megabytes * 16);
    } catch {
      return { failure: `refused ${job.megabytes} MB` };
    }
  }
  return { result: threadId };
});
