// Reads a sidecar's GET /metrics into samples keyed by `name{labels}`, for tests that compare two scrapes.
import { expect } from 'vitest';

export type Samples = Map<string, number>;

export async function scrape(url: string, apiKey?: string): Promise<Samples> {
  const response = await fetch(`${url}/metrics`, { headers: apiKey ? { 'x-api-key': apiKey } : {} });
  expect(response.status).toBe(200);
  return parseExposition(await response.text());
}

/** Samples of the Prometheus text format; label sets are kept as written (prom-client writes them in a fixed order). */
export function parseExposition(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

/** How much each sample of `name` moved between two scrapes (only those that moved). */
export function movedSamples(before: Samples, after: Samples, name: string): Record<string, number> {
  const moved: Record<string, number> = {};
  for (const [key, value] of after) {
    if (!key.startsWith(`${name}{`) && key !== name) continue;
    const delta = value - (before.get(key) ?? 0);
    if (delta !== 0) moved[key] = delta;
  }
  return moved;
}

/** Series (label sets) of `name` in a scrape. */
export function seriesOf(samples: Samples, name: string): string[] {
  return [...samples.keys()].filter((key) => key.startsWith(`${name}{`));
}
