// A setInterval probe of the process's resident memory (every thread's, workers included) while some work runs.

/** The work's outcome and the highest RSS seen (in MB) while it ran, sampled every `intervalMs`. */
export async function peakRssMb<Outcome>(
  work: () => Promise<Outcome>,
  intervalMs = 10,
): Promise<{ outcome: PromiseSettledResult<Outcome>; peakMb: number }> {
  let peak = process.memoryUsage.rss();
  const probe = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), intervalMs);
  try {
    const [outcome] = await Promise.allSettled([work()]);
    return { outcome: outcome!, peakMb: Math.round(Math.max(peak, process.memoryUsage.rss()) / 1024 / 1024) };
  } finally {
    clearInterval(probe);
  }
}
