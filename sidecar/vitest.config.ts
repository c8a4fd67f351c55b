// Vitest configuration of the sidecar: node environment, tests under test/; the files that measure time, CPU or
// memory run alone, after the others have run two at a time.
import { defineConfig } from 'vitest/config';
import { MEASURED_TEST_FILES as MEASURED } from './test/measured-files.js';

const shared = {
  environment: 'node' as const,
  testTimeout: 20_000,
  hookTimeout: 30_000,
  // Memory assertions collect garbage first, so they measure what is kept, not what is not yet collected.
  execArgv: ['--expose-gc'],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'functional',
          include: ['test/**/*.test.ts'],
          exclude: MEASURED,
          // Most files wait on servers and child processes: two at a time keep both cores busy.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          ...shared,
          name: 'measured',
          include: MEASURED,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
