import { escapePointerToken } from '../util/json-pointer.js';
import type { Result } from '../result.js';
import { checkInPlaceGraph, type Edge, type InPlaceGraph } from './in-place-cycles.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import type { LegacyDialect } from './legacy-keywords.js';
import { followPointer, resolveUri, splitFragment } from './references.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

/**
 * The in-place cycle and expansion check (in-place-cycles.ts) for draft-07 and 2019-09 documents,
 * which reach Ajv's engines unlinked: references are resolved here the way those drafts define them
 * (draft-07 §8.2 and 2019-09 Core §8.2: `$id` changes the base URI; a plain-name fragment names a
 * draft-07 `$id: "#name"` or a 2019-09 `$anchor`), across the root and every document the registry
 * or loader supplied. In-place applicators: `allOf`, `anyOf`, `oneOf`, `not`, `if`/`then`/`else`,
 * `$ref`, and the schema values of draft-07 `dependencies` or 2019-09 `dependentSchemas`. A
 * reference this cannot resolve adds no edge; Ajv resolved every one before this runs.
 */

/** One document of the compile: the root (places are bare pointers) or one pulled in by URI. */
export interface LegacyDocument {
  readonly uri: string;
  readonly schema: unknown;
  readonly root: boolean;
}

const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'];
const IN_PLACE_ARRAYS = ['allOf', 'anyOf', 'oneOf'];
/** Subschema positions of the older drafts beside those of 2020-12 (walk.ts reads the same ones). */
const OLD_SINGLE = ['additionalItems'];

interface Info {
  readonly place: string;
  readonly base: string;
}

/** Every schema object of the documents with its place and base URI, and the resources and anchors by URI. */
function index(documents: readonly LegacyDocument[], dialect: LegacyDialect) {
  const info = new Map<object, Info>();
  const resources = new Map<string, { node: unknown; place: string }>();
  const anchors = new Map<string, object>();
  for (const doc of documents) {
    const placeOf = (pointer: string): string => (doc.root ? pointer : `${doc.uri}#${pointer}`);
    if (!resources.has(doc.uri)) resources.set(doc.uri, { node: doc.schema, place: placeOf('') });
    const bases = new Map<string, string>();
    walkSchema(
      doc.schema,
      ({ node, pointer, parent }) => {
        let base = parent === undefined ? doc.uri : (bases.get(parent) ?? doc.uri);
        const id = node['$id'];
        const resolved = typeof id === 'string' ? resolveUri(id, base) : undefined;
        if (resolved !== undefined) {
          const { base: idBase, fragment } = splitFragment(resolved);
          if (idBase !== base || pointer === '') {
            base = idBase;
            if (!resources.has(base)) resources.set(base, { node, place: placeOf(pointer) });
          }
          // draft-07 §8.2.3: `$id: "#name"` (or `uri#name`) names a location.
          if (dialect === 'draft-07' && fragment !== '' && !fragment.startsWith('/'))
            anchors.set(`${base}#${fragment}`, node);
        }
        const anchor = node['$anchor'];
        if (dialect === '2019-09' && typeof anchor === 'string') anchors.set(`${base}#${anchor}`, node);
        bases.set(pointer, base);
        info.set(node, { place: placeOf(pointer), base });
      },
      { positions: 'every-dialect' },
    );
  }
  return { info, resources, anchors };
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
function legacyGraph(documents: readonly LegacyDocument[], dialect: LegacyDialect): InPlaceGraph {
  const { info, resources, anchors } = index(documents, dialect);
  const target = (ref: string, base: string): { node: unknown; place: string } | undefined => {
    const uri = resolveUri(ref, base);
    if (uri === undefined) return undefined;
    const { base: docBase, fragment } = splitFragment(uri);
    const resource = resources.get(docBase);
    if (fragment === '') return resource;
    if (fragment.startsWith('/')) {
      if (resource === undefined) return undefined;
      const node = followPointer(resource.node, fragment);
      const known = isObject(node) ? info.get(node)?.place : undefined;
      return { node, place: known ?? `${resource.place}${fragment}` };
    }
    const node = anchors.get(`${docBase}#${fragment}`);
    return node === undefined ? undefined : { node, place: info.get(node)?.place ?? '' };
  };
  const edges = (node: object, place: string): Edge[] => {
    const n = node as Record<string, unknown>;
    const out: Edge[] = [];
    const child = (v: unknown, via: string): void => {
      out.push({ target: v, to: `${place}/${via}`, at: `${place}/${via}` });
    };
    const ref = n['$ref'];
    const base = info.get(node)?.base;
    if (typeof ref === 'string' && base !== undefined) {
      const found = target(ref, base);
      if (found !== undefined) out.push({ target: found.node, to: found.place, at: `${place}/$ref` });
    }
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
  const rootDoc = documents.find((d) => d.root);
  const stack: unknown[] = [rootDoc?.schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    for (const next of applied(node)) stack.push(next);
    for (const e of edges(node, info.get(node)?.place ?? '')) stack.push(e.target);
  }
  return {
    nodes: [...seen].map((node) => [node, info.get(node)?.place ?? ''] as const),
    placeOf: (node) => info.get(node)?.place,
    edges,
    describe: (place) => place || '/',
  };
}

/** Refuses an in-place cycle and bounds the in-place expansion of a legacy compile (maxInPlaceSubschemas). */
export function checkLegacyInPlace(
  documents: readonly LegacyDocument[],
  dialect: LegacyDialect,
  limit: number,
): Result<true> {
  return checkInPlaceGraph(legacyGraph(documents, dialect), limit);
}
