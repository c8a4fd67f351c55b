// Every test file that measures time, CPU or memory is listed in MEASURED_TEST_FILES, so it never runs beside another.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENEROUS_DEADLINE_FILES, MEASURED_TEST_FILES } from './measured-files.js';

const SIDECAR = new URL('..', import.meta.url).pathname;
/** The measuring APIs of this suite: timers, CPU and memory probes, and a deadline asserted in wall-clock time. */
const MEASURING = [
  /performance\.now\(/,
  /process\.cpuUsage/,
  /process\.memoryUsage/,
  /support\/loop-probe/,
  /support\/rss-probe/,
  /Date\.now\(\) - \w+\)\.toBeLessThan/,
];

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(SIDECAR, path)] : [];
  });
}

describe('the measured test files', () => {
  const files = testFiles(join(SIDECAR, 'test'));

  it('include every test file that uses a measuring API', () => {
    const measuring = files.filter((file) => {
      const source = readFileSync(join(SIDECAR, file), 'utf8');
      return MEASURING.some((pattern) => pattern.test(source));
    });

    expect(measuring.length).toBeGreaterThan(10);
    const listed = [...MEASURED_TEST_FILES, ...GENEROUS_DEADLINE_FILES];
    expect(measuring.filter((file) => !listed.includes(file))).toEqual([]);
  });

  it('name only files that exist', () => {
    expect([...MEASURED_TEST_FILES, ...GENEROUS_DEADLINE_FILES].filter((file) => !files.includes(file))).toEqual([]);
  });
});
