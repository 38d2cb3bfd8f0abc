import { types } from 'node:util';

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

/**
 * Every `Violation.code`, in the order docs/api.md lists them: a program reads the code, never the English
 * `message`. Argument codes come from the engine's keyword (errors/codes.ts maps them); the `schema_*`, `reference_*`
 * and other refusal codes from toolgate's own gates. A code, once published, keeps its meaning.
 */
export const VIOLATION_CODES = Object.freeze([
  // Arguments against the schema (class validation).
  'type_mismatch',
  'required_missing',
  'dependent_required_missing',
  'unexpected_property',
  'invalid_property_name',
  'not_in_enum',
  'const_mismatch',
  'below_minimum',
  'above_maximum',
  'not_multiple_of',
  'string_too_short',
  'string_too_long',
  'pattern_mismatch',
  'format_mismatch',
  'content_mismatch',
  'too_few_items',
  'too_many_items',
  'unexpected_items',
  'duplicate_items',
  'too_few_properties',
  'too_many_properties',
  'contains_count',
  'matches_not',
  'no_branch_matched',
  'several_branches_matched',
  'if_branch_failed',
  'false_schema',
  'keyword_failed',
  // Arguments that are not JSON, and any limit.
  'invalid_json',
  'not_json_value',
  'limit_exceeded',
  // Schemas refused (classes validation and unsupported_capability).
  'schema_invalid',
  'unknown_keyword',
  'keyword_not_in_dialect',
  'dialect_unsupported',
  'vocabulary_unsupported',
  'assertion_unsupported',
  'not_enforceable',
  'pattern_invalid',
  'pattern_refused',
  'duplicate_id',
  'reference_unresolved',
  'loader_failed',
  'loader_timeout',
  // Tools, batches and served commands.
  'descriptor_invalid',
  'duplicate_name',
  'authority_refused',
  'provider_refused',
  'tool_not_admitted',
  'placeholder_contract',
  'option_injection',
  'render_failed',
  // An option of a call that is unknown or of the wrong type.
  'invalid_option',
] as const);

/** A stable code naming what a violation is about; the full list and each code's `params` are in docs/api.md. */
export type ViolationCode = (typeof VIOLATION_CODES)[number];

/**
 * What a violation is about, as plain JSON data (docs/api.md lists the members per code): the expected type,
 * the limit value, the allowed values (clipped). Foreign text in it is clipped as in messages.
 */
export type ViolationParams = Readonly<Record<string, unknown>>;

