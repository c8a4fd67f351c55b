// A setInterval probe of the event loop: the longest gap between its ticks on the clock and in the loop's CPU time.

/** Milliseconds of CPU the event loop's thread has used. */
function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

export interface LoopGap {
  wall: number;
  /** What the code held the loop for, without the time the machine gave the CPU to others or the thread waited. */
  cpu: number;
}

/** Longest gap between the probe's ticks (every `intervalMs`) while `work` runs, the last stretch included. */
export async function longestGap(work: () => Promise<unknown>, intervalMs = 1): Promise<LoopGap> {
  const worst = { wall: 0, cpu: 0 };
  let last = { wall: performance.now(), cpu: threadCpuMs() };
  const look = () => {
    const now = { wall: performance.now(), cpu: threadCpuMs() };
    worst.wall = Math.max(worst.wall, now.wall - last.wall);
    worst.cpu = Math.max(worst.cpu, now.cpu - last.cpu);
    last = now;
  };
  const probe = setInterval(look, intervalMs);
  try {
    await work();
  } finally {
    clearInterval(probe);
  }
  look();
  return worst;
}

export const showGap = (gap: LoopGap) => `${gap.wall.toFixed(1)} ms (CPU ${gap.cpu.toFixed(1)} ms)`;
