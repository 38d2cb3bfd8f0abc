import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A run of its own temp folder, and a failure on what tests leave behind in it or running.
    globalSetup: ['test/leftovers/global-setup.ts'],
  },
});
