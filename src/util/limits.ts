import { pathOf, pointerOf } from './json-pointer.js';
import { shownPlace } from './describe-value.js';
import { fail, failExecution, ok, schemaViolation, type Result } from '../result.js';
import type { JsonBounds, JsonExcess } from './json-bounds.js';
import { readTable, rule, type OptionTable } from './option-table.js';

/**
 * Bounds on untrusted input. Tool schemas come from third-party servers and arguments from a
 * model; exceeding any bound is `execution_failure`, checked before the work it bounds.
 */
export interface Limits {
  /** Characters of a schema document's compact JSON text (string escapes not counted). */
  readonly maxSchemaBytes: number;
  /** JSON nesting of a schema document: objects and arrays on one path, data in `enum`/`const` included. */
  readonly maxSchemaDepth: number;
  /**
   * Characters of the JSON Pointer to any value in a schema document (its keys and indices, each after a `/`,
   * escapes not counted). Admission's work on schema locations (meta-schema errors, the compile-cost graph) grows
   * with their pointers, and V8 hashes a string past 16,383 characters by its length alone: one 400,000-character
   * key above 300 branches took 225 s to refuse.
   */
  readonly maxSchemaPointerLength: number;
  /**
   * Characters of a URI or anchor a schema object names (`$id`, `$schema`, `$ref`, `$dynamicRef`, `$anchor`,
   * `$dynamicAnchor`, and the older drafts' `$recursiveRef`), as written and, for `$id` and references, once
   * resolved against their base, in every object Ajv's resolver searches (schema/uri-lengths.ts): resolving and
   * indexing key maps by them, and past 16,383 characters V8 hashes a string by its length alone (a
   * 400,000-character `$id` over 400 `$anchor`s took 8.6 s to admit; 60 nested relative `$id`s of 2,000
   * characters 55 s).
   */
  readonly maxSchemaUriLength: number;
  /** Schema objects over every document of one validateSchema call. */
  readonly maxSubschemas: number;
  /** `$ref` and `$dynamicRef` keywords over every document of one call. */
  readonly maxReferences: number;
  /**
   * Subschemas one schema applies at one instance location through in-place applicators (`allOf`,
   * `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `dependentSchemas`, `$ref`, `$dynamicRef`), itself
   * included and repeats counted, for the schema where this is largest (in-place.ts). Shared `$ref`s
   * make it grow exponentially with schema size; a schema without references never exceeds its
   * subschema count.
   */
  readonly maxInPlaceSubschemas: number;
  /** Documents taken from `schemaRegistry` or `schemaLoader` (custom meta-schemas included). */
  readonly maxDocuments: number;
  /** Characters of the text given to `validateJSON`, checked before parsing. */
  readonly maxArgumentBytes: number;
  /** JSON nesting of the arguments (the root object is level 1). */
  readonly maxArgumentDepth: number;
  /** Values in the arguments: containers and scalars, keys not counted. */
  readonly maxArgumentValues: number;
  /** Longest string in the arguments, property names included (UTF-16 code units). */
  readonly maxStringLength: number;
  /** Most properties in one object of the arguments. */
  readonly maxObjectProperties: number;
  /** Most items in one array of the arguments. */
  readonly maxArrayItems: number;
  /**
   * Longest string (UTF-16 code units) tested against a `pattern` or `patternProperties` regular
   * expression whose backtracking can be quadratic (regex/degree.ts); linear ones are not bounded.
   */
  readonly maxPatternSubject: number;
  /**
   * Pattern work of one validation: each string tested against a quadratic pattern costs its length
   * squared times the pattern's weight (regex/weight.ts, an upper bound in nanoseconds per squared
   * character), so the default is about 30 ms of matching. The same work also counts toward
   * maxValidationSteps (one step per 25, WEIGHT_PER_STEP).
   */
  readonly maxPatternWork: number;
  /**
   * Steps of one validation (step-budget.ts): each schema object applied to a value costs a weight
   * fixed by its keywords (list sizes; possible errors inside `anyOf`/`oneOf`/`not`/`if`/`contains`)
   * plus what the value adds (string length, object keys); one step is roughly 10 ns of engine work.
   */
  readonly maxValidationSteps: number;
  /**
   * Estimated cost of compiling one schema (schema/compile-cost.ts), in units of about a microsecond of
   * admission CPU: schema objects compiled (a `$ref` Ajv inlines counts its target again), distinct
   * regular expressions, the schema's text, and the square of the generated code's scope values.
   * Checked before the engine compiles; lint rules that compile spend at most as much per schema.
   */
  readonly maxCompileCost: number;
  /** The sum of maxCompileCost's estimate over every tool of one admitBatch (and guardClient) batch. */
  readonly maxBatchCompileCost: number;
}

/** Errors a validator collects outside composite keywords before it stops, certain to fail (step-budget.ts). */
export const MAX_COLLECTED_ERRORS = 100;

/**
 * The instance pointers of the errors one validation's violations are made of, together, in characters (one error
 * is always made one). Each violation's path is built, compared and sorted: a key the size of the whole argument
 * under 100 failing items cost 100 times the text, in time and memory, where no other limit counted it. A failed
 * `contains` over 10,000 items of ordinary names leaves about 70,000.
 */
export const MAX_VIOLATION_POINTER_CHARS = 1_048_576;

