/**
 * The `maxValidationSteps` budget of the validation in progress, shared by everything that does work
 * during one: the step keyword in the generated code (schema/engine/step-budget.ts;
 * schema/engine/within-steps.ts opens and closes the budget per call) and the work done outside it, such as a
 * quadratic pattern test (regex/bound.ts) or toolgate's own `unevaluated*` walk. Validation is synchronous, so
 * one budget is active at a time; outside a validation the budget is unlimited.
 */

import { MAX_COLLECTED_ERRORS } from './limits.js';

/** Steps charged so far, the most allowed, and whether a charge went past it. */
export interface WorkBudget {
  n: number;
  max: number;
  tripped: boolean;
  /**
   * How many errors the validator function running now may collect before it stops (schema/engine/error-cap.ts);
   * `calls` keeps its callers' values.
   */
  cap: number;
  calls: number[];
}

/** The active budget; schema/engine/within-steps.ts saves and restores it around each validation. */
export const workBudget: WorkBudget = {
  n: 0,
  max: Number.POSITIVE_INFINITY,
  tripped: false,
  cap: MAX_COLLECTED_ERRORS,
  calls: [],
};

/** Thrown to end a validation whose budget ran out; the caller of the validation turns it into the limit. */
export const WORK_STOP: Error = new Error('toolgate: validation step budget exhausted');

/** Charges `steps` of work done outside the generated code; throws WORK_STOP once past the budget. */
export function chargeSteps(steps: number): void {
  workBudget.n += steps;
  if (workBudget.n > workBudget.max) {
    workBudget.tripped = true;
    throw WORK_STOP;
  }
}
