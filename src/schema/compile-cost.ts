import { ok, type Result } from '../result.js';
import { limitFailure, type Limits } from '../util/limits.js';
import { isObject } from '../util/plain-json.js';
import { ANONYMOUS_BASE, followPointer, resolveUri, splitFragment } from './references.js';
import { walkSchema } from './walk.js';
import { reachable } from './in-place-cycles.js';

/**
 * What compiling a schema will cost, estimated before the engine runs, in units of about one
 * microsecond of admission CPU on the reference machine (a shared 2-core machine, Node 20; the
 * weights are fitted by `npx tsx bench/adversarial-admission.ts`). The drivers, each measured:
 *
 * - every schema object the engine compiles, about 0.3-0.6 ms each over the whole pipeline
 *   (meta-validation, walks, code generation, V8's compile of the generated code, warm-up); one
 *   it never applies (an unreferenced definition) is only checked, about 70 us;
 * - Ajv inlines a `$ref` whose target holds no reference at every place that names it (its
 *   `inlineRefs`), so each such `$ref` costs its target's subtree again: 1,000 references to one
 *   definition compile 1,000 copies of it;
 * - a regular expression is analysed and compiled once per distinct source (about 1 ms);
 * - a keyword compiled into a function of its own (`uniqueItems`, `multipleOf`, content keywords)
 *   and each distinct pattern or format adds one value to the generated function's scope, and Ajv
 *   builds that scope's code by concatenating it again per value: quadratic, so 9,000
 *   `uniqueItems` took 25 s while 9,000 `minimum` take about 3 s;
 * - the schema's text itself (copies, canonical keys), about 0.4 us a character.
 */

/** Units charged per schema object compiled. */
const NODE = 600;
/** Units per schema object the engine never applies (an unreferenced definition): checked, not compiled. */
const UNAPPLIED = 80;
/** Extra units for a schema object with `if` (the engine compiles a branch per outcome). */
const CONDITIONAL = 300;
/** Units per distinct regular expression (`pattern`, `patternProperties` key). */
const PATTERN = 1000;
/** Units per `required` name or `dependentRequired` entry. */
const NAME = 2;
/** Units per character of the schema's compact JSON text. */
const CHARACTER = 0.4;
/** Units per pair of values in one generated function's scope (the quadratic driver above). */
const SCOPE_PAIR = 0.35;
/** Keywords Ajv compiles into a scope value per occurrence (custom `compile` keywords). */
const OWN_FUNCTION = ['uniqueItems', 'multipleOf', 'contentMediaType', 'contentEncoding', 'contentSchema'];

/** The estimate and what it is made of (the parts are for the benchmark and for messages). */
export interface CompileCost {
  readonly total: number;
  /** Schema objects compiled, inline copies of referenced definitions included. */
  readonly nodes: number;
  /** Values in the generated code's scope: the quadratic term's base. */
  readonly scopeValues: number;
}

interface Own {
  readonly cost: number;
  readonly nodes: number;
  readonly values: number;
}

/** What one schema object costs by itself, its subschemas not included. */
function ownCost(node: Record<string, unknown>, applied: boolean, patterns: Set<string>, formats: Set<string>): Own {
  const pattern = node['pattern'];
  if (typeof pattern === 'string') patterns.add(pattern);
  const keyed = node['patternProperties'];
  if (isObject(keyed)) for (const source of Object.keys(keyed)) patterns.add(source);
  if (!applied) return { cost: UNAPPLIED, nodes: 0, values: 0 };
  let cost = NODE;
  let values = 0;
  if (Object.hasOwn(node, 'if')) cost += CONDITIONAL;
  for (const k of OWN_FUNCTION) if (Object.hasOwn(node, k) && node[k] !== false) values++;
  const required = node['required'];
  if (Array.isArray(required)) cost += NAME * required.length;
  const dependent = node['dependentRequired'];
  if (isObject(dependent)) cost += NAME * Object.keys(dependent).length;
  const format = node['format'];
  if (typeof format === 'string') formats.add(format);
  return { cost, nodes: 1, values };
}

const REFERENCE_KEYWORDS = new Set(['$ref', '$dynamicRef', '$recursiveRef', '$dynamicAnchor', '$recursiveAnchor']);

const DEFINITION = /\/(?:\$defs|definitions)\//;

/** Whether a JSON value holds a reference keyword anywhere (Ajv's own test before it inlines a target). */
function holdsReference(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isObject(v)) {
      for (const k of Object.keys(v)) {
        if (REFERENCE_KEYWORDS.has(k)) return true;
        stack.push(v[k]);
      }
    }
  }
  return false;
}

/** Where a document's references can land: its resources by base URI, and its anchors by URI. */
interface Places {
  readonly resources: Map<string, unknown>;
  readonly anchors: Map<string, unknown>;
}