/** One broken rule, located in the arguments (`path`, `pointer`) and in the schema (`schemaPath`). */
export interface Violation extends Problem {
  /** What the violation is about, stable across releases (the message's wording is not). */
  readonly code: ViolationCode;
  /** The rule's values a program may read (the limit, the expected type...); `{}` when the code says all. */
  readonly params: ViolationParams;
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

/**
 * What an `execution_failure` is, for a retry policy: `limit` (a bound was exceeded: `GateError.limit` names it),
 * `timeout`, `abort` (the host's signal), `refused` (a host stage said no), `tool` (the tool threw, reported an
 * error or returned what cannot be sent), `host` (host code threw: a getter, a callback, a loader, a foreign
 * library), `upstream` (an MCP server answered wrongly or failed) or `internal` (toolgate itself failed).
 */
export type ExecutionFailureKind =
  | 'limit'
  | 'timeout'
  | 'abort'
  | 'refused'
  | 'tool'
  | 'host'
  | 'upstream'
  | 'internal';

/** A failure as plain data: never an exception, never a class instance. */
export interface GateError extends Problem {
  readonly class: ErrorClass;
  readonly message: string;
  readonly violations: readonly Violation[];
  /** Set exactly when `class` is `execution_failure`: which kind of failure it is. */
  readonly kind?: ExecutionFailureKind;
  /** With kind `limit`: the name of the bound exceeded (a `Limits` key, or an option such as `maxPages`). */
  readonly limit?: string;
  /**
   * What host code (a getter, a Proxy trap, a callback) threw, when the failure came from a throw: for the
   * host's logs only. Its text is never put in `message`, which models read (formatForModel).
   */
  readonly cause?: unknown;
}

// Each side names the other's member as absent: without strictNullChecks TypeScript tells a union apart only by
// members both sides have, and `if (!r.ok) r.error` (every docs sample) would not compile.
/** A success: the value. */
export type Success<T> = { readonly ok: true; readonly value: T; readonly error?: never };

/** A failure: the problem. */
export type Failure<E extends Problem = GateError> = {
  readonly ok: false;
  readonly error: E;
  readonly value?: never;
};

/** What every public call returns; `E` is GateError or one of its kinds (BatchError for admitBatch). */
export type Result<T, E extends Problem = GateError> = Success<T> | Failure<E>;

/** Builds a success. */
export function ok<T>(value: T): Success<T> {
  return { ok: true, value };
}

/** Builds a failure of the given class; it is a Result of any success type. An execution failure uses failExecution. */
export function fail(
  errorClass: Exclude<ErrorClass, 'execution_failure'>,
  message: string,
  violations: readonly Violation[] = [],
): Failure<GateError> {
  return { ok: false, error: { class: errorClass, message, violations } };
}

/** Builds an `execution_failure` of the given kind (with `limit`, the bound's name, for kind `limit`). */
export function failExecution(
  kind: ExecutionFailureKind,
  message: string,
  violations: readonly Violation[] = [],
  limit?: string,
): Failure<GateError> {
  const error: GateError = { class: 'execution_failure', message, violations, kind };
  return { ok: false, error: limit === undefined ? error : { ...error, limit } };
}

/**
 * A failure of either kind of class, for code that passes on another call's error under a new message: an
 * execution failure keeps its kind and limit.
 */
export function failAs(error: GateError, message: string, violations = error.violations): Failure<GateError> {
  if (error.class !== 'execution_failure') return fail(error.class, message, violations);
  return failExecution(error.kind ?? 'internal', message, violations, error.limit);
}

/**
 * Builds a schema-side violation (arguments location `$`). Schema refusals stay violations: they are listed in
 * the same `GateError.violations` a host and formatForModel read, and their codes tell them from argument ones.
 */
export function schemaViolation(
  keyword: string,
  message: string,
  schemaPath: string,
  code: ViolationCode,
  params: ViolationParams = {},
): Violation {
  return { path: '$', pointer: '', keyword, message, schemaPath, code, params };
}

/**
 * A data property of `value`, its own or inherited (a class that does not extend Error may keep `message` on its
 * prototype); no getter runs. Object.prototype and a chain longer than 16 end the search.
 */
export function dataProperty(value: object, key: string): unknown {
  let at: object | null = value;
  for (let depth = 0; at !== null && at !== Object.prototype && depth < 16; depth++) {
    const desc = Object.getOwnPropertyDescriptor(at, key);
    if (desc !== undefined) return 'value' in desc ? desc.value : undefined;
    at = Object.getPrototypeOf(at) as object | null;
  }
  return undefined;
}

/** Turns anything thrown into a message without trusting its shape (it may be a hostile object). */
export function thrownMessage(thrown: unknown): string {
  try {
    // A Proxy is never looked into: its traps are host code, whatever they answer or throw.
    if (types.isProxy(thrown)) return 'non-Error value thrown (a Proxy)';
    if (typeof thrown === 'object' && thrown !== null) {
      const message = dataProperty(thrown, 'message');
      if (typeof message === 'string') return message;
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
  return { ok: false, error: { class: 'execution_failure', message, violations: [], kind: 'host', cause: thrown } };
}

/**
 * `pick(value)` for a host object read through its getters (an adapter's spec): what a getter or Proxy trap
 * throws (a revoked Proxy) is the host's failure, its text withheld, never toolgate's own `internal` one.
 */
export function readHostObject<S, T>(what: string, value: S, pick: (value: S) => T): Result<T> {
  try {
    return { ok: true, value: pick(value) };
  } catch (thrown) {
    return thrownFailure(what, thrown);
  }
}

/** Wraps a body so that nothing it throws crosses the public API. */
export function guarded<T>(what: string, body: () => Result<T>): Result<T> {
  try {
    return body();
  } catch (thrown) {
    return failExecution('internal', `${what} failed: ${thrownMessage(thrown)}`);
  }
}
