// The suite's draft7 and draft2019-09 folders through validateSchema's compile path with the
// `dialects` option (never raw Ajv), under the same discipline as draft2020-12.test.ts.
import { LEGACY_RUNS, legacyCases, loadLegacyExpectations } from './legacy-runs.js';
import { runSuite } from './run-suite.js';

runSuite(
  LEGACY_RUNS.map((run) => ({
    name: run.name,
    cases: legacyCases(run),
    options: run.options,
    docRow: run.name.replace(/\(([a-z]+Assertion: true)\)/, '(`$1`)'),
  })),
  loadLegacyExpectations(),
  'test/suite/expectations-legacy.json',
  'docs/dialects-and-providers.md',
);
