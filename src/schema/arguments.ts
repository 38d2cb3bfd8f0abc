import type { ValidateFunction } from 'ajv';
import { fail, ok, thrownMessage, type Result } from '../result.js';
import { pathOf, pointerOf } from '../errors/location.js';
import { violationsFromAjv } from '../errors/violations.js';
import { findNonJson } from './json-value.js';
import { parseJsonText } from './json-text.js';

/** What checking arguments needs from a compiled schema. */
export interface ArgumentChecker {
  readonly validator: ValidateFunction;
  /** Tool schemas require a JSON object at the root (rule 5). */
  readonly toolRoot: boolean;
}

/** Default nesting bound of a JSON text given to validateJSON. */
export const DEFAULT_TEXT_DEPTH = 64;

/**
 * Validates an argument value as is: first that it is a JSON value at all, then the schema. On
 * success the value returned is the very reference passed in (rule 6). An exception inside the
 * engine (a stack overflow in a branch of `oneOf`, say) fails the whole call, never a branch.
 */
export function checkArguments(checker: ArgumentChecker, args: unknown): Result<unknown> {
  const problem = findNonJson(args);
  if (problem !== undefined) {
    const message = `arguments are not a JSON value at ${pathOf(problem.segments)}: ${problem.reason}`;
    return fail('validation', message, [{ path: pathOf(problem.segments), pointer: pointerOf(problem.segments), keyword: 'json', message: problem.reason, schemaPath: '' }]);
  }
  if (checker.toolRoot && (args === null || typeof args !== 'object' || Array.isArray(args))) {
    const got = args === null ? 'null' : Array.isArray(args) ? 'array' : typeof args;
    const message = `expected object, got ${got}`;
    return fail('validation', `invalid arguments: ${message}`, [{ path: '$', pointer: '', keyword: 'type', message, schemaPath: '' }]);
  }
  let valid: boolean;
  try {
    valid = checker.validator(args) === true;
  } catch (thrown) {
    return fail('execution_failure', `validation did not complete: ${thrownMessage(thrown)}`);
  }
  if (valid) return ok(args);
  const violations = violationsFromAjv(checker.validator.errors ?? [], args);
  const first = violations[0];
  return fail('validation', `invalid arguments: ${violations.length} violation${violations.length === 1 ? '' : 's'}${first ? `, first at ${first.path}: ${first.message}` : ''}`, violations);
}

/** Parses strictly (see parseJsonText), then validates the parsed value. */
export function checkArgumentsText(checker: ArgumentChecker, text: unknown): Result<unknown> {
  if (typeof text !== 'string') return fail('validation', `validateJSON expects a string, got ${text === null ? 'null' : typeof text}`);
  const parsed = parseJsonText(text, { maxDepth: DEFAULT_TEXT_DEPTH });
  if (!parsed.ok) return parsed;
  return checkArguments(checker, parsed.value);
}
