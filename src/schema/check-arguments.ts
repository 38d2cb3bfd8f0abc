import type { Validator } from './engine/validator.js';
import { fail, failExecution, ok, thrownFailure, type Result } from '../result.js';
import { pathOf, pointerOf } from '../util/json-pointer.js';
import { shownPlace } from '../util/describe-value.js';
import { errorsWithinPointerBudget, violationsFromEngine, type ViolationOptions } from '../errors/violations.js';
import { authorLocation } from './link-source.js';
import { isPlainJsonWithin } from '../arguments/json-fast-check.js';
import type { JsonBounds } from '../util/json-bounds.js';
import { findArgumentProblem } from '../arguments/argument-value.js';
import { parseJsonText } from '../arguments/json-text.js';
import { argumentBounds, excessFailure, limitFailure, MAX_COLLECTED_ERRORS, type Limits } from '../util/limits.js';
import { underPatternBudget, type PatternExcess } from '../regex/bound.js';
import { CONTENT_INEXACT, CONTENT_OVER } from './engine/content.js';
import { validateWithinSteps, type StepExcess } from './engine/within-steps.js';

/** What checking arguments needs from a compiled schema. */
export interface ArgumentChecker {
  readonly validator: Validator;
  /** Tool schemas require a JSON object at the root (rule 5). */
  readonly toolRoot: boolean;
  /** Argument limits fixed when the schema was compiled. */
  readonly limits: Limits;
  /** The same limits as walk bounds, built once per compiled schema rather than per call. */
  readonly bounds: JsonBounds;
  /** False only when the schema holds no quadratic pattern (schema-needs.ts): no budget to keep. */
  readonly patternBudget: boolean;
  /** How a failure's Ajv errors become violations: the compiled schema, and the author's locations in it. */
  readonly report: ViolationOptions;
}

/** The checker for one compiled schema; everything a call needs is computed here, once. */
export function argumentChecker(
  validator: Validator,
  options: { toolRoot: boolean; limits: Limits; patternBudget: boolean },
): ArgumentChecker {
  const schema = validator.schema;
  const report = { schema, locate: (pointer: string) => authorLocation(schema, pointer) };
  return { validator, ...options, bounds: boundsOf(options.limits), report };
}

// One bounds object per limits object: checkers of the same limits (every tool on the defaults) share it,
// so the quick check, which keeps the bounds of its last call, rarely has to read them again.
const sharedBounds = new WeakMap<Limits, JsonBounds>();
function boundsOf(limits: Limits): JsonBounds {
  let bounds = sharedBounds.get(limits);
  if (bounds === undefined) {
    bounds = argumentBounds(limits);
    sharedBounds.set(limits, bounds);
  }
  return bounds;
}

/**
 * Validates an argument value as is: first that it is an argument value at all (the rules are in
 * arguments/argument-value.ts), then the schema. On success the value returned is the very
 * reference passed in (rule 6). An exception inside the engine (a stack overflow in a branch of
 * `oneOf`, say) or in a getter of the host's object fails the whole call, never a branch. The
 * argument limits are checked in the same walk, before the engine sees the value: a quick check
 * that allocates nothing (arguments/json-fast-check.ts), and the full walker only when it has doubts.
 */
export function checkArguments(checker: ArgumentChecker, args: unknown): Result<unknown> {
  if (prototypePolluted()) return pollutedFailure();
  if (!isPlainJsonWithin(args, checker.bounds)) {
    const finding = findArgumentProblem(args, checker.bounds);
    if (finding?.kind === 'excess') return excessFailure(finding.excess, false);
    if (finding !== undefined) {
      const problem = finding.problem;
      const message = `arguments are not a JSON value at ${shownPlace(pathOf(problem.segments))}: ${problem.message}`;
      return fail('validation', message, [
        {
          path: pathOf(problem.segments),
          pointer: pointerOf(problem.segments),
          keyword: 'json',
          message: problem.message,
          schemaPath: '',
          code: 'not_json_value',
          params: {},
        },
      ]);
    }
  }
  return checkPlainArguments(checker, args);
}

// An object with nothing of its own above Array.prototype: for-in over it sees only the enumerable
// members of Array.prototype and Object.prototype (an ordinary object, so for-in takes V8's fast path).
const NOTHING_OWN: object = Object.freeze(Object.create(Array.prototype) as object);

/**
 * True when Object.prototype or Array.prototype carries an enumerable member: what a data-only
 * prototype pollution (`obj[key] = value` with key "__proto__") leaves behind. Validators compiled
 * without Ajv's `ownProperties` (schema-needs.ts) would then see that member as present in every
 * argument object, so `required: ["isAdmin"]` could pass without the property; an index on
 * Array.prototype would fill an array's holes; and the argument check reads each object's members
 * with for…in. Such a call is refused.
 */
function prototypePolluted(): boolean {
  for (const _ in NOTHING_OWN) return true;
  return false;
}

function pollutedFailure(): Result<never> {
  return failExecution(
    'host',
    'validation refused: Object.prototype or Array.prototype has an enumerable member (prototype pollution in ' +
      'this process); inherited names could pass as present properties',
  );
}

const OBJECT = Object.freeze({ expected: Object.freeze(['object']) });

/**
 * The schema part of checkArguments, for a value already known to be plain JSON within the limits. Kept small
 * (every valid call runs it): the failures are built by the functions below, so this one can be inlined.
 */
