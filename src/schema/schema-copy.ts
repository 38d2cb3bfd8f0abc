import { fail, ok, schemaViolation, type Result } from '../result.js';
import { copyBoundedJson } from '../util/plain-json.js';
import { problemPointer } from '../util/json-bounds.js';
import { shownPlace } from '../util/describe-value.js';
import { excessFailure, limitsKey, resolveLimits, schemaBounds, type Limits } from '../util/limits.js';
import { OBJECT, readTable, type OptionTable } from '../util/option-table.js';
import { sortedKeys } from '../util/code-unit-order.js';

/** Options of the report-only schema checks (lintSchema, checkProvider); every field optional. */
export interface ReportOptions {
  /** Bounds on the copy; default DEFAULT_LIMITS (maxSchemaBytes, maxSchemaDepth and maxSchemaPointerLength apply). */
  readonly limits?: Partial<Limits> | undefined;
}

/**
 * The private copy a report-only check walks, bounded exactly as validateSchema bounds a schema:
 * a shared subschema (a DAG such as 40 nested `anyOf: [s, s]`) is copied once per path, so without
 * the size bound the copy alone grows as 2^depth. An exceeded limit is `execution_failure`, a value
 * that is not JSON `validation`, as in validateSchema.
 */
export function privateSchemaCopy(schema: unknown, options: unknown): Result<unknown> {
  const limits = reportLimits(options);
  if (!limits.ok) return limits;
  return boundedSchemaCopy(schema, limits.value);
}

/** What ReportOptions may hold. */
const REPORT_TABLE: OptionTable<ReportOptions> = { limits: OBJECT };

/** The limits of report-only options, read against REPORT_TABLE: an unknown or mistyped option is refused. */
export function reportLimits(options: unknown): Result<Limits> {
  const read = readTable(options, REPORT_TABLE);
  if (read.problems.length > 0)
    return fail('validation', `invalid options: ${read.problems.join('; ')}`, read.violations);
  return resolveLimits(read.values['limits']);
}

/**
 * A private copy of a caller's schema under `maxSchemaBytes`, `maxSchemaDepth` and `maxSchemaPointerLength`,
 * checked while copying, before any other work on the schema: an exceeded limit is `execution_failure`, a value
 * that is not JSON `validation`. validateSchema and the report-only checks all start here.
 */
export function boundedSchemaCopy(schema: unknown, limits: Limits): Result<unknown> {
  const copy = copyBoundedJson(schema, schemaBounds(limits), { skipNonEnumerable: true });
  if (copy.ok) return ok(copy.value);
  if (copy.finding.kind === 'excess') return excessFailure(copy.finding.excess, true);
  const problem = copy.finding.problem;
  const message = `schema is not JSON at ${shownPlace(problemPointer(problem)) || 'the root'}: ${problem.message}`;
  return fail('validation', message, [schemaViolation('json', message, problemPointer(problem), 'schema_invalid')]);
}

/**
 * The deep-frozen schema copies validateSchema hands out (`CompiledSchema.schema`, what admission publishes), each with
 * the limits it was bounded by (limitsKey). Only this module's callers add to it; a host cannot name an object here.
 */
const ownCopies = new WeakMap<object, string>();

/** Records `copy`, deep-frozen, as bounded by `limits`; returns it. */
export function markOwnCopy<T>(copy: T, limits: Limits): T {
  if (copy !== null && typeof copy === 'object') ownCopies.set(copy, limitsKey(limits));
  return copy;
}

/**
 * A copy to read, never to write: `schema` itself when it is a frozen copy validateSchema made under the same
 * limits (the same bounds would pass it again), else boundedSchemaCopy. Admission lints the schema it published:
 * copying a 1 MB one again cost about 300 ms of the admission promise's second, its garbage included
 * (bench/adversarial.ts).
 */
export function readOnlySchemaCopy(schema: unknown, limits: Limits): Result<unknown> {
  if (schema !== null && typeof schema === 'object' && ownCopies.get(schema) === limitsKey(limits)) return ok(schema);
  return boundedSchemaCopy(schema, limits);
}

/**
 * A deep-frozen copy of a private schema copy (plain JSON already: boundedSchemaCopy checked it while
 * copying), made in one pass that freezes each object once its members are in.
 */
export function frozenCopy(value: unknown): unknown {
  return plainCopy(value, 'frozen');
}

/**
 * The engine's copy of a private schema copy, its objects' keys in the order canonicalJson writes them, made in one
 * pass that also freezes the private copy as it reads it (CompiledSchema.schema shows that one, as written). A
 * validator is cached by canonical text and shared by every key order of a schema, yet the engine visits
 * `properties` in key order and stops at its error cap: compiled from this order, which errors a call reports does
 * not depend on which key order the process compiled first. Built in that order, not reordered in place: V8 12 and
 * later (Node 22, 24) turn an object that lost a property into a dictionary (5,000 schemas: 7 MB more on Node 24).
 */
export function engineCopy(privateCopy: unknown): unknown {
  return plainCopy(privateCopy, 'engine');
}

/** `frozen`: the copy frozen, keys as they are; `engine`: keys in canonical order, the source frozen. */
function plainCopy(value: unknown, kind: 'frozen' | 'engine'): unknown {
  if (value === null || typeof value !== 'object') return value;
  const fresh = (v: object): object => (Array.isArray(v) ? new Array<unknown>(v.length) : {});
  const root = fresh(value);
  const pending: [source: object, target: object][] = [[value, root]];
  while (pending.length > 0) {
    const [source, target] = pending.pop() as [object, object];
    const keys = kind === 'engine' && !Array.isArray(source) ? sortedKeys(source) : Object.keys(source);
    for (const key of keys) {
      const v = (source as Record<string, unknown>)[key];
      const out = v !== null && typeof v === 'object' ? fresh(v) : v;
      // A member Object.prototype has (`__proto__`, `constructor`, `toString`) is defined, not assigned: it stays an
      // own member, and a host that froze Object.prototype does not make the write throw (the override mistake).
      // The others are assigned, about twice as fast (a 100,000-value copy 16-22 ms, not 33-35).
      if (Object.hasOwn(Object.prototype, key))
        Object.defineProperty(target, key, { value: out, enumerable: true, writable: true, configurable: true });
      else (target as Record<string, unknown>)[key] = out;
      if (out !== v) pending.push([v as object, out as object]);
    }
    Object.freeze(kind === 'frozen' ? target : source);
  }
  return root;
}
