import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // V8's regexp tier-up off, as `quire` sets it for every command (bin/quire.js): with it on, a
    // grammar pattern switching from V8's interpreter to native code in the middle of a highlight
    // can colour a token differently from one run to the next (docs/benchmarks.mdx), and the tests
    // that compare highlighting byte for byte would compare that noise.
    poolOptions: { forks: { execArgv: ['--no-regexp-tier-up'] } },
    // Two cores: a few suites at once keeps the wall time down without starving
    // the servers and workers the integration suites start.
    maxWorkers: 3,
    minWorkers: 1,
  },
});
