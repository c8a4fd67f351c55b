// Prints benchmark lines in one format: the measured value, its reference, the ratio and the target.
export interface BenchLine {
  name: string;
  value: number;
  unit: string;
  reference?: { name: string; value: number };
  target: string;
  pass: boolean;
}

export function printLine(line: BenchLine): void {
  const ratio = line.reference
    ? `  ratio ${(line.value / line.reference.value).toFixed(2)} vs ${line.reference.name} (${format(line.reference.value)} ${line.unit})`
    : '';
  console.log(
    `${line.pass ? 'PASS' : 'MISS'}  ${line.name}: ${format(line.value)} ${line.unit}${ratio}  [target ${line.target}]`,
  );
}

/** Prints every line; the same lines, for the caller's return. */
export function printLines(lines: BenchLine[]): BenchLine[] {
  lines.forEach(printLine);
  return lines;
}

/** Runs `work` `warmUp` times unmeasured, then `calls` times; the durations in ms, sorted. */
export async function sampleTimes(
  work: () => Promise<unknown>,
  options: { calls: number; warmUp: number },
): Promise<number[]> {
  for (let i = 0; i < options.warmUp; i += 1) await work();
  const samples: number[] = [];
  for (let i = 0; i < options.calls; i += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function format(value: number): string {
  return value >= 100 ? value.toFixed(0) : value.toPrecision(3);
}

/**
 * Like sampleTimes for several pieces of work taking turns, call by call, so a slower moment of a shared machine
 * falls on each alike; the durations of each in ms, sorted, in the order given.
 */
export async function sampleTimesInterleaved(
  works: (() => Promise<unknown>)[],
  options: { calls: number; warmUp: number },
): Promise<number[][]> {
  for (let i = 0; i < options.warmUp; i += 1) for (const work of works) await work();
  const samples = works.map(() => [] as number[]);
  for (let i = 0; i < options.calls; i += 1) {
    for (const [j, work] of works.entries()) {
      const start = performance.now();
      await work();
      samples[j]!.push(performance.now() - start);
    }
  }
  return samples.map((times) => times.sort((a, b) => a - b));
}
