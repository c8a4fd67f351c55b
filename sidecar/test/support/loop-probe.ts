// A setInterval probe of the event loop: the longest gap between its ticks on the clock, in the loop's CPU time, and
// in that CPU time without the garbage collector's pauses (what the code itself held the loop for).
import { PerformanceObserver } from 'node:perf_hooks';

/** Milliseconds of CPU the event loop's thread has used. */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

export interface LoopGap {
  wall: number;
  /** What the loop was held for, without the time the machine gave the CPU to others or the thread waited. */
  cpu: number;
  /**
   * `cpu` without the garbage collector's pauses in it: what the code held the loop for. A pause's length follows the
   * whole process's heap (a test's fixtures included) and V8's heuristics, not the slicing of the code under test.
   */
  code: number;
}

interface Interval {
  from: number;
  to: number;
  cpu: number;
}

/** Longest gap between the probe's ticks (every `intervalMs`) while `work` runs, the last stretch included. */
export async function longestGap(work: () => Promise<unknown>, intervalMs = 1): Promise<LoopGap> {
  const pauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  });
  observer.observe({ entryTypes: ['gc'] });
  const intervals: Interval[] = [];
  let last = { wall: performance.now(), cpu: threadCpuMs() };
  const look = () => {
    const now = { wall: performance.now(), cpu: threadCpuMs() };
    intervals.push({ from: last.wall, to: now.wall, cpu: now.cpu - last.cpu });
    last = now;
  };
  const probe = setInterval(look, intervalMs);
  try {
    await work();
  } finally {
    clearInterval(probe);
  }
  look();
  // GC entries are delivered after the fact.
  await new Promise((resolve) => setTimeout(resolve, 20));
  observer.disconnect();
  const paused = (interval: Interval) =>
    pauses.reduce(
      (sum, pause) => sum + Math.max(0, Math.min(pause.end, interval.to) - Math.max(pause.start, interval.from)),
      0,
    );
  return {
    wall: Math.max(0, ...intervals.map((interval) => interval.to - interval.from)),
    cpu: Math.max(0, ...intervals.map((interval) => interval.cpu)),
    code: Math.max(0, ...intervals.map((interval) => interval.cpu - paused(interval))),
  };
}

export const showGap = (gap: LoopGap) =>
  `${gap.wall.toFixed(1)} ms (CPU ${gap.cpu.toFixed(1)} ms, without GC pauses ${gap.code.toFixed(1)} ms)`;
