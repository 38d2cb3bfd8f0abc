import { escapePointerToken } from '../util/json-pointer.js';
import type { Result } from '../result.js';
import { checkInPlaceGraph, type Edge, type InPlaceGraph } from './in-place-cycles.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { followPointer, targetOf, type ResourceIndex } from './references.js';
import type { LoadedDocument } from './pipeline.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

/**
 * The in-place cycle and expansion check (in-place-cycles.ts) for draft-07 and 2019-09 documents,
 * which reach Ajv's engines unlinked. Each `$ref` goes where the pipeline's reference index resolved it
 * (references.ts, with the dialect's identification: draft-07's `$id: "#name"`, 2019-09's `$anchor`),
 * across the root and every document the registry or loader supplied. In-place applicators: `allOf`,
 * `anyOf`, `oneOf`, `not`, `if`/`then`/`else`, `$ref`, and the schema values of draft-07 `dependencies`
 * or 2019-09 `dependentSchemas`. A reference to a document the engine carries (a meta-schema) adds no edge.
 */

/** The documents of one compile, the root first (its places are bare pointers, the others' `uri#pointer`). */
type Documents = readonly Pick<LoadedDocument, 'uri' | 'schema'>[];

const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'];
const IN_PLACE_ARRAYS = ['allOf', 'anyOf', 'oneOf'];
/** Subschema positions of the older drafts beside those of 2020-12 (walk.ts reads the same ones). */
const OLD_SINGLE = ['additionalItems'];

/**
 * Every schema object of the documents (every dialect's positions) with its place: the in-place graph's
 * nodes, and what the step budget marks (legacy-front-end.ts), found in one walk per document.
 */
export function schemaPlaces(documents: Documents): Map<object, string> {
  const info = new Map<object, string>();
  for (const doc of documents)
    walkSchema(
      doc.schema,
      ({ node, pointer }) => {
        info.set(node, doc === documents[0] ? pointer : `${doc.uri}#${pointer}`);
      },
      { positions: 'every-dialect' },
    );
  return info;
}

/** Each `$ref` holder's target, as the pipeline's index resolved it, with the target's place. */
function refTargets(documents: Documents, info: ReadonlyMap<object, string>, refs: ResourceIndex) {
  const placeIn = (uri: string, pointer: string): string => (uri === documents[0]?.uri ? pointer : `${uri}#${pointer}`);
  const schemaOf = new Map(documents.map((d) => [d.uri, d.schema]));
  const targets = new Map<object, { node: unknown; place: string }>();
  for (const ref of refs.references) {
    const holder = followPointer(schemaOf.get(ref.docUri), ref.schemaPath.slice(0, -'/$ref'.length));
    const found = ref.keyword === '$ref' && ref.target !== undefined ? targetOf(refs, ref.target) : undefined;
    if (!isObject(holder) || found === undefined || found === 'external') continue;
    const place = (isObject(found.node) ? info.get(found.node) : undefined) ?? placeIn(found.docUri, found.pointer);
    targets.set(holder, { node: found.node, place });
  }
  return targets;
}

/** The subschemas of `node` the engine can apply, in place or at a child location (not `definitions`/`$defs`). */
function applied(node: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  const at = (k: string): unknown => (Object.hasOwn(node, k) ? node[k] : undefined);
  for (const k of [...SCHEMA_KEYWORDS, ...OLD_SINGLE]) {
    const v = at(k);
    if (k === 'items' && Array.isArray(v)) for (const member of v) out.push(member);
    else if (v !== undefined) out.push(v);
  }
  for (const k of SCHEMA_ARRAY_KEYWORDS) {
    const v = at(k);
    if (Array.isArray(v)) for (const member of v) out.push(member);
  }
  for (const k of [...SCHEMA_MAP_KEYWORDS, 'dependencies']) {
    const v = at(k);
    if (k !== '$defs' && isObject(v)) for (const name of Object.keys(v)) out.push(v[name]);
  }
  return out;
}

/** The in-place graph of a legacy compile, from its root document. */
function legacyGraph(documents: Documents, info: ReadonlyMap<object, string>, refs: ResourceIndex): InPlaceGraph {
  const targets = refTargets(documents, info, refs);
  const edges = (node: object, place: string): Edge[] => {
    const n = node as Record<string, unknown>;
    const out: Edge[] = [];
    const child = (v: unknown, via: string): void => {
      out.push({ target: v, to: `${place}/${via}`, at: `${place}/${via}` });
    };
    const found = targets.get(node);
    if (found !== undefined) out.push({ target: found.node, to: found.place, at: `${place}/$ref` });
    for (const k of IN_PLACE_SINGLE) if (Object.hasOwn(n, k)) child(n[k], k);
    for (const k of IN_PLACE_ARRAYS) {
      const list = Object.hasOwn(n, k) ? n[k] : undefined;
      if (Array.isArray(list)) for (const [i, v] of list.entries()) child(v, `${k}/${i}`);
    }
    for (const k of ['dependentSchemas', 'dependencies']) {
      const map = Object.hasOwn(n, k) ? n[k] : undefined;
      if (isObject(map))
        // draft-07 `dependencies` also takes arrays of names, which apply no schema.
        for (const name of Object.keys(map))
          if (!Array.isArray(map[name])) child(map[name], `${k}/${escapePointerToken(name)}`);
    }
    return out;
  };
  // Reachable from the root document's root: a definition nobody references is never evaluated.
  const seen = new Set<object>();
  const stack: unknown[] = [documents[0]?.schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    for (const next of applied(node)) stack.push(next);
    for (const e of edges(node, info.get(node) ?? '')) stack.push(e.target);
  }
  return {
    nodes: [...seen].map((node) => [node, info.get(node) ?? ''] as const),
    placeOf: (node) => info.get(node),
    edges,
    describe: (place) => place || '/',
  };
}

/** Refuses an in-place cycle and bounds the in-place expansion of a legacy compile (maxInPlaceSubschemas). */
export function checkLegacyInPlace(
  documents: Documents,
  places: ReadonlyMap<object, string>,
  refs: ResourceIndex,
  limit: number,
): Result<true> {
  return checkInPlaceGraph(legacyGraph(documents, places, refs), limit);
}
