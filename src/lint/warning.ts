import type { Finding } from '../result.js';
import type { SchemaNode } from '../schema/walk.js';
import type { LintBudget } from './budget.js';

/** A lint finding: advice about a schema that toolgate still admits (never an error). */
export type LintWarning = Finding;

/** What a rule sees: one subschema object and the document it belongs to. */
export interface LintContext {
  readonly node: Record<string, unknown>;
  readonly at: SchemaNode;
  /** The whole (private) schema document, for rules that must resolve `$defs`. */
  readonly root: unknown;
  /** What rules that compile may still spend on this schema (budget.ts). */
  readonly budget: LintBudget;
}

/** One lint rule: looks at one subschema object at a time and returns its warnings. */
export interface LintRule {
  readonly id: string;
  check(ctx: LintContext): LintWarning[];
}
