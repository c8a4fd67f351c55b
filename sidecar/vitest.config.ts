// Vitest configuration of the sidecar: node environment, tests under test/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Memory assertions collect garbage first, so they measure what is kept, not what is not yet collected.
    execArgv: ['--expose-gc'],
  },
});
