/**
 * Run-time bound on polynomial backtracking (Validation §6.3.3 `pattern`, §10.3.2.2
 * `patternProperties`). regex/guard.ts refuses patterns that can backtrack exponentially or with a
 * polynomial of degree 3 or more; what is left is linear or quadratic (regex/degree.ts). A
 * synchronous `RegExp.prototype.test` cannot be interrupted, so a quadratic pattern is charged
 * before it runs: the string it is given may not be longer than `maxPatternSubject`, and each test
 * costs length² × the pattern's weight (regex/weight.ts, nanoseconds per squared character, an upper
 * bound), which must keep the call within `maxPatternWork` and, at WEIGHT_PER_STEP a step, within
 * its `maxValidationSteps` (util/work-budget.ts), which also counts the rest of the call's work.
 * Linear patterns run as plain RegExps, untouched.
 *
 * Ajv builds every `pattern`/`patternProperties` matcher through its `code.regExp` option
 * (schema/engine/ajv-2020.ts installs boundedRegExp there); toolgate's own keywords call boundedRegExp directly.
 * The limits of the call in progress are set by underPatternBudget (schema/check-arguments.ts): validation is
 * synchronous, so one budget is active at a time.
 */

import { DEFAULT_LIMITS, type Limits } from '../util/limits.js';
import { chargeSteps } from '../util/work-budget.js';
import { regexDegree } from './degree.js';
import { uModeSource } from './u-mode.js';
import { linearWeight, patternWeight } from './weight.js';

/**
 * Pattern work (weighted nanoseconds) per step of `maxValidationSteps`: the default `maxPatternWork`
 * (30,000,000) is 1,200,000 steps, which leaves 300,000 of the default step budget for the rest of the call.
 */
export const WEIGHT_PER_STEP = 25;

/** Nanoseconds per character a linear pattern may take unmetered: the step its keyword already pays. */
export const LINEAR_FREE_WEIGHT = WEIGHT_PER_STEP * 4;

/** Whether a test of `source` (`u` flag) is charged: quadratic, or linear and heavier than LINEAR_FREE_WEIGHT. */
export function isMetered(source: string): boolean {
  return regexDegree(source) > 1 || linearWeight(source) > LINEAR_FREE_WEIGHT;
}

/** A limit a pattern test would pass, and what was seen. */
export interface PatternExcess {
  readonly name: 'maxPatternSubject' | 'maxPatternWork';
  readonly value: number;
  readonly seen: string;
}

interface Budget {
  readonly subject: number;
  readonly work: number;
  spent: number;
  excess?: PatternExcess;
}

let active: Budget | undefined;

/** What Ajv's `code.regExp` option expects: a factory with a `code` name (used only by standalone code). */
export interface BoundedRegExpEngine {
  (pattern: string, flags: string): { test(s: string): boolean };
  code: string;
}

const describe = (pattern: string): string =>
  JSON.stringify(pattern.length > 60 ? `${pattern.slice(0, 60)}…` : pattern);

/**
 * Charges one test of a quadratic pattern (length² × weight), or of a heavy linear one (length × its weight a
 * character, `linear`: no subject limit), against the active budget; throws when it would pass a limit.
 */
function charge(length: number, pattern: string, weight: number, linear = false): void {
  // Outside underPatternBudget (never the case through the public API) each test gets the defaults.
  const budget: Budget = active ?? {
    subject: DEFAULT_LIMITS.maxPatternSubject,
    work: DEFAULT_LIMITS.maxPatternWork,
    spent: 0,
  };
  const work = length === 0 ? 0 : length * (linear ? 1 : length) * weight;
  let excess: PatternExcess | undefined;
  if (!linear && length > budget.subject) {
    excess = {
      name: 'maxPatternSubject',
      value: budget.subject,
      seen: `a string of ${length} characters tested against the quadratic pattern ${describe(pattern)}`,
    };
  } else {
    budget.spent += work;
    if (budget.spent > budget.work)
      excess = {
        name: 'maxPatternWork',
        value: budget.work,
        seen:
          `${budget.spent} (length² × weight summed over the strings tested against quadratic ` +
          `patterns; the last, ${length} characters against ${describe(pattern)}, ` +
          `${linear ? `linear, ${weight} a character` : `weight ${weight}`})`,
      };
  }
  if (excess === undefined) {
    // Throws past maxValidationSteps, which the caller reports as that limit.
    chargeSteps(Math.ceil(work / WEIGHT_PER_STEP));
    return;
  }
  budget.excess ??= excess;
  // The engine's exception path ends the validation; underPatternBudget turns it into the limit.
  throw new Error(`limit ${excess.name} exceeded`);
}

