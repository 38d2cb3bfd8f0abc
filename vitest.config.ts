import { configDefaults, defineConfig } from 'vitest/config';

// `npm run test:quick` (`--mode quick`): the editing loop. It leaves out what runs the official suite, the
// differential fuzzer or the cost promises, packs or installs the package, starts toolgate or MCP servers as
// processes, or starts vitest again. `npm test` (and CI) runs everything.
export const SLOW = [
  'test/suite/**',
  'test/differential/**',
  'test/package/**',
  'test/cli/**',
  'test/proxy/**',
  'test/exec/run.test.ts',
  'test/exec/process-group.test.ts',
  'test/exec/pids.test.ts',
  'test/adapters/mcp-*.test.ts',
  'test/docs/samples.test.ts',
  'test/examples/**',
  'test/hostile/**',
  // The cost promises: hostile schemas at the limits, seconds of CPU each.
  'test/schema/*-cost.test.ts',
  // Every schema of the official suite and the corpus compiled in both modes.
  'test/schema/lazy-compile.test.ts',
  'test/schema/flat-unions.test.ts',
  'test/schema/step-budget.test.ts',
  'test/regex/real-patterns.test.ts',
  'test/leftovers/**',
  'test/fixtures/tool-corpus.test.ts',
];

// Files that replace a module (vi.mock) need a module graph of their own, and a test of V8's object modes a process
// of its own (whether a delete keeps an object fast depends on what else the process made: in the shared thread it
// failed one quick run in six); the quick run shares one graph among all other files (no re-import per file: the
// import time was most of the quick run's 2 minutes).
// A heap measurement (deferred-retained) needs one too: what other files compiled in the same process moved its
// figure by 2 KB a schema.
export const OWN_MODULES = [
  'test/formats/host-bound.test.ts',
  'test/schema/walks-per-compile.test.ts',
  'test/schema/lazy-first-call.test.ts',
  'test/schema/link-long-keys.test.ts',
  'test/schema/deferred-retained.test.ts',
  'test/regex/class-ranges.test.ts',
  'test/schema/engine-copy-fast.test.ts',
  'test/mcp/sse-reader-memory.test.ts',
  'test/lint/lint-estimate-work.test.ts',
  'test/cli/check-config-no-sdk.test.ts',
  'test/proxy/own-lines-one-masker.test.ts',
];

const INCLUDE = ['test/**/*.test.ts', 'src/**/*.test.ts'];
/** Per test; a project does not take it from the root's `test` (a quick run under load stopped at vitest's 5 s). */
const TIMEOUTS = { testTimeout: 30_000, hookTimeout: 60_000 };

const quickProjects = [
  {
    test: {
      extends: true,
      name: 'quick',
      include: INCLUDE,
      exclude: [...configDefaults.exclude, ...SLOW, ...OWN_MODULES],
      pool: 'threads' as const,
      isolate: false,
      ...TIMEOUTS,
    },
  },
  { test: { extends: true, name: 'quick-own-modules', include: OWN_MODULES, pool: 'forks' as const, ...TIMEOUTS } },
];

export default defineConfig(({ mode }) => ({
  test: {
    include: INCLUDE,
    exclude: configDefaults.exclude,
    ...TIMEOUTS,
    pool: 'forks',
    ...(mode === 'quick' ? { projects: quickProjects } : {}),
    // A run of its own temp folder, and a failure on what tests leave behind in it or running.
    globalSetup: ['test/leftovers/global-setup.ts'],
  },
}));
