import { isObject } from '../util/plain-json.js';
import { ANONYMOUS_BASE, followPointer, resolveUri, splitFragment } from './references.js';
import { walkSchema } from './walk.js';
import { REFERENCE_KEYWORDS } from '../keywords/keyword-lists.js';

/** Where a document's references can land: its resources by base URI, and its anchors by URI. */
export interface Places {
  readonly resources: Map<string, unknown>;
  readonly anchors: Map<string, unknown>;
}

/** A reference met while walking: its value and the base URI it resolves against. */
export interface Reference {
  readonly ref: string;
  readonly base: string;
}

/** A document's schema objects in every dialect's positions, for the compile-cost estimate. */
export interface SchemaGraph {
  /** Every schema object, once per place it sits (a shared object counts at each). */
  readonly nodes: Record<string, unknown>[];
  /** Each object's subschemas the engine applies with it (definitions are not among them). */
  readonly children: Map<object, object[]>;
  /** Each object's references (`$ref`, `$dynamicRef`, `$recursiveRef`). */
  readonly refsOf: Map<object, Reference[]>;
  /** Every `$ref`, in document order. */
  readonly refs: Reference[];
  readonly places: Places;
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
export function targetOf(ref: string, base: string, places: Places): unknown {
  const absolute = resolveUri(ref, base);
  if (absolute === undefined) return undefined;
  const { base: resource, fragment } = splitFragment(absolute);
  if (fragment === '' || fragment.startsWith('/')) return followPointer(places.resources.get(resource), fragment);
  return places.anchors.get(`${resource}#${fragment}`);
}

/** A definition holder's entry (2020-12 `$defs`, older drafts' `definitions`): kept, not applied. */
const DEFINITION = /^(?:\$defs|definitions)\//;
const REFS = REFERENCE_KEYWORDS;

/**
 * Walks `root` in every dialect's schema positions (array-form `items`, `additionalItems`,
 * `dependencies` included: the estimate runs on draft-07 and 2019-09 roots too).
 */
export function schemaGraph(root: unknown): SchemaGraph {
  const places: Places = { resources: new Map([[ANONYMOUS_BASE, root]]), anchors: new Map() };
  const graph: SchemaGraph = { nodes: [], children: new Map(), refsOf: new Map(), refs: [], places };
  const at = new Map<string, { node: object; base: string }>();
  walkSchema(
    root,
    ({ node, pointer, parent, via }) => {
      graph.nodes.push(node);
      const up = parent === undefined ? undefined : at.get(parent);
      const base = placeOf(node, up?.base ?? ANONYMOUS_BASE, places);
      if (parent === undefined) places.resources.set(base, node);
      at.set(pointer, { node, base });
      if (up !== undefined && !DEFINITION.test(via)) {
        const list = graph.children.get(up.node) ?? [];
        graph.children.set(up.node, list);
        list.push(node);
      }
      for (const k of REFS) {
        const ref = node[k];
        if (typeof ref !== 'string') continue;
        const list = graph.refsOf.get(node) ?? [];
        graph.refsOf.set(node, list);
        list.push({ ref, base });
        if (k === '$ref') graph.refs.push({ ref, base });
      }
    },
    { positions: 'every-dialect' },
  );
  return graph;
}

/**
 * Schema objects the engine can apply: the root, then every subschema in an applying position of any
 * dialect and every reference target, transitively. A definition nobody references is never compiled.
 * A reference this document cannot resolve (another document's, which may reference back) or that lands
 * outside the walked positions makes every object count as applied: the estimate never guesses low.
 */
export function appliedObjects(root: unknown, graph: SchemaGraph): Set<object> {
  const walked = new Set<object>(graph.nodes);
  const every = (): Set<object> => walked;
  const dynamic = graph.nodes.filter((n) => typeof n['$dynamicAnchor'] === 'string' || n['$recursiveAnchor'] === true);
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let dynamicDone = false;
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    for (const child of graph.children.get(node) ?? []) stack.push(child);
    for (const { ref, base } of graph.refsOf.get(node) ?? []) {
      const target = targetOf(ref, base, graph.places);
      if (!isObject(target) || !walked.has(target)) return every();
      stack.push(target);
    }
    // A dynamic reference may land on any dynamic anchor (Core §8.2.3.2; 2019-09's $recursiveAnchor).
    if (!dynamicDone && (Object.hasOwn(node, '$dynamicRef') || Object.hasOwn(node, '$recursiveRef'))) {
      dynamicDone = true;
      for (const d of dynamic) stack.push(d);
    }
  }
  return seen;
}
