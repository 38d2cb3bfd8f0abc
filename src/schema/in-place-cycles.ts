import { escapePointerToken } from '../util/json-pointer.js';
import { fail, ok, schemaViolation, type Result } from '../result.js';
import { authorLocation } from './link-source.js';
import { limitFailure } from '../util/limits.js';
import { followPointer, splitFragment } from './references.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

/**
 * The graph of in-place applicators of the document handed to the engine (one document whose
 * references are all local pointers, see link.ts). An in-place applicator applies a subschema to
 * the same instance location (Core §10.2: `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
 * `dependentSchemas`; Core §8.2.3: `$ref` and, once linked, `$dynamicRef`). Every other applicator
 * moves to a child location (`properties`, `items`, `contains`, `propertyNames`, `unevaluated*`…)
 * and so consumes instance depth, which the argument limits bound.
 *
 * Two things are decided here, before the engine compiles anything:
 * - a cycle of in-place edges never consumes instance: evaluating it can only recurse until the
 *   stack overflows, on every call that reaches it. It is refused like a pure `$ref` cycle.
 * - the in-place expansion of each schema (itself plus the expansion of each in-place subschema,
 *   repeats counted) is how many schema objects one application evaluates at one location; shared
 *   `$ref`s make it grow exponentially with schema size (`allOf` of two `$ref`s to the next level).
 */

const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const;
const IN_PLACE_ARRAYS = ['allOf', 'anyOf', 'oneOf'] as const;

/** An in-place edge: the subschema applied, its place, and the place of the keyword that applies it. */
export interface Edge {
  readonly target: unknown;
  /** Pointer of the target in the compiled document. */
  readonly to: string;
  /** Pointer of the edge's keyword in the compiled document. */
  readonly at: string;
}

function inPlaceEdges(root: unknown, node: unknown, pointer: string): Edge[] {
  const out: Edge[] = [];
  if (!isObject(node)) return out;
  const has = (k: string): boolean => Object.hasOwn(node, k);
  for (const k of ['$ref', '$dynamicRef']) {
    const ref = has(k) ? node[k] : undefined;
    if (typeof ref !== 'string' || !ref.startsWith('#')) continue;
    const to = splitFragment(ref).fragment;
    const target = followPointer(root, to);
    if (target !== undefined) out.push({ target, to, at: `${pointer}/${escapePointerToken(k)}` });
  }
  const child = (target: unknown, at: string): void => {
    out.push({ target, to: at, at });
  };
  for (const k of IN_PLACE_SINGLE) if (has(k)) child(node[k], `${pointer}/${k}`);
  for (const k of IN_PLACE_ARRAYS) {
    const list = has(k) ? node[k] : undefined;
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) child(list[i], `${pointer}/${k}/${i}`);
  }
  const deps = has('dependentSchemas') ? node['dependentSchemas'] : undefined;
  if (isObject(deps))
    for (const name of Object.keys(deps)) child(deps[name], `${pointer}/dependentSchemas/${escapePointerToken(name)}`);
  return out;
}

/**
 * Schema objects the engine can apply: the root, then every subschema in an applying position and
 * every reference target, transitively. A definition nobody references is never evaluated.
 */
export function reachable(root: unknown): Set<object> {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    for (const edge of inPlaceEdges(root, node, '')) stack.push(edge.target);
    for (const k of SCHEMA_KEYWORDS) if (Object.hasOwn(node, k)) stack.push(node[k]);
    for (const k of SCHEMA_ARRAY_KEYWORDS) {
      const list = Object.hasOwn(node, k) ? node[k] : undefined;
      // A loop, not a spread: one argument per element overflows the stack past ~125,000.
      if (Array.isArray(list)) for (const s of list) stack.push(s);
    }
    for (const k of SCHEMA_MAP_KEYWORDS) {
      const map = k !== '$defs' && Object.hasOwn(node, k) ? node[k] : undefined;
      if (isObject(map)) for (const name of Object.keys(map)) stack.push(map[name]);
    }
  }
  return seen;
}

/**
 * The in-place graph of what an engine will run: the schema objects it can apply, each one's
 * in-place edges, and how to name a place for the schema's author.
 */
