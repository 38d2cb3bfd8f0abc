/** The three classes every failure falls into; see docs/rules.md. */
export type ErrorClass = 'validation' | 'unsupported_capability' | 'execution_failure';

/*
 * The problem family. Every problem toolgate reports is plain readonly data with a `message`, one
 * sentence for a person or a model; each kind adds where it is and what it is about:
 * - Violation: a broken rule, located in the arguments (`path`, `pointer`) and the schema;
 * - Finding: advice about a schema that is still admitted (a lint rule's, or a provider profile's
 *   ProviderFinding), located in the schema;
 * - GateError: a failure of a call, with its class and its violations; ToolError (the call's stage)
 *   and BatchError (the batch's diagnostics) extend it.
 */

/** What every problem has: one sentence for a person or a model. */
export interface Problem {
  readonly message: string;
}

/** One broken rule, located in the arguments (`path`, `pointer`) and in the schema (`schemaPath`). */
export interface Violation extends Problem {
  /** JSONPath-like location the model reads: `$`, `$.days`, `$.tags[1]`, `$["odd key"]`. */
  readonly path: string;
  /** RFC 6901 JSON Pointer of the same location. */
  readonly pointer: string;
  /** The JSON Schema keyword (or toolgate rule) that failed. */
  readonly keyword: string;
  /** Short English sentence, values quoted as JSON. */
  readonly message: string;
  /** JSON Pointer into the schema where the rule lives. */
  readonly schemaPath: string;
}

/** Advice about a schema that toolgate still admits: never an error, never a change to the schema. */
export interface Finding extends Problem {
  /** Stable rule id, e.g. `required-but-closed`. */
  readonly rule: string;
  /** JSON Pointer into the schema. */
  readonly schemaPath: string;
}

/** A failure as plain data: never an exception, never a class instance. */
export interface GateError extends Problem {
  readonly class: ErrorClass;
  readonly message: string;
  readonly violations: readonly Violation[];
  /**
   * What host code (a getter, a Proxy trap, a callback) threw, when the failure came from a throw: for the
   * host's logs only. Its text is never put in `message`, which models read (formatForModel).
   */
  readonly cause?: unknown;
}

/** A success: the value. */
export type Success<T> = { readonly ok: true; readonly value: T };

/** A failure: the problem. */
export type Failure<E extends Problem = GateError> = { readonly ok: false; readonly error: E };

/** What every public call returns; `E` is GateError or one of its kinds (BatchError for admitBatch). */
export type Result<T, E extends Problem = GateError> = Success<T> | Failure<E>;

/** Builds a success. */
export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}

/** Builds a failure of the given class; it is a Result of any success type. */
export function fail(
  errorClass: ErrorClass,
  message: string,
  violations: readonly Violation[] = [],
): Failure<GateError> {
  return { ok: false, error: { class: errorClass, message, violations } };
}

/** Builds a schema-side violation (arguments location `$`). */
export function schemaViolation(keyword: string, message: string, schemaPath: string): Violation {
  return { path: '$', pointer: '', keyword, message, schemaPath };
}

/** Turns anything thrown into a message without trusting its shape (it may be a hostile object). */
export function thrownMessage(thrown: unknown): string {
  try {
    if (typeof thrown === 'object' && thrown !== null) {
      const desc = Object.getOwnPropertyDescriptor(thrown, 'message');
      if (desc && 'value' in desc && typeof desc.value === 'string') return desc.value;
    }
    if (typeof thrown === 'string') return thrown;
    return `non-Error value thrown (${thrown === null ? 'null' : typeof thrown})`;
  } catch {
    return 'unreadable thrown value';
  }
}

/**
 * The failure for an exception caught where its text could reach a model (checking arguments): the
 * message says that `what` threw, never what it said (a getter's or a callback's message is host text:
 * paths, addresses, credentials); the thrown value is kept in `cause` for the host.
 */
export function thrownFailure(what: string, thrown: unknown): Failure<GateError> {
  const message = `${what} failed: an exception was thrown (its text is withheld; the host has it in error.cause)`;
  return { ok: false, error: { class: 'execution_failure', message, violations: [], cause: thrown } };
}

/** Wraps a body so that nothing it throws crosses the public API. */
export function guarded<T>(what: string, body: () => Result<T>): Result<T> {
  try {
    return body();
  } catch (thrown) {
    return fail('execution_failure', `${what} failed: ${thrownMessage(thrown)}`);
  }
}
