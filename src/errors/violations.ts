import type { EngineError } from './engine-error.js';
import type { Violation } from '../result.js';
import { keptMessage, needsBranchSelection, selectBranches } from './branches.js';
import { fragmentPointer, nodeAt, unescapePointerToken } from '../util/json-pointer.js';
import { messageFor } from './messages.js';
import { codeOf, paramsFor } from './codes.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { MAX_COLLECTED_ERRORS, MAX_VIOLATION_POINTER_CHARS } from '../util/limits.js';

/** Orders violations by path, then message, comparing UTF-16 code units (never locale order). */
export function compareViolations(a: Ordered, b: Ordered): number {
  const byPath = byCodeUnits(a.path, b.path);
  return byPath !== 0 ? byPath : byCodeUnits(a.message, b.message);
}

/** What the order reads of a violation. */
type Ordered = Pick<Violation, 'path' | 'message'>;

/**
 * Sorted by path, then message (UTF-16 code units), de-duplicated on path and message (the first
 * of equal ones kept: the sort is stable). A list already in that order, as every list toolgate
 * builds is, costs one pass and is returned as a copy without sorting again.
 */
export function sortViolations<V extends Ordered>(list: readonly V[]): V[] {
  if (inViolationOrder(list)) return list.slice();
  const sorted = list.slice().sort(compareViolations);
  const out: V[] = [];
  for (const v of sorted) if (out.length === 0 || compareViolations(out[out.length - 1]!, v) !== 0) out.push(v);
  return out;
}

/** True when `list` is already sorted and de-duplicated as sortViolations leaves it: one pass, no copy. */
export function inViolationOrder(list: readonly Ordered[]): boolean {
  for (let i = 1; i < list.length; i++) if (compareViolations(list[i - 1]!, list[i]!) >= 0) return false;
  return true;
}

/** Optional context for violationsFromEngine. */
export interface ViolationOptions {
  /**
   * The schema the validator was compiled from (`validator.schema`), to tell `oneOf`/`anyOf` branches given by `$ref`
   * apart. What each of its schema locations gives is worked out once per schema and kept with it.
   */
  readonly schema?: unknown;
  /**
   * Maps a pointer into `schema` to where the schema's author wrote it; the pointer as is when absent. Its answer
   * must depend only on `schema` and the pointer: it is kept per schema location.
   */
  readonly locate?: (pointer: string) => string;
}

/** What an Ajv schema location gives every violation raised there: the same on every call, so worked out once. */
interface Site {
  /** The location as the violation names it (a plain pointer, mapped to the author's location). */
  readonly schemaPath: string;
  /** The schema object holding the keyword, for messages whose Ajv params do not say enough. */
  readonly parent: Readonly<Record<string, unknown>> | undefined;
  /** The schema the keyword belongs to (its location without the keyword), for the type rule. */
  readonly scope: string;
}

// Sites by schema object, then by Ajv's schemaPath. Bounded by the keywords of each schema; released with it.
const sitesBySchema = new WeakMap<object, Map<string, Site>>();

function siteOf(schemaPath: string, options: ViolationOptions, sites: Map<string, Site> | undefined): Site {
  const known = sites?.get(schemaPath);
  if (known !== undefined) return known;
  const scope = schemaPath.slice(0, schemaPath.lastIndexOf('/'));
  const parent =
    options.schema !== undefined && schemaPath.startsWith('#')
      ? nodeAt(options.schema, fragmentPointer(scope))
      : undefined;
  const pointer = fragmentPointer(schemaPath);
  const site: Site = {
    // A linked document's internal locations are mapped back to where the author wrote them.
    schemaPath: options.locate === undefined ? pointer : options.locate(pointer),
    parent: parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>) : undefined,
    scope,
  };
  sites?.set(schemaPath, site);
  return site;
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * Whether a segment is shown as `.name`: `/^[A-Za-z_$][A-Za-z0-9_$]*$/` (pathOf in util/json-pointer.ts), tested
 * code unit by code unit, since a regular expression call costs more than the loop on these short names.
 */
