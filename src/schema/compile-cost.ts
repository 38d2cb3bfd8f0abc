import { ok, type Result } from '../result.js';
import { limitFailure, type Limits } from '../util/limits.js';
import { isObject } from '../util/plain-json.js';
import { schemaPlaceObjects } from './data-places.js';
import { appliedObjects, schemaGraph, targetOf } from './compile-cost-graph.js';
import { walkSchema } from './walk.js';
import { ANNOTATION_APPLIED, heldNameLists, heldSubschemas } from './held-subschemas.js';
import { REFERENCE_OR_ANCHOR_KEYWORDS } from '../keywords/keyword-lists.js';

/**
 * What compiling a schema will cost, estimated before the engine runs, in units of about one
 * microsecond of admission CPU on the reference machine (a shared 2-core machine, Node 20; the
 * weights are fitted by `npx tsx bench/adversarial-admission.ts`). The drivers, each measured:
 *
 * - every schema object the engine compiles, about 0.3-0.6 ms each over the whole pipeline
 *   (meta-validation, walks, code generation, V8's compile of the generated code, warm-up); one
 *   it never applies (an unreferenced definition) is only checked, about 70 us; a `false` subschema
 *   in an applying position, about 0.2 ms (a hunt's find: 9,990 `false` branches were estimated at
 *   about 0.4 units a character and took 1.5 s to admit), a `true` about 25 us, 100 in `oneOf`;
 * - each list of names in `dependentRequired` or draft-07 `dependencies`, about 0.15 ms and 0.1 ms a name;
 * - Ajv inlines a `$ref` whose target holds no reference at every place that names it (its
 *   `inlineRefs`), so each such `$ref` costs its target's subtree again: 1,000 references to one
 *   definition compile 1,000 copies of it;
 * - a regular expression is analysed and compiled once per distinct source (about 1 ms);
 * - a keyword compiled into a function of its own (`uniqueItems`, `multipleOf`, content keywords)
 *   and each distinct pattern or format adds one value to the generated function's scope, and Ajv
 *   builds that scope's code by concatenating it again per value: quadratic, so 9,000
 *   `uniqueItems` took 25 s while 9,000 `minimum` take about 3 s;
 * - under `unevaluated*`, each subschema whose annotations it reads is compiled again on its own (ANNOTATED);
 * - the schema's text itself (copies, canonical keys), about 0.4 us a character.
 */

/** Units charged per schema object compiled. */
const NODE = 600;
/** Units per `false` subschema the engine compiles (measured 210-250 us each, in any position but `allOf`). */
const FALSE = 250;
/** Units per `true` subschema: the engine compiles no code for one (measured 8-25 us each)... */
const TRUE = 40;
/** ...but a `oneOf` member's count of passing branches (measured 50-100 us each). */
const ONE_OF_TRUE = 100;
/**
 * Units per subschema compiled again as a validator of its own where `unevaluated*` needs its annotations (each
 * `anyOf`/`oneOf` member and `if`/`then`/`else`/`contains`/`unevaluated*` subschema, engine/annotation-run.ts
 * precompileAnnotations, warmed once): measured 60-155 us more each (a `true` member 179 us instead of 24). A
 * review's find: 9,000 `true` branches under `unevaluatedProperties` were estimated at 40 units each and admitted.
 */
const ANNOTATED = 150;
/** Units per schema object the engine never applies (an unreferenced definition): checked, not compiled. */
const UNAPPLIED = 80;
/** Extra units for a schema object with `if` (the engine compiles a branch per outcome). */
const CONDITIONAL = 300;
/** Units per distinct regular expression (`pattern`, `patternProperties` key). */
const PATTERN = 1000;
/** Units per `required` name. */
const NAME = 2;
/**
 * Units per list of names in `dependentRequired` or draft-07 `dependencies`, per name in one, and per name squared
 * of a list (Ajv concatenates the list's test again a name): measured 150-290 us a list of one name, 100-130 a name
 * more, 4.6 s and 970 MB for one list of 10,000 (a hunt's find: 2 units a list, none in draft-07, admitted
 * 15,000 lists in 1.9 s and 250 MB).
 */
const NAME_LIST = 150;
const LISTED_NAME = 120;
const LISTED_NAME_SQUARED = 0.1;
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
  // Booleans are no objects of the graph: each is charged with the object holding it (held-subschemas.ts).
  const { falses, trues, oneOfTrues } = heldSubschemas(node);
  if (!applied) return { cost: UNAPPLIED * (1 + falses + trues + oneOfTrues), nodes: 0, values: 0 };
  const lists = heldNameLists(node);
  let cost = NODE + FALSE * falses + TRUE * trues + ONE_OF_TRUE * oneOfTrues;
  cost += NAME_LIST * lists.lists + LISTED_NAME * lists.names + LISTED_NAME_SQUARED * lists.squares;
  let values = 0;
  if (Object.hasOwn(node, 'if')) cost += CONDITIONAL;
  for (const k of OWN_FUNCTION) if (Object.hasOwn(node, k) && node[k] !== false) values++;
  const required = node['required'];
  if (Array.isArray(required)) cost += NAME * required.length;
  const format = node['format'];
  if (typeof format === 'string') formats.add(format);
  return { cost, nodes: 1, values };
}

