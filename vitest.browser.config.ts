import { defineConfig } from 'vitest/config';

// The browser suite: the API page and a browser client on another origin, in headless Chromium
// (test/browser/chromium.ts). Run on its own (npm run test:browser), one file at a time: each
// starts a browser and a server on a 2-core machine.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    poolOptions: { forks: { maxForks: 1, minForks: 1 } },
  },
});
