import type { Limits } from '../util/limits.js';
import type { Finding } from '../result.js';

/**
 * What the lint rules of one lintSchema call may spend on work that compiles schemas, in the units of
 * schema/compile-cost.ts: at most `maxCompileCost`, as much as admitting the schema itself, so a tool
 * is linted within the admission promise (docs/limits.md). A rule that would pass it is skipped at
 * that place, and the skip is a warning of its own: silence must not read as "no problem found".
 */
export interface LintBudget {
  readonly limits: Limits;
  spent: number;
}

/** Rule id of the warning that says a rule was skipped for its cost. */
export const LINT_SKIPPED = 'lint-skipped';

/** A fresh budget for one lintSchema call. */
export function lintBudget(limits: Limits): LintBudget {
  return { limits, spent: 0 };
}

/**
 * Charges `cost` when it fits what is left and returns undefined; otherwise charges nothing and
 * returns the warning that says `rule` was skipped at `schemaPath` (a LintWarning, which is a Finding: named
 * so here because warning.ts imports this file for LintBudget).
 */
export function charge(budget: LintBudget, cost: number, rule: string, schemaPath: string): Finding | undefined {
  const limit = budget.limits.maxCompileCost;
  if (budget.spent + cost <= limit) {
    budget.spent += cost;
    return undefined;
  }
  const why =
    `it would compile an estimated ${cost} more, past the lint ` +
    `budget (maxCompileCost ${limit}, ${budget.spent} spent on this schema)`;
  return skippedWarning(rule, schemaPath, why);
}

/** Charges work already done, whatever is left (an estimate that found a rule too dear), up to the limit. */
export function spend(budget: LintBudget, cost: number): void {
  budget.spent = Math.min(budget.limits.maxCompileCost, budget.spent + cost);
}

/** The warning that says `rule` was not checked at `schemaPath`, and why: a skip is never silence. */
export function skippedWarning(rule: string, schemaPath: string, why: string): Finding {
  return { rule: LINT_SKIPPED, message: `lint rule ${rule} was skipped here: ${why}`, schemaPath };
}
