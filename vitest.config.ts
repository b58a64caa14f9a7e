import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two cores: a few suites at once keeps the wall time down without starving
    // the servers and workers the integration suites start.
    maxWorkers: 3,
    minWorkers: 1,
  },
});