/**
 * The RegExp factory for `pattern` and `patternProperties`: a plain RegExp for a linear pattern,
 * a bounded matcher for a quadratic one (and, failing closed, for one the analysis cannot read or
 * that is compiled with other flags than the `u` the analysis reads).
 */
export const boundedRegExp: BoundedRegExpEngine = Object.assign(
  (pattern: string, flags: string): { test(s: string): boolean } => {
    // A pattern valid only without the u flag runs as its u-mode spelling of the same meaning (regex/u-mode.ts).
    const rx = new RegExp(flags === 'u' ? uModeSource(pattern) : pattern, flags);
    if (flags === 'u' && regexDegree(pattern) <= 1) {
      // Linear, but each character may start a try of the whole pattern (`\w{500}\d`: 100 ms on 64 KB):
      // a pattern heavier than the step its keyword pays per character is charged as pattern work first
      // (maxPatternWork bounds it outside a validation too: lint's required-but-closed).
      const perChar = linearWeight(pattern);
      if (perChar <= LINEAR_FREE_WEIGHT) return rx;
      const metered = {
        test: (s: string): boolean => {
          charge(s.length, pattern, perChar, true);
          return rx.test(s);
        },
        toString: (): string => `linear:${rx.toString()}`, // Ajv shares matchers by this text
      };
      return metered;
    }
    const weight = flags === 'u' ? patternWeight(pattern) : Number.POSITIVE_INFINITY;
    // The last answer is kept for the validation in progress: `additionalProperties` and
    // `unevaluatedProperties` test each property name again right after `patternProperties` did, and a
    // repeated test must not cost twice. Matchers are shared by every schema of an engine, so an answer
    // from another validation (other limits, a fresh budget) is never reused: it would skip the charge.
    let last: string | undefined;
    let lastBudget: Budget | undefined;
    let answer = false;
    const matcher = {
      test: (s: string): boolean => {
        if (s === last && active !== undefined && active === lastBudget) return answer;
        charge(s.length, pattern, weight);
        // V8 runs a pattern's first execution on a short string in its interpreter, several times
        // slower than the native code the weights were measured on (a*a{50}b on 381 characters: 105 ms
        // against 11), and compiles native code for the next one. A test of the empty string first
        // makes the real test run native, whatever state the pattern is in (cost: one empty match).
        rx.test('');
        answer = rx.test(s);
        last = s;
        lastBudget = active;
        return answer;
      },
      // Ajv shares matchers between schemas by this text; it must name the pattern.
      toString: (): string => `bounded:${rx.toString()}`,
    };
    return matcher;
  },
  { code: 'toolgateBoundedRegExp' },
);

/** How a budgeted run ended. */
export type BudgetOutcome<T> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'excess'; readonly excess: PatternExcess };

/**
 * Runs one validation with a fresh pattern budget. A pattern limit passed inside is reported as
 * `excess` whether the engine let the exception through or swallowed it; any other exception
 * propagates.
 */
export function underPatternBudget<T>(
  limits: Pick<Limits, 'maxPatternSubject' | 'maxPatternWork'>,
  run: () => T,
): BudgetOutcome<T> {
  const previous = active;
  const budget: Budget = { subject: limits.maxPatternSubject, work: limits.maxPatternWork, spent: 0 };
  active = budget;
  try {
    const value = run();
    return budget.excess === undefined ? { kind: 'done', value } : { kind: 'excess', excess: budget.excess };
  } catch (thrown) {
    if (budget.excess !== undefined) return { kind: 'excess', excess: budget.excess };
    throw thrown;
  } finally {
    active = previous;
  }
}
