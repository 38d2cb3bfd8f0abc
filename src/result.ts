/** The three classes every failure falls into; see docs/rules.md. */
export type ErrorClass = 'validation' | 'unsupported_capability' | 'execution_failure';

/** One broken rule, located in the arguments (`path`, `pointer`) and in the schema (`schemaPath`). */
export interface Violation {
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

/** A failure as plain data: never an exception, never a class instance. */
export interface GateError {
  readonly class: ErrorClass;
  readonly message: string;
  readonly violations: readonly Violation[];
}

/** What every public call returns. */
export type Result<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: GateError };

/** Builds a success. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** Builds a failure of the given class. */
export function fail<T = never>(
  errorClass: ErrorClass,
  message: string,
  violations: readonly Violation[] = [],
): Result<T> {
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

/** Wraps a body so that nothing it throws crosses the public API. */
export function guarded<T>(what: string, body: () => Result<T>): Result<T> {
  try {
    return body();
  } catch (thrown) {
    return fail('execution_failure', `${what} failed: ${thrownMessage(thrown)}`);
  }
}
