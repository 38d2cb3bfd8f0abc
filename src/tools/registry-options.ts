import { fail, ok, type Result } from '../result.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { ANY, FUNCTION, OBJECT, readTable, rule, type OptionTable, type TableRead } from '../util/option-table.js';
import { copyJson } from '../util/plain-json.js';
import { LINE_COUNT } from '../errors/format.js';
import { MAX_TIMEOUT_MS } from './deadline.js';
import type { Stages } from './gateway.js';
import type { ExposeErrors, ToolErrorEvent } from './failure-text.js';

/** Registry options: schema options for every tool schema, plus the gateway's. */
export type RegistryOptions = SchemaOptions & {
  /** Host stages run, in order, before a tool and only for valid arguments. */
  readonly stages?: Stages;
  /**
   * Default per-call timeout: whole milliseconds from 1 to 2^31-1, or Infinity / absent for none; anything else is an
   * options error.
   */
  readonly timeoutMs?: number;
  /** Called with every value a stage or tool threw; what it throws (or, async, rejects with) is ignored. */
  readonly onError?: (event: ToolErrorEvent) => void;
  /** Most violation lines in a tool result (default 20). */
  readonly maxViolationLines?: number;
  /**
   * Longest tool result passed on, as the bytes of its JSON text (default 4 MiB, the proxy's `--max-result`); a
   * longer one, or one that shares objects so often that its text would be, fails as `execution_failure`.
   */
  readonly maxResultBytes?: number;
  /**
   * The only tools that may be called and are published by `definitions()`; absent: every registered tool.
   * A call to any other tool is refused before any stage runs (class `validation`, stage `authorize`).
   */
  readonly grants?: readonly string[];
  /**
   * What the model reads when a stage or tool throws. Default false: `error: tool t failed` (the message
   * stays in `result.error` and goes to `onError`). True: the message too. A function: its text.
   */
  readonly exposeErrors?: ExposeErrors;
};

/** The default of `maxResultBytes`: the proxy's `--max-result`. */
export const DEFAULT_MAX_RESULT_BYTES = 4 * 1024 * 1024;

/** Per-call bounds, and the host's own data for this call. */
export interface CallOptions {
  readonly signal?: AbortSignal;
  /** Overrides the Registry's timeoutMs for this call; same rule (1 to 2^31-1 whole ms, or Infinity for none). */
  readonly timeoutMs?: number;
  /** Handed by reference to every stage, `settle` and `execute` (for example `{ caller, run, budget }`). */
  readonly context?: unknown;
}

/** The grants option as a set of names; undefined when it is not an array of strings (read as plain data). */
export function grantsOf(value: unknown): ReadonlySet<string> | undefined {
  const copy = copyJson(value);
  if (!copy.ok || !Array.isArray(copy.value) || copy.value.some((g) => typeof g !== 'string')) return undefined;
  return new Set(copy.value as string[]);
}

/** A timeout (a call's, a loader's): whole ms from 1 to 2^31-1 (Node would cut 3e9 to 1 ms), or Infinity for none. */
export const TIMEOUT = {
  ...rule(
    `a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS}, or Infinity for none`,
    (v) => v === Infinity || (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_TIMEOUT_MS),
  ),
  showsValue: true,
};

/** The Registry's own options (the schema options are SCHEMA_OPTION_TABLE's). */
export const REGISTRY_TABLE: OptionTable<Omit<RegistryOptions, keyof SchemaOptions>> = {
  stages: OBJECT,
  timeoutMs: TIMEOUT,
  onError: FUNCTION,
  maxViolationLines: LINE_COUNT,
  maxResultBytes: rule(
    'a whole number of bytes from 1, or Infinity',
    (v) => v === Infinity || (Number.isSafeInteger(v) && (v as number) >= 1),
  ),
  grants: rule('an array of tool names', (v) => grantsOf(v) !== undefined),
  exposeErrors: rule('a boolean or a function', (v) => typeof v === 'boolean' || typeof v === 'function'),
};

/** Every option `new Registry` reads. */
export const REGISTRY_OPTIONS_TABLE: OptionTable<RegistryOptions> = { ...SCHEMA_OPTION_TABLE, ...REGISTRY_TABLE };

/** Every stage is a function: a misconfigured policy is refused up front, never skipped. */
export const STAGE_TABLE: OptionTable<Stages> = {
  authorize: FUNCTION,
  approve: FUNCTION,
  reserveBudget: FUNCTION,
  commitIntent: FUNCTION,
  settle: FUNCTION,
};

/** The options of one call. */
export const CALL_TABLE: OptionTable<CallOptions> = {
  signal: rule('an AbortSignal', (v) => v instanceof AbortSignal),
  timeoutMs: TIMEOUT,
  context: ANY,
};

/** One call's deadline, the host's abort signal, and the host's own data handed to every stage. */
export interface CallBounds {
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
  readonly context: unknown;
}

/** The options of a call given none: toolgate's own frozen object, so there is nothing to read. */
export const NO_CALL_OPTIONS: CallOptions = Object.freeze({});

/**
 * A call's options read against CALL_TABLE, once, as own data: its bounds (the registry's timeout when it sets
 * none), or the options error; a timeoutMs that cannot be honoured exactly is refused.
 */
export function readCallBounds(options: unknown, registryTimeoutMs: number | undefined): Result<CallBounds> {
  const read = readTable(options, CALL_TABLE);
  if (read.problems.length > 0)
    return fail('validation', `invalid call options: ${read.problems.join('; ')}`, read.violations);
  const values = read.values as CallOptions;
  const timeoutMs = values.timeoutMs === undefined ? registryTimeoutMs : (values.timeoutMs as number);
  return ok({ timeoutMs, signal: values.signal as AbortSignal | undefined, context: values.context });
}

/**
 * Registry options and their stages, read against the tables: `stages` problems are named under it, as
 * `stages: "approve" is not a plain data property`.
 */
export function readRegistryOptions(options: unknown): TableRead & { readonly stages: Record<string, unknown> } {
  const read = readTable(options, REGISTRY_OPTIONS_TABLE);
  const stages = readTable(read.values['stages'], STAGE_TABLE);
  return {
    values: read.values,
    stages: stages.values,
    problems: [...read.problems, ...stages.problems.map((p) => `stages: ${p}`)],
    violations: [
      ...read.violations,
      ...stages.violations.map((v) => ({ ...v, params: { option: `stages.${String(v.params['option'])}` } })),
    ],
  };
}
