// Only for leftovers.test.ts: runs leaky.fixture.ts under the project's global setup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/leftovers/leaky.fixture.ts'],
    pool: 'forks',
    globalSetup: ['test/leftovers/global-setup.ts'],
  },
});