export interface InPlaceGraph {
  /** Every schema object the engine can apply, with its place. */
  readonly nodes: Iterable<readonly [node: object, place: string]>;
  /** The place of an object, when it is one of `nodes`. */
  placeOf(node: object): string | undefined;
  /** The in-place edges of `node` at `place`; an edge's `to` is the target's place. */
  edges(node: object, place: string): Edge[];
  /** A place as the schema's author wrote it. */
  describe(place: string): string;
}

/** The graph of a linked 2020-12 engine document: places are its JSON Pointers. `applied` is reachable(root). */
function linkedGraph(root: unknown, applied: ReadonlySet<object>): InPlaceGraph {
  const pointers = new Map<object, string>();
  walkSchema(root, ({ node, pointer }) => {
    pointers.set(node, pointer);
  });
  return {
    nodes: [...applied].map((node) => [node, pointers.get(node) ?? ''] as const),
    placeOf: (node) => pointers.get(node),
    edges: (node, pointer) => inPlaceEdges(root, node, pointer),
    describe: (pointer) => authorLocation(root, pointer) || '/',
  };
}

/**
 * The in-place findings for one engine document; `limit` is maxInPlaceSubschemas. `applied` is reachable(root)
 * when the caller already has it (compile.ts also marks those objects for the step budget).
 */
export function checkInPlace(
  root: unknown,
  limit: number,
  applied: ReadonlySet<object> = reachable(root),
): Result<true> {
  return checkInPlaceGraph(linkedGraph(root, applied), limit);
}

/** Cycles and expansion (see above) on any in-place graph; `limit` is maxInPlaceSubschemas. */
export function checkInPlaceGraph(graph: InPlaceGraph, limit: number): Result<true> {
  const expansion = new Map<object, number>();
  const onPath = new Map<object, number>();
  // Iterative depth-first search: a frame is a node, its edges, and the next edge to follow.
  type Frame = { node: object; pointer: string; edges: Edge[]; next: number; sum: number };
  const path: Frame[] = [];
  const enter = (node: object, pointer: string): void => {
    onPath.set(node, path.length);
    path.push({ node, pointer, edges: graph.edges(node, pointer), next: 0, sum: 1 });
  };
  for (const [start, startPointer] of graph.nodes) {
    if (expansion.has(start)) continue;
    enter(start, startPointer);
    while (path.length > 0) {
      const frame = path[path.length - 1]!;
      if (frame.next < frame.edges.length) {
        const edge = frame.edges[frame.next++]!;
        const target = edge.target;
        if (!isObject(target)) {
          frame.sum += 1;
          continue;
        }
        const known = expansion.get(target);
        if (known !== undefined) {
          frame.sum += known;
          continue;
        }
        const index = onPath.get(target);
        if (index !== undefined) return cycleFailure(graph, path.slice(index), edge);
        enter(target, graph.placeOf(target) ?? edge.to);
        continue;
      }
      path.pop();
      onPath.delete(frame.node);
      // Capped one past the limit: the sum stays exact up to there and never overflows.
      const total = Math.min(frame.sum, limit + 1);
      expansion.set(frame.node, total);
      if (total > limit)
        return limitFailure(
          'maxInPlaceSubschemas',
          limit,
          `more than ${limit} subschemas applied at one instance location by ` +
            `${graph.describe(frame.pointer)} ` +
            '(allOf/anyOf/oneOf/not/if/then/else/dependentSchemas/$ref, repeats counted)',
        );
      const parent = path[path.length - 1];
      if (parent !== undefined) parent.sum += total;
    }
  }
  return ok(true);
}

function cycleFailure(graph: InPlaceGraph, cycle: readonly { pointer: string }[], closing: Edge): Result<true> {
  const all = cycle.map((f) => graph.describe(f.pointer));
  const steps = all.length <= 12 ? [...all, all[0]] : [...all.slice(0, 10), `… (${all.length} steps)`, all[0]];
  const why =
    `in-place cycle that consumes no instance: ${steps.join(' -> ')} ` +
    `(closed at ${graph.describe(closing.at)}) applies the same schema to the same value without end`;
  return fail('unsupported_capability', `schema cannot be enforced exactly: ${why}`, [
    schemaViolation('$ref', why, graph.describe(closing.at), 'not_enforceable'),
  ]);
}
