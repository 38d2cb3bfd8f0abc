import type { Validator } from './engine/validator.js';
import { failExecution, guarded, thrownFailure, type Failure, type Result } from '../result.js';
import { ENGINE_RECURSED } from './engine/missing-reference.js';
import type { Limits } from '../util/limits.js';
import { standardProps, type ToolgateStandardProps } from './standard-schema.js';
import { argumentChecker, checkArguments, checkArgumentsText, type ArgumentChecker } from './check-arguments.js';

// The CompiledSchema a validateSchema hands out, in its two forms: with its validator compiled (the default,
// `compile: 'eager'`), or proven at admission and compiled on its first call (`compile: 'lazy'`, deferral.ts),
// then kept. A compile that fails at that first call fails that call and every later one with the refusal the
// admission would have given: never a pass.

/** A schema that passed every gate; its validator compiled once (rule 10), at admission or at its first call. */
export interface CompiledSchema {
  /** A deep-frozen private copy of the schema as given (never the rewritten one). */
  readonly schema: unknown;
  /** Validates an argument value; on success `value` is the same reference. */
  validate(args: unknown): Result<unknown>;
  /** Parses a JSON text strictly, then validates it; on success `value` is the parsed value. */
  validateJSON(text: string): Result<unknown>;
  /**
   * Standard Schema v1 (and Standard JSON Schema v1) view of the same validation; see standard-schema.ts.
   */
  readonly '~standard': ToolgateStandardProps;
}

/** What a CompiledSchema is made of, besides its validator. */
export interface CompiledParts {
  readonly schema: unknown;
  readonly toolRoot: boolean;
  readonly limits: Limits;
}

// Validators whose documents hold no quadratic pattern: their calls skip the pattern budget
// (regex/bound.ts). Any other validator, legacy ones included, runs under it.
const budgetFree = new WeakSet<Validator>();

/** Marks a validator whose calls need no pattern budget (no document of it holds a quadratic pattern). */
export function markBudgetFree(validator: Validator): void {
  budgetFree.add(validator);
}

function checkerOf(validator: Validator, { toolRoot, limits }: CompiledParts): ArgumentChecker {
  return argumentChecker(validator, { toolRoot, limits, patternBudget: !budgetFree.has(validator) });
}

/** A CompiledSchema over a compiled validator. */
export function compiledOf(parts: CompiledParts, validator: Validator): CompiledSchema {
  const checker = checkerOf(validator, parts);
  // The hot path: guarded() inlined, so no closure is created per call.
  const validate = (args: unknown): Result<unknown> => {
    try {
      return checkArguments(checker, args);
    } catch (thrown) {
      // A getter or Proxy trap of the host's arguments: its text is host data and this message model text.
      return thrownFailure('validate', thrown);
    }
  };
  const validateJSON = (text: string): Result<unknown> => {
    try {
      return checkArgumentsText(checker, text);
    } catch (thrown) {
      return thrownFailure('validateJSON', thrown);
    }
  };
  return exposed(parts, validate, validateJSON);
}

/** What a deferred schema holds in place of its compile once it has run: never called (`compiled` is set). */
const COMPILED = (): never => {
  throw new Error('the schema was compiled already');
};

/**
 * A CompiledSchema whose validator `compile` makes on the first call of any of its methods, once: a success is
 * kept and used from then on, a failure the compile returns (or throws) is the answer of that call and of every
 * later one (the same refusal the admission of an eager compile would have returned, the compile never retried).
 * A compile that ran out of stack fails that call alone: the compile runs on the caller's stack, where an eager one
 * ran at admission, and a first call made deep in the host's recursion made the tool unusable for good (at the
 * third time in a row it is kept, as any refusal). A throw
 * after it, while the CompiledSchema is made, fails that call alone too.
 */
export function deferredCompiledOf(parts: CompiledParts, compile: () => Result<Validator>): CompiledSchema {
  let compiled: CompiledSchema | Failure | undefined;
  // Let go once it has run: the compile's scope (the engine's configuration, the documents, the cache key's parts)
  // is not kept beside the validator.
  let pending: () => Result<Validator> = compile;
  let stackFailures = 0;
  // A throw out of the compile is what guarded makes of it at admission: execution_failure, never a pass.
  const ready = (what: 'validate' | 'validateJSON'): CompiledSchema | Failure => {
    if (compiled !== undefined) return compiled;
    const validator = guarded('validateSchema', pending);
    // A compile that runs out of stack each time (its generated code nests too deeply for V8, whatever the stack)
    // is kept as the refusal it is at the third time in a row, not compiled again at every call.
    if (!validator.ok && ranOutOfStack(validator.error.message) && ++stackFailures < STACK_RETRIES)
      return failExecution('internal', `${what} failed: ${OUT_OF_STACK}`);
    if (validator.ok) {
      // Out of stack or memory (toolgate's own code runs here): this call's failure, and the next call makes it again
      // (its validator is in the compile cache).
      const made = guarded(what, () => ({ ok: true, value: compiledOf(parts, validator.value) }));
      if (!made.ok) return made;
      compiled = made.value;
    } else compiled = validator;
    pending = COMPILED;
    return compiled;
  };
  // Once compiled, each call is the eager schema's own (compiledOf): one hot path for both.
  const validate = (args: unknown): Result<unknown> => {
    const c = ready('validate');
    return 'ok' in c ? c : c.validate(args);
  };
  const validateJSON = (text: string): Result<unknown> => {
    const c = ready('validateJSON');
    return 'ok' in c ? c : c.validateJSON(text);
  };
  return exposed(parts, validate, validateJSON);
}

/** First calls in a row a compile may run out of stack before its refusal is kept. */
const STACK_RETRIES = 3;

const OUT_OF_STACK =
  'the stack ran out while the schema was compiled at its first call (the next call compiles it again)';

/** Whether a compile's failure is the stack running out: the engine's RangeError, or one thrown around it. */
function ranOutOfStack(message: string): boolean {
  return message.endsWith(ENGINE_RECURSED) || message.endsWith('Maximum call stack size exceeded');
}

/** The frozen CompiledSchema a caller holds: the schema as shown, its two checks and the Standard Schema props. */
function exposed(
  { schema, toolRoot }: CompiledParts,
  validate: CompiledSchema['validate'],
  validateJSON: CompiledSchema['validateJSON'],
): CompiledSchema {
  return Object.freeze({ schema, validate, validateJSON, '~standard': standardProps({ schema, validate, toolRoot }) });
}