function checkPlainArguments(checker: ArgumentChecker, args: unknown): Result<unknown> {
  if (checker.toolRoot && (args === null || typeof args !== 'object' || Array.isArray(args))) return notAnObject(args);
  if (checker.patternBudget) return checkWithPatternBudget(checker, args);
  let stepped: boolean | StepExcess;
  try {
    // Every call runs under maxValidationSteps (schema/engine/step-budget.ts).
    stepped = validateWithinSteps(checker.limits.maxValidationSteps, checker.validator, args);
  } catch (thrown) {
    if (thrown === CONTENT_OVER) return contentOver();
    if (thrown === CONTENT_INEXACT) return contentInexact();
    // The engine reads the host's object again: a getter that passed the check may throw now, host text.
    return thrownFailure('validation', thrown);
  }
  if (stepped === true) return ok(args);
  return stepped === false ? refusal(checker, args) : stepsFailure(checker, stepped);
}

/** checkPlainArguments for a schema with a quadratic pattern, also charged against maxPatternSubject/Work. */
function checkWithPatternBudget(checker: ArgumentChecker, args: unknown): Result<unknown> {
  let stepped: boolean | StepExcess;
  let pattern: PatternExcess | undefined;
  try {
    stepped = validateWithinSteps(
      checker.limits.maxValidationSteps,
      (data) => {
        const run = underPatternBudget(checker.limits, () => checker.validator(data) === true);
        if (run.kind === 'done') return run.value;
        pattern = run.excess;
        return false;
      },
      args,
    );
  } catch (thrown) {
    if (thrown === CONTENT_OVER) return contentOver();
    if (thrown === CONTENT_INEXACT) return contentInexact();
    return thrownFailure('validation', thrown);
  }
  if (pattern !== undefined) return limitFailure(pattern.name, pattern.value, pattern.seen);
  if (stepped === true) return ok(args);
  return stepped === false ? refusal(checker, args) : stepsFailure(checker, stepped);
}

/** A decoded contentMediaType document past the default argument limits: a limit, never a mismatch. */
function contentOver(): Result<never> {
  return failExecution(
    'limit',
    'limit exceeded: a document decoded for contentMediaType is past the default argument limits (docs/limits.md)',
    [],
    'contentMediaType',
  );
}

function contentInexact(): Result<never> {
  const message =
    'a document decoded for contentMediaType is JSON toolgate cannot read exactly (a duplicate key, a lone ' +
    'surrogate or a number no double holds as written), so it cannot be checked';
  return fail('validation', `invalid arguments: ${message}`, [
    { path: '$', pointer: '', keyword: 'contentMediaType', message, schemaPath: '', code: 'invalid_json', params: {} },
  ]);
}

function notAnObject(args: unknown): Result<never> {
  const got = args === null ? 'null' : Array.isArray(args) ? 'array' : typeof args;
  const message = `expected object, got ${got}`;
  return fail('validation', `invalid arguments: ${message}`, [
    { path: '$', pointer: '', keyword: 'type', message, schemaPath: '', code: 'type_mismatch', params: OBJECT },
  ]);
}

function stepsFailure(checker: ArgumentChecker, excess: StepExcess): Result<never> {
  return limitFailure(
    'maxValidationSteps',
    checker.limits.maxValidationSteps,
    `at least ${excess.seen} steps (see the README limits section)`,
  );
}

/** The engine said no: its errors as violations, and the message naming the first. */
function refusal(checker: ArgumentChecker, args: unknown): Result<never> {
  const errors = checker.validator.errors ?? [];
  const violations = violationsFromEngine(errors, args, checker.report);
  // Read once, here: left on the validator they would keep the call's errors (and their strings) alive until the
  // tool's next call, on every tool that ever refused one.
  (checker.validator as { errors?: unknown }).errors = null;
  const first = violations[0];
  // Past MAX_COLLECTED_ERRORS the engine stops collecting (schema/engine/step-budget.ts), and past
  // MAX_VIOLATION_POINTER_CHARS of pointers no more violations are made: the count is a floor.
  const floor = errors.length >= MAX_COLLECTED_ERRORS || errorsWithinPointerBudget(errors) < errors.length;
  const count = `${floor ? 'at least ' : ''}${violations.length}`;
  const lead = first === undefined ? '' : `, first at ${shownPlace(first.path)}: ${first.message}`;
  return fail(
    'validation',
    `invalid arguments: ${count} violation${violations.length === 1 ? '' : 's'}${lead}`,
    violations,
  );
}

/**
 * Checks the text's size before parsing, parses strictly (see parseJsonText), then validates. The
 * parser builds only plain objects, arrays and JSON scalars and counts the argument limits as it
 * goes, so the value walk runs again only when a count passed its limit (to report where).
 */
export function checkArgumentsText(checker: ArgumentChecker, text: unknown): Result<unknown> {
  if (typeof text !== 'string')
    return fail('validation', `validateJSON expects a string, got ${text === null ? 'null' : typeof text}`);
  const { maxArgumentBytes } = checker.limits;
  if (text.length > maxArgumentBytes)
    return limitFailure('maxArgumentBytes', maxArgumentBytes, `${text.length} characters of JSON text (not parsed)`);
  const parsed = parseJsonText(text, checker.limits);
  if (!parsed.ok) return parsed;
  if (!parsed.value.withinLimits) return checkArguments(checker, parsed.value.value);
  return prototypePolluted() ? pollutedFailure() : checkPlainArguments(checker, parsed.value.value);
}
