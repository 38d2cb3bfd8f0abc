import type { EngineError } from '../errors/engine-error.js';
import { schemaViolation, type Violation } from '../result.js';
import { quote, shownPlace } from '../util/describe-value.js';
import { nodeAt } from '../util/json-pointer.js';

// Ajv reports a schema that breaks the meta-schema branch by branch: `"type": "strng"` gives "must be equal to one
// of the allowed values", "must be array" and "must match a schema in anyOf", all at one location, and a
// vocabulary meta-schema per dialect repeats the same complaint. A person needs one sentence per mistake that names
// the bad value and what is allowed, as the root-type rule does; this file makes it.

/** The simple type names of the meta-schemas (Validation §6.1.1), to say "is not a JSON Schema type". */
const SIMPLE_TYPES = ['array', 'boolean', 'integer', 'null', 'number', 'object', 'string'];

/** The JSON type of a value, in the meta-schema's words. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** `an array`, `a string`: the article a type name takes. */
function article(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

/** The sentence for one error, naming the value found at its location. */
function sentence(e: EngineError, value: unknown): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    const allowed = params['allowedValues'] as unknown[];
    const isTypeList =
      /\/type(\/\d+)?$/.test(e.instancePath) &&
      allowed.length === SIMPLE_TYPES.length &&
      allowed.every((a, i) => a === SIMPLE_TYPES[i]);
    const list = allowed.map((a) => (typeof a === 'string' ? a : quote(a))).join(', ');
    return isTypeList
      ? `${quote(value)} is not a JSON Schema type; expected one of ${list}`
      : `${quote(value)} is not one of the allowed values; expected one of ${list}`;
  }
  if (e.keyword === 'type') {
    const wanted = Array.isArray(params['type']) ? (params['type'] as string[]) : [String(params['type'])];
    const names = wanted.map(article);
    const expected = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names.join('');
    return `${quote(value)} is ${article(jsonType(value))}; expected ${expected}`;
  }
  return `${quote(value)} ${e.message ?? 'is invalid'}`;
}

/** Whether an enum error cannot be the branch meant: none of its values has the type of the value found. */
function enumOfOtherType(e: EngineError, value: unknown): boolean {
  const allowed = (e.params as { allowedValues?: unknown }).allowedValues;
  if (e.keyword !== 'enum' || !Array.isArray(allowed)) return false;
  const type = jsonType(value);
  return !allowed.some((a) => jsonType(a) === type || (type === 'integer' && jsonType(a) === 'number'));
}

/**
 * Of the errors under one failed anyOf/oneOf at `at`, those of the branch that was meant: not a branch whose
 * `type` the value does not have, not an enum of another type, and then the deepest (the branch that got furthest).
 */
function meantBranch(under: readonly EngineError[], at: string, root: unknown): EngineError[] {
  const value = nodeAt(root, at);
  const typed = under.filter((e) => !(e.keyword === 'type' && e.instancePath === at));
  const candidates = typed.length > 0 ? typed : under;
  const sameType = candidates.filter((e) => !(e.instancePath === at && enumOfOtherType(e, value)));
  // Nothing left: every branch wants another type; an enum still names the allowed values best.
  const chosen = sameType.length > 0 ? sameType : candidates.filter((e) => e.keyword === 'enum');
  const pool = chosen.length > 0 ? chosen : candidates;
  const depth = (e: EngineError): number => e.instancePath.split('/').length;
  const deepest = Math.max(...pool.map(depth));
  return pool.filter((e) => depth(e) === deepest);
}

/** Type errors at one location as one: `expected an object, a boolean or an array`, in the order found. */
function mergeTypes(errors: readonly EngineError[]): EngineError[] {
  const merged = new Map<string, EngineError>();
  const out: EngineError[] = [];
  for (const e of errors) {
    if (e.keyword !== 'type') {
      out.push(e);
      continue;
    }
    const types = ([] as unknown[]).concat((e.params as { type?: unknown }).type);
    const first = merged.get(e.instancePath);
    if (first === undefined) {
      const copy = { ...e, params: { type: types } };
      merged.set(e.instancePath, copy);
      out.push(copy);
    } else {
      const have = (first.params as { type: unknown[] }).type;
      for (const t of types) if (!have.includes(t)) have.push(t);
    }
  }
  return out;
}

/** The shortest of `sites` that is `path` or a pointer above it (`path` starts with it and a `/`). */
function outermostSite(
  path: string,
  sites: ReadonlyMap<string, unknown>,
  lengths: ReadonlySet<number>,
): string | undefined {
  if (lengths.has(0) && sites.has('')) return '';
  for (let cut = path.indexOf('/', 1); cut !== -1; cut = path.indexOf('/', cut + 1))
    if (lengths.has(cut) && sites.has(path.slice(0, cut))) return path.slice(0, cut);
  return lengths.has(path.length) && sites.has(path) ? path : undefined;
}

/**
 * The meta-schema errors of `schema` as violations, one per mistake: duplicates dropped, the branches of a failed
 * anyOf/oneOf reduced to the one that was meant, each message naming the value and what is allowed. `location`
 * turns a pointer inside `schema` into the violation's schemaPath.
 */
export function metaViolations(
  schema: unknown,
  errors: readonly EngineError[],
  location: (pointer: string) => string,
): Violation[] {
  const seen = new Set<string>();
  const unique = errors.filter((e) => {
    const key = `${e.instancePath}\u0000${e.keyword}\u0000${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const combinators = new Map<string, EngineError[]>();
  // Lists grown in place: a copy per error made 50,000 errors under one site quadratic.
  for (const e of unique) {
    if (e.keyword !== 'anyOf' && e.keyword !== 'oneOf') continue;
    const list = combinators.get(e.instancePath);
    if (list === undefined) combinators.set(e.instancePath, [e]);
    else list.push(e);
  }
  // Outermost first, so a combinator inside another's branch is decided by the outer one.
  const sites = [...combinators.keys()].sort((a, b) => a.length - b.length);
  // Each other error goes to the outermost site at or above it, found by its own prefixes (those as long as some
  // site) rather than by testing every site against every error: that cost sites x errors x a pointer's length,
  // 1.9 s for 600 branches under a 2,000-character key.
  const lengths = new Set(sites.map((at) => at.length));
  const under = new Map<string, EngineError[]>();
  const rest: EngineError[] = [];
  for (const e of unique) {
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf') continue;
    const at = outermostSite(e.instancePath, combinators, lengths);
    const list = at === undefined ? undefined : under.get(at);
    if (at === undefined) rest.push(e);
    else if (list === undefined) under.set(at, [e]);
    else list.push(e);
  }
  const kept: EngineError[] = [];
  for (const at of sites) {
    const mine = under.get(at);
    // No branch errors (a oneOf that more than one branch passed): the combinator's own error is the mistake.
    if (mine === undefined) kept.push(...(combinators.get(at) ?? []));
    else kept.push(...meantBranch(mine, at, schema));
  }
  kept.push(...rest);
  const order = new Map(unique.map((e, i) => [e, i]));
  kept.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return mergeTypes(kept).map((e) => {
    const where = e.instancePath === '' ? 'root' : `at ${shownPlace(e.instancePath)}`;
    const what = sentence(e, nodeAt(schema, e.instancePath));
    return schemaViolation(e.keyword, `schema ${where}: ${what}`, location(e.instancePath), 'schema_invalid');
  });
}