function isIdentifier(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36) continue;
    if (i === 0 || c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * The model's path (`$.tags[1]`, see pathOf in util/json-pointer.ts) of an instance pointer and the
 * value there, in one pass over the pointer: a segment is an array index where the data holds an
 * array, and only own properties are followed (see below).
 */
function instancePlace(data: unknown, pointer: string): { path: string; value: unknown } {
  let path = '$';
  let node = data;
  for (let i = 1; i <= pointer.length; ) {
    let end = pointer.indexOf('/', i);
    if (end === -1) end = pointer.length;
    const raw = pointer.slice(i, end);
    const seg = raw.includes('~') ? unescapePointerToken(raw) : raw;
    if (Array.isArray(node) && INDEX.test(seg)) {
      path += `[${seg}]`;
      node = node[Number(seg)];
    } else {
      path += isIdentifier(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`;
      // The engine reports only places the value has, so a plain read finds the own member. An inherited
      // one would be a method (arguments hold no functions) or Object.prototype's __proto__: both are
      // read as absent, without the cost of an own-property lookup by a fresh string on every step.
      const v = node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[seg] : undefined;
      const inherited =
        typeof v === 'function' ||
        (seg === '__proto__' && (node === null || typeof node !== 'object' || !Object.hasOwn(node, seg)));
      node = inherited ? undefined : v;
    }
    i = end + 1;
  }
  return { path, value: node };
}

/**
 * How many of `errors`, from the last, violations are made of: as many as fit MAX_VIOLATION_POINTER_CHARS of
 * instance pointers together, and at least one. From the last, since a combinator's or `contains`'s own error
 * follows those of its subschemas, which branch selection reads back from it. A pointer's length is read without
 * copying it (the engine builds them by concatenation), so the count costs one pass whatever their size.
 */
export function errorsWithinPointerBudget(errors: readonly EngineError[]): number {
  let chars = 0;
  for (let i = errors.length - 1; i >= 0; i--) {
    chars += errors[i]!.instancePath.length;
    if (chars > MAX_VIOLATION_POINTER_CHARS && i < errors.length - 1) return errors.length - 1 - i;
  }
  return errors.length;
}

/**
 * Turns the engine's errors (from an `allErrors` run) into violations, sorted and de-duplicated as
 * sortViolations says. `oneOf`/`anyOf` report only their closest branch (see branches.ts). A failed
 * `type` suppresses the other keywords of the same schema at the same place, since they describe a
 * value of the wrong kind (Validation §6.1.1). Ajv's instancePath is already the RFC 6901 pointer;
 * each schema location is parsed once per schema (Site), each instance pointer once per error.
 */
export function violationsFromEngine(
  all: readonly EngineError[],
  data: unknown,
  options: ViolationOptions = {},
): Violation[] {
  // Cut before anything reads a pointer: branch selection compares them, each violation builds its path from one.
  const within = errorsWithinPointerBudget(all);
  const errors = within === all.length ? all : all.slice(all.length - within);
  // At most MAX_COLLECTED_ERRORS become violations, in the engine's order: the rest would cost a
  // path walk each and say nothing the model reads (it sees DEFAULT_MAX_LINES of them). Without a
  // combinator or `propertyNames` error, branch selection keeps every error as is: it is skipped.
  const selected = needsBranchSelection(errors)
    ? selectBranches(errors, {
        data,
        ...(options.schema === undefined ? {} : { schema: options.schema }),
        ...(errors === all ? {} : { partial: true }),
      }).slice(0, MAX_COLLECTED_ERRORS)
    : undefined;
  const count = selected === undefined ? Math.min(errors.length, MAX_COLLECTED_ERRORS) : selected.length;
  const errorAt = (i: number): EngineError => (selected === undefined ? errors[i]! : selected[i]!.error);
  const schema = options.schema;
  let sites: Map<string, Site> | undefined;
  if (schema !== null && typeof schema === 'object') {
    sites = sitesBySchema.get(schema);
    if (sites === undefined) {
      sites = new Map();
      sitesBySchema.set(schema, sites);
    }
  }
  const located: Site[] = [];
  // The failed `type`s, by index: a call has a few errors, so a scan beats building keys for a set.
  const typeFailures: number[] = [];
  for (let i = 0; i < count; i++) {
    const e = errorAt(i);
    located.push(siteOf(e.schemaPath, options, sites));
    if (e.keyword === 'type') typeFailures.push(i);
  }
  const suppressed = (i: number): boolean => {
    const e = errorAt(i);
    if (e.keyword === 'type') return false;
    for (const t of typeFailures)
      if (errorAt(t).instancePath === e.instancePath && located[t]!.scope === located[i]!.scope) return true;
    return false;
  };
  const out: Violation[] = [];
  for (let i = 0; i < count; i++) {
    const e = errorAt(i);
    const site = located[i]!;
    if (typeFailures.length > 0 && suppressed(i)) continue;
    const place = instancePlace(data, e.instancePath);
    out.push({
      path: place.path,
      pointer: e.instancePath,
      keyword: e.keyword,
      message:
        (selected === undefined ? undefined : keptMessage(selected[i]!)) ?? messageFor(e, place.value, site.parent),
      schemaPath: site.schemaPath,
      code: codeOf(e.keyword, e.params),
      params: paramsFor(e.keyword, e.params),
    });
  }
  // The list is fresh: returned as is when already in order (the common case), no copy.
  return inViolationOrder(out) ? out : sortViolations(out);
}
