import { guarded, ok, type Result } from '../result.js';
import { readOnlySchemaCopy, reportLimits, type ReportOptions } from '../schema/schema-copy.js';
import { walkSchema } from '../schema/walk.js';
import { ACCEPTS_ANYTHING } from './accepts-anything.js';
import { DUPLICATE_BRANCH } from './duplicate-branch.js';
import { KEYWORD_TYPO } from './keyword-typo.js';
import { NONSTANDARD_FORMAT } from './nonstandard-format.js';
import { ONEOF_OVERLAP } from './oneof-overlap.js';
import { REQUIRED_BUT_CLOSED } from './required-but-closed.js';
import { REQUIRED_WITH_DEFAULT } from './required-with-default.js';
import type { LintRule, LintWarning } from './warning.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { lintBudget } from './budget.js';

/** Every lint rule, in report order. */
export const LINT_RULES: readonly LintRule[] = [
  ACCEPTS_ANYTHING,
  REQUIRED_BUT_CLOSED,
  REQUIRED_WITH_DEFAULT,
  KEYWORD_TYPO,
  DUPLICATE_BRANCH,
  ONEOF_OVERLAP,
  NONSTANDARD_FORMAT,
];

/** Ids of every lint rule. */
export const LINT_RULE_IDS: readonly string[] = Object.freeze(LINT_RULES.map((r) => r.id));

/**
 * Warnings about a schema toolgate may well admit: mistakes that make a tool uncallable, constraints
 * that silently do nothing, branches that cannot work as written. Never an error and never a change
 * to the schema; sorted by schema path, then rule. The schema is copied under the schema limits
 * (`options.limits`) first, as validateSchema does. Rules that compile branches spend at most
 * `maxCompileCost` in all; past it they are skipped, each skip a `lint-skipped` warning. Never throws.
 */
export function lintSchema(schema: unknown, options?: ReportOptions): Result<readonly LintWarning[]> {
  return guarded('lintSchema', () => {
    // The limits read once, for the copy and the budget alike.
    const limits = reportLimits(options);
    if (!limits.ok) return limits;
    // Read, never written: admission's published schema is not copied again (schema-copy.ts).
    const copy = readOnlySchemaCopy(schema, limits.value);
    if (!copy.ok) return copy;
    const root = copy.value;
    const budget = lintBudget(limits.value);
    const out: LintWarning[] = [];
    walkSchema(
      root,
      (at) => {
        for (const rule of LINT_RULES) out.push(...rule.check({ node: at.node, at, root, budget }));
      },
      { positions: 'every-dialect' },
    );
    const order = new Map(LINT_RULE_IDS.map((id, i) => [id, i]));
    out.sort((a, b) => byCodeUnits(a.schemaPath, b.schemaPath) || (order.get(a.rule) ?? 0) - (order.get(b.rule) ?? 0));
    return ok(out);
  });
}
