// The discipline every suite run follows (draft2020-12.test.ts, legacy-dialects.test.ts): each case is a
// test; an unlisted failure fails; a listed test that starts to pass fails (stale expectation); the
// expectations file may only name tests that exist; the closing lines print passed / refused / wrong.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SchemaOptions } from '../../src/schema/options.js';
import { caseId, runCase, type Expectation, type SuiteCase } from './suite.js';

/** One run of the suite: a name, its cases, the options they run with, and its docs table row (first cell). */
export interface SuiteRunCases {
  readonly name: string;
  readonly cases: readonly SuiteCase[];
  readonly options: SchemaOptions;
  readonly docRow?: string;
}

/** The row `| label | passed | refused | wrong |` of a doc (path from the root) as numbers; undefined when absent. */
function docTotals(doc: string, label: string): [number, number, number] | undefined {
  const line = readFileSync(resolve(import.meta.dirname, '../..', doc), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`| ${label} |`));
  const cells = line
    ?.split('|')
    .slice(2, 5)
    .map((c) => Number(c.trim().replace(/,/g, '')));
  return cells && cells.length === 3 && cells.every(Number.isFinite) ? (cells as [number, number, number]) : undefined;
}

/** Registers the tests of every run against one expectations file. */
export function runSuite(
  runs: readonly SuiteRunCases[],
  expectationList: readonly Expectation[],
  expectationsFile: string,
  doc: string,
): void {
  const expectations = new Map(expectationList.map((e) => [caseId(e), e]));
  const totals: Record<string, { passed: number; refused: number; wrong: number }> = {};
  const allCases = new Set<string>();

  for (const run of runs) {
    const tally = { passed: 0, refused: 0, wrong: 0 };
    totals[run.name] = tally;
    describe(`JSON Schema Test Suite ${run.name}`, () => {
      it('has the pinned suite in vendor/', () => {
        expect(run.cases.length).toBeGreaterThan(0);
      });
      for (const c of run.cases) {
        const id = caseId(c);
        allCases.add(id);
        it(id, () => {
          const outcome = runCase(c, run.options);
          tally[outcome.kind]++;
          const listed = expectations.get(id);
          if (listed === undefined) {
            expect(outcome, `unlisted failure: ${id}`).toEqual({ kind: 'passed' });
          } else {
            expect(
              outcome.kind,
              `stale expectation (now ${outcome.kind}): ${id}; remove it from ${expectationsFile}`,
            ).toBe('refused');
            if (outcome.kind === 'refused') expect(outcome.class).toBe(listed.class);
          }
        });
      }
    });
  }

  describe(`expectations file ${expectationsFile}`, () => {
    it('lists only tests that exist, each with a reason and a refusal class', () => {
      for (const [id, e] of expectations) {
        expect(allCases.has(id), `expectation for a test that does not exist: ${id}`).toBe(true);
        expect(e.reason.length).toBeGreaterThan(0);
        expect(e.class).toBe('unsupported_capability');
      }
    });
  });

  afterAll(() => {
    const stale: string[] = [];
    for (const run of runs) {
      const t = totals[run.name]!;
      console.log(`suite ${run.name}: ${t.passed} passed, ${t.refused} refused, ${t.wrong} wrong`);
      // The doc's compliance table must say what this run measured (checked only on a complete run).
      if (run.docRow === undefined || t.passed + t.refused + t.wrong !== run.cases.length) continue;
      const shown = docTotals(doc, run.docRow);
      if (shown === undefined || shown[0] !== t.passed || shown[1] !== t.refused || shown[2] !== t.wrong) {
        stale.push(
          `${doc} row "${run.docRow}" says ${shown?.join(' / ') ?? 'nothing'}, ` +
            `the run measured ${t.passed} / ${t.refused} / ${t.wrong}`,
        );
      }
    }
    if (stale.length > 0) throw new Error(`${doc} compliance table is stale:\n${stale.join('\n')}`);
  });
}
