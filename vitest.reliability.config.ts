import { defineConfig } from 'vitest/config';

// The reliability suite: crash safety, hostile input, isolation and load. Slow by nature, so it
// runs on its own (npm run test:reliability) with at most two workers and long timeouts.
export default defineConfig({
  test: {
    include: ['test/reliability/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-fast-check.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