/**
 * Defaults: schema size, subschema and reference counts are at least 100 times the largest value
 * seen over the 200 real tool schemas of ../shared/tool-schemas, schema depth 6.4 times (64 against
 * 10); measured maxima in docs/limits.md.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxSchemaBytes: 1_048_576,
  maxSchemaDepth: 64,
  // 17x the longest pointer of the 200 corpus tools (122); under 16,383 characters with every `~` and `/` escaped.
  maxSchemaPointerLength: 2_048,
  // 46x the longest of the 200 corpus tools (a `$schema` of 44); a resolved base, `#` and an anchor stay under 16,383.
  maxSchemaUriLength: 2_048,
  maxSubschemas: 10_000,
  maxReferences: 1_000,
  // The same as maxSubschemas: no schema without references can exceed it.
  maxInPlaceSubschemas: 10_000,
  maxDocuments: 100,
  maxArgumentBytes: 4_194_304,
  maxArgumentDepth: 64,
  maxArgumentValues: 100_000,
  maxStringLength: 1_048_576,
  maxObjectProperties: 10_000,
  maxArrayItems: 10_000,
  // A quadratic test is charged length² × weight (regex/weight.ts) before it runs: `a.*b` weighs 12,
  // so one string of up to 1,581 characters fits maxPatternWork; the heaviest measured patterns take
  // up to 155 ns × n² and weigh more. maxPatternSubject only matters when maxPatternWork is raised.
  maxPatternSubject: 4_096,
  maxPatternWork: 30_000_000,
  // About 15-45 ms of engine work at 10-30 ns a step (bench/adversarial.ts measures the worst cases).
  maxValidationSteps: 1_500_000,
  // About 0.3-0.5 s of admission CPU (bench/adversarial-admission.ts): with lint at most as much again,
  // any tool is admitted or refused within 1 s. The largest of the 200 corpus tools estimates far less.
  maxCompileCost: 400_000,
  // About 100 s of compiling per batch at worst (250 tools at the single-tool bound); the 200 corpus tools
  // sum to 924,073, so a catalog of 5,000 such tools (the cache's design size) estimates about 23,000,000.
  maxBatchCompileCost: 100_000_000,
});

const NAMES = Object.keys(DEFAULT_LIMITS) as (keyof Limits)[];

/** A bound: a positive integer, or Infinity to lift it on purpose. */
const BOUND = rule(
  'a positive integer or Infinity',
  (v) => v === Infinity || (Number.isSafeInteger(v) && (v as number) > 0),
);

/** The `limits` option's table: every limit takes a bound. */
export const LIMITS_TABLE: OptionTable<Limits> = Object.fromEntries(
  NAMES.map((n) => [n, BOUND]),
) as OptionTable<Limits>;

/**
 * Merges `limits` over the defaults. A value that is not a positive integer (or Infinity, to lift
 * a bound on purpose) is a `validation` error: a misspelt or broken limit is never ignored.
 */
export function resolveLimits(given: unknown): Result<Limits> {
  if (given === undefined) return ok(DEFAULT_LIMITS);
  const read = readTable(given, LIMITS_TABLE, 'limits.');
  if (read.problems.length > 0)
    return fail('validation', `invalid limits: ${read.problems.join('; ')}`, read.violations);
  return ok({ ...DEFAULT_LIMITS, ...read.values } as Limits);
}

/** A stable text of the limits, part of the compiled-schema cache key. */
export function limitsKey(limits: Limits): string {
  let key = limitsKeys.get(limits);
  if (key === undefined) {
    key = NAMES.map((n) => String(limits[n])).join(',');
    limitsKeys.set(limits, key);
  }
  return key;
}

// Resolved limits are never changed once made; the key of the defaults is one string, not one per schema that
// a deferred compile keeps in its cache key (about 140 bytes each).
const limitsKeys = new WeakMap<Limits, string>();

const bound = (limits: Limits, name: keyof Limits): { name: string; value: number } => ({ name, value: limits[name] });

/** The bounds a schema document is copied under. */
export function schemaBounds(limits: Limits): JsonBounds {
  return {
    bytes: bound(limits, 'maxSchemaBytes'),
    depth: bound(limits, 'maxSchemaDepth'),
    pointer: bound(limits, 'maxSchemaPointerLength'),
  };
}

/** The bounds an argument value is checked under. */
export function argumentBounds(limits: Limits): JsonBounds {
  return {
    depth: bound(limits, 'maxArgumentDepth'),
    values: bound(limits, 'maxArgumentValues'),
    stringLength: bound(limits, 'maxStringLength'),
    properties: bound(limits, 'maxObjectProperties'),
    items: bound(limits, 'maxArrayItems'),
  };
}

/** The error for an exceeded limit: names the limit, its value and what was seen. */
export function limitFailure<T = never>(
  name: string,
  value: number,
  seen: string,
  where?: { segments: readonly (string | number)[]; schema: boolean; label?: string },
): Result<T> {
  const place =
    where === undefined
      ? ''
      : where.schema
        ? ` in ${where.label ?? 'the schema'} at ${shownPlace(pointerOf(where.segments)) || '/'}`
        : ` at ${shownPlace(pathOf(where.segments))}`;
  const message = `limit ${name} exceeded: limit ${value}, seen ${seen}${place}`;
  const params = { limit: name, value, seen };
  const violation =
    where !== undefined && !where.schema
      ? {
          path: pathOf(where.segments),
          pointer: pointerOf(where.segments),
          keyword: name,
          message,
          schemaPath: '',
          code: 'limit_exceeded' as const,
          params,
        }
      : schemaViolation(name, message, where === undefined ? '' : pointerOf(where.segments), 'limit_exceeded', params);
  return failExecution('limit', message, [violation], name);
}

/** limitFailure for a bound exceeded during a JSON walk. */
export function excessFailure<T = never>(excess: JsonExcess, schema: boolean, label?: string): Result<T> {
  return limitFailure(excess.bound.name, excess.bound.value, excess.seen, {
    segments: excess.segments,
    schema,
    ...(label === undefined ? {} : { label }),
  });
}
