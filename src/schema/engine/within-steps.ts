// Running work under the step budget (step-budget.ts charges it from the generated code): a validation of arguments
// with a fresh budget of its steps and its own uniqueItems table, and work that is no such validation with none.
import { MAX_COLLECTED_ERRORS } from '../../util/limits.js';
import { workBudget } from '../../util/work-budget.js';
import { enterKeyScope, leaveKeyScope } from './unique-items.js';

// The budget of the call in progress (util/work-budget.ts): validation is synchronous, so one is active at a time.
const budget = workBudget;

/** A validation stopped by maxValidationSteps, with the steps counted when it stopped. */
export interface StepExcess {
  readonly seen: number;
}

/**
 * Runs `validate(data)` with a fresh budget of `max` steps: true or false as the validator answers,
 * or a StepExcess when the budget ran out, whether the engine let the stop through or something on
 * the way swallowed it. Allocates nothing on the way (the hot path). Any other exception propagates.
 */
export function validateWithinSteps(
  max: number,
  validate: (data: unknown) => unknown,
  data: unknown,
): boolean | StepExcess {
  const savedN = budget.n;
  const savedMax = budget.max;
  const savedTripped = budget.tripped;
  const savedCap = budget.cap;
  // Calls left on the stack by a validator that stopped early are dropped when this one ends.
  const savedCalls = budget.calls.length;
  budget.n = 0;
  budget.max = max;
  budget.tripped = false;
  budget.cap = MAX_COLLECTED_ERRORS;
  // uniqueItems numbers each item once per validation (unique-items.ts), never across calls.
  const savedKeys = enterKeyScope();
  try {
    const valid = validate(data) === true;
    return budget.tripped ? { seen: budget.n } : valid;
  } catch (thrown) {
    if (budget.tripped) return { seen: budget.n };
    throw thrown;
  } finally {
    leaveKeyScope(savedKeys);
    budget.n = savedN;
    budget.max = savedMax;
    budget.tripped = savedTripped;
    budget.cap = savedCap;
    // Setting an array's length is a runtime call even when it does not change it (5% of a small call).
    if (budget.calls.length !== savedCalls) budget.calls.length = savedCalls;
  }
}

/**
 * Runs work that is not a validation of arguments (admitting a schema: its meta-schema check, the warm-up of a new
 * validator) with no budget and a uniqueItems table of its own: host code may start it inside a validation (a
 * getter of an argument object calling validateSchema), and it must neither spend that validation's steps nor
 * number items in its table. Everything is restored when `run` returns or throws.
 */
export function outsideAnyValidation<T>(run: () => T): T {
  let result: T | undefined;
  validateWithinSteps(
    Number.POSITIVE_INFINITY,
    () => {
      result = run();
    },
    undefined,
  );
  return result as T;
}
