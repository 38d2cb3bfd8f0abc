// The official JSON Schema Test Suite through toolgate's own compile path (never raw Ajv).
import { loadCases, loadExpectations } from './suite.js';
import { RUNS } from './runs.js';
import { runSuite } from './run-suite.js';

runSuite(
  RUNS.map((run) => ({
    name: run.name,
    cases: loadCases(run.dir, run.files),
    options: run.options,
    docRow: run.docRow,
  })),
  loadExpectations(),
  'test/suite/expectations.json',
  'docs/compliance.md',
);
