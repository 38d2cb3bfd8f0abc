// The suite's draft7 and draft2019-09 folders through validateSchema's compile path with the
// `dialects` option (never raw Ajv). Same discipline as draft2020-12.test.ts: an unlisted failure
// fails, a listed test that starts to pass fails (stale), and no test may get a wrong verdict.
import { afterAll, describe, expect, it } from 'vitest';
import { caseId, runCase } from './suite.js';
import { LEGACY_RUNS, legacyCases, loadLegacyExpectations } from './legacy-runs.js';

const expectations = new Map(loadLegacyExpectations().map((e) => [caseId(e), e]));
const totals: Record<string, { passed: number; refused: number; wrong: number }> = {};
const allCases = new Set<string>();

for (const run of LEGACY_RUNS) {
  const cases = legacyCases(run);
  const tally = (totals[run.name] = { passed: 0, refused: 0, wrong: 0 });
  describe(`JSON Schema Test Suite ${run.name}`, () => {
    it('has the pinned suite in vendor/', () => {
      expect(cases.length).toBeGreaterThan(0);
    });
    for (const c of cases) {
      const id = caseId(c);
      allCases.add(id);
      it(id, () => {
        const outcome = runCase(c, run.options);
        tally[outcome.kind]++;
        const listed = expectations.get(id);
        if (listed === undefined) {
          expect(outcome, `unlisted failure: ${id}`).toEqual({ kind: 'passed' });
        } else {
          expect(outcome.kind, `stale expectation (now ${outcome.kind}): ${id}; remove it from test/suite/expectations-legacy.json`).toBe('refused');
          if (outcome.kind === 'refused') expect(outcome.class).toBe(listed.class);
        }
      });
    }
  });
}

describe('legacy expectations file', () => {
  it('lists only tests that exist, each with a reason and a refusal class', () => {
    for (const [id, e] of expectations) {
      expect(allCases.has(id), `expectation for a test that does not exist: ${id}`).toBe(true);
      expect(e.reason.length).toBeGreaterThan(0);
      expect(e.class).toBe('unsupported_capability');
    }
  });
});

afterAll(() => {
  for (const [name, t] of Object.entries(totals)) console.log(`suite ${name}: ${t.passed} passed, ${t.refused} refused, ${t.wrong} wrong`);
});
