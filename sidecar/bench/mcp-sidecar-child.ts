// Child process of the MCP load benchmark: the real sidecar of sidecar-child.ts, which also answers a "memory"
// message with its heap and RSS after a full garbage collection (it runs with --expose-gc).
import './sidecar-child.js';

export interface ChildMemory {
  heapUsedBytes: number;
  rssBytes: number;
}

process.on('message', (message) => {
  if (message !== 'memory') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  collect?.();
  collect?.();
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapUsedBytes: heapUsed, rssBytes: rss } satisfies ChildMemory);
});