/**
 * The base URI of a schema object (Core §8.2.1: `$id` resolved against the enclosing base) and what it
 * adds to `places`: a resource for an `$id` without fragment, an anchor for `$anchor`, `$dynamicAnchor` or
 * an older draft's fragment `$id`.
 */
function placeOf(node: Record<string, unknown>, enclosing: string, places: Places): string {
  let base = enclosing;
  const id = node['$id'];
  if (typeof id === 'string') {
    const resolved = splitFragment(resolveUri(id, enclosing) ?? enclosing);
    base = resolved.base;
    if (resolved.fragment === '') places.resources.set(base, node);
    else places.anchors.set(`${base}#${resolved.fragment}`, node);
  }
  for (const k of ['$anchor', '$dynamicAnchor'])
    if (typeof node[k] === 'string') places.anchors.set(`${base}#${node[k] as string}`, node);
  return base;
}

/** The target of a reference met at `base`: a JSON Pointer into a resource, or an anchor; else undefined. */
function targetOf(ref: string, base: string, places: Places): unknown {
  const absolute = resolveUri(ref, base);
  if (absolute === undefined) return undefined;
  const { base: resource, fragment } = splitFragment(absolute);
  if (fragment === '' || fragment.startsWith('/')) return followPointer(places.resources.get(resource), fragment);
  return places.anchors.get(`${resource}#${fragment}`);
}

/** estimateCompileCost's sum, capped so a hostile DAG cannot overflow it. */
const add = (a: number, b: number): number => Math.min(a + b, Number.MAX_SAFE_INTEGER);

/**
 * Estimates the engine compile of `root` (the document the engine will run). Linear in the
 * document: an inlined target's cost is worked out once and added per reference to it.
 */
export function estimateCompileCost(root: unknown): CompileCost {
  const patterns = new Set<string>();
  const formats = new Set<string>();
  const places: Places = { resources: new Map([[ANONYMOUS_BASE, root]]), anchors: new Map() };
  const bases = new Map<string, string>();
  const refs: { ref: string; base: string }[] = [];
  const applied = reachable(root);
  let total: Own = { cost: 0, nodes: 0, values: 0 };
  walkSchema(
    root,
    ({ node, pointer, parent }) => {
      // Only a definition is taken as never applied: reachable() reads 2020-12 positions, and an older
      // dialect's array `items` or `dependencies` must not pass for dead code.
      const dead = !applied.has(node) && DEFINITION.test(pointer);
      const o = ownCost(node, !dead, patterns, formats);
      total = { cost: total.cost + o.cost, nodes: total.nodes + o.nodes, values: total.values + o.values };
      const base = placeOf(node, parent === undefined ? ANONYMOUS_BASE : (bases.get(parent) ?? ANONYMOUS_BASE), places);
      if (parent === undefined) places.resources.set(base, node);
      bases.set(pointer, base);
      if (typeof node['$ref'] === 'string') refs.push({ ref: node['$ref'], base });
    },
    { positions: 'every-dialect' },
  );
  // Each `$ref` to a target without references compiles that target again in place.
  const subtrees = new Map<unknown, Own>();
  for (const { ref, base } of refs) {
    const target = targetOf(ref, base, places);
    if (!isObject(target)) continue;
    let copy = subtrees.get(target);
    if (copy === undefined) {
      copy = { cost: 0, nodes: 0, values: 0 };
      if (!holdsReference(target)) {
        let sum = { cost: 0, nodes: 0, values: 0 };
        walkSchema(
          target,
          ({ node }) => {
            const o = ownCost(node, true, patterns, formats);
            sum = { cost: sum.cost + o.cost, nodes: sum.nodes + o.nodes, values: sum.values + o.values };
          },
          { positions: 'every-dialect' },
        );
        copy = sum;
      }
      subtrees.set(target, copy);
    }
    total = {
      cost: add(total.cost, copy.cost),
      nodes: add(total.nodes, copy.nodes),
      values: add(total.values, copy.values),
    };
  }
  const scopeValues = total.values + patterns.size + formats.size;
  let text = 0;
  try {
    text = JSON.stringify(root)?.length ?? 0;
  } catch {
    text = 0;
  }
  const sum = total.cost + PATTERN * patterns.size + CHARACTER * text + SCOPE_PAIR * scopeValues * scopeValues;
  return { total: Math.min(Math.ceil(sum), Number.MAX_SAFE_INTEGER), nodes: total.nodes, scopeValues };
}

/** Refuses, as `execution_failure` naming `maxCompileCost`, a schema whose estimated compile passes the limit. */
export function checkCompileCost(root: unknown, limits: Limits): Result<number> {
  const cost = estimateCompileCost(root);
  if (cost.total <= limits.maxCompileCost) return ok(cost.total);
  return limitFailure(
    'maxCompileCost',
    limits.maxCompileCost,
    `an estimated ${cost.total} (${cost.nodes} schema objects compiled, inline copies of referenced ` +
      `definitions included; ${cost.scopeValues} values in the generated code's scope)`,
  );
}