/** How many validators of their own `unevaluated*` makes the engine compile (ANNOTATED); 0 without it. */
function annotatedValidators(nodes: readonly Record<string, unknown>[]): number {
  if (!nodes.some((n) => Object.hasOwn(n, 'unevaluatedProperties') || Object.hasOwn(n, 'unevaluatedItems'))) return 0;
  let count = 0;
  for (const node of nodes) {
    for (const k of ['anyOf', 'oneOf']) {
      const list = Object.hasOwn(node, k) ? node[k] : undefined;
      if (Array.isArray(list)) count += list.length;
    }
    for (const k of ANNOTATION_APPLIED) if (Object.hasOwn(node, k)) count++;
  }
  return count;
}

const REFERENCE_KEYWORDS = new Set(REFERENCE_OR_ANCHOR_KEYWORDS);

/**
 * Whether a schema holds a reference keyword anywhere (Ajv's own test before it inlines a target). Ajv's
 * test also reads `enum`/`const` data; skipping it can only count an inline copy Ajv does not make.
 */
function holdsReference(value: unknown): boolean {
  return schemaPlaceObjects(value).some((o) => Object.keys(o).some((k) => REFERENCE_KEYWORDS.has(k)));
}

/** A sum of costs; every field capped so a hostile DAG cannot overflow it. */
function plus(a: Own, b: Own): Own {
  const cap = (x: number): number => Math.min(x, Number.MAX_SAFE_INTEGER);
  return { cost: cap(a.cost + b.cost), nodes: cap(a.nodes + b.nodes), values: cap(a.values + b.values) };
}

const NOTHING: Own = { cost: 0, nodes: 0, values: 0 };

/**
 * Estimates the engine compile of `root` (the document the engine will run). Linear in the
 * document: an inlined target's cost is worked out once and added per reference to it.
 */
export function estimateCompileCost(root: unknown): CompileCost {
  const patterns = new Set<string>();
  const formats = new Set<string>();
  const graph = schemaGraph(root);
  const applied = appliedObjects(root, graph);
  let total = NOTHING;
  for (const node of graph.nodes) total = plus(total, ownCost(node, applied.has(node), patterns, formats));
  const annotated = annotatedValidators(graph.nodes);
  if (annotated > 0) total = plus(total, { cost: ANNOTATED * annotated, nodes: 0, values: 0 });
  // Each `$ref` to a target without references compiles that target again in place.
  const subtrees = new Map<unknown, Own>();
  for (const { ref, base } of graph.refs) {
    const target = targetOf(ref, base, graph.places);
    if (!isObject(target)) continue;
    let copy = subtrees.get(target);
    if (copy === undefined) {
      copy = inlineCopy(target, patterns, formats);
      subtrees.set(target, copy);
    }
    total = plus(total, copy);
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

/**
 * What one inline copy of a reference target costs (Ajv's `inlineRefs`: a target that holds no reference is
 * compiled again at every reference to it); 0 for one that holds a reference, compiled once and called.
 * For a target in another document than its reference, which that document's own estimate cannot see.
 */
export function inlineCopyCost(target: unknown): number {
  return isObject(target) ? inlineCopy(target, new Set(), new Set()).cost : 0;
}

/** One inline copy of `target` (its whole subtree, applied), or nothing when it holds a reference. */
function inlineCopy(target: Record<string, unknown>, patterns: Set<string>, formats: Set<string>): Own {
  if (holdsReference(target)) return NOTHING;
  let sum = NOTHING;
  walkSchema(
    target,
    ({ node }) => {
      sum = plus(sum, ownCost(node, true, patterns, formats));
    },
    { positions: 'every-dialect' },
  );
  return sum;
}

/**
 * Refuses, as `execution_failure` naming `maxCompileCost`, a schema whose estimated compile passes the limit.
 * `spent` is what documents compiled with it were estimated at (the registry's and loader's, one engine):
 * the sum is checked and returned.
 */
export function checkCompileCost(root: unknown, limits: Limits, spent = 0): Result<number> {
  const cost = estimateCompileCost(root);
  const total = Math.min(spent + cost.total, Number.MAX_SAFE_INTEGER);
  if (total <= limits.maxCompileCost) return ok(total);
  const before = spent > 0 ? `, plus ${spent} for the documents compiled with it` : '';
  return limitFailure(
    'maxCompileCost',
    limits.maxCompileCost,
    `an estimated ${total} (${cost.nodes} schema objects compiled, inline copies of referenced ` +
      `definitions included; ${cost.scopeValues} values in the generated code's scope${before})`,
  );
}
