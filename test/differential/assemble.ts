// Turns a raw generated document into a schema both engines must evaluate the same way. Reference
// placeholders become real URIs; a reference that could loop without consuming instance is dropped
// (Core §9.4.1 leaves such schemas undefined); anchors are kept only at the root and at the top of a
// def, one per resource, so every reference enters a scope at its start; a $dynamicRef whose
// resource has no anchor "T" is dropped (it would not resolve). Never changes its input.
// The raw document is drawn in 2020-12 words; an older dialect gets the same meaning in its own words
// (legacy-words.ts): array-form `items` with `additionalItems`, `$recursiveRef`, `definitions`, `dependencies`.
import { type Dialect, DIALECT_URIS } from './dialect.js';
import { legacyNode, withoutRefSiblings } from './legacy-words.js';

/** Every generated schema's `$id`; the peer registers it under the same URI. */
export const ROOT_URI = 'https://toolgate.test/root.json';

/** What schema-arbitrary.ts draws before assembly. */
export interface RawDocument {
  readonly root: unknown;
  readonly defs: readonly unknown[];
  /** Whether `$defs/dK` gets `$id: "rK"`, a resource of its own. */
  readonly resources: readonly boolean[];
  /** The anchor "T" the root (index 0) and `$defs/dK` (index K + 1) carry, if any. */
  readonly anchors: readonly ('$dynamicAnchor' | '$anchor' | null)[];
  /** The root's `$schema` (a meta-schema of meta-schemas.ts), or null for the default dialect (2020-12 only). */
  readonly dialect: string | null;
  /** The dialect the document is written in; an older one declares its meta-schema URI at the root. */
  readonly target: Dialect;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Subschema keywords by shape, and whether they apply to a part of the instance (Core §10.3). */
const ONE = {
  additionalProperties: true,
  additionalItems: true,
  items: true,
  contains: true,
  propertyNames: true,
  unevaluatedProperties: true,
  unevaluatedItems: true,
  not: false,
  if: false,
  then: false,
  else: false,
} as const;
const MAP = { properties: true, patternProperties: true, dependentSchemas: false } as const;
const LIST = { prefixItems: true, allOf: false, anyOf: false, oneOf: false } as const;

interface Scope {
  /** Definition order: `$defs/dK` is K, the root is Infinity. */
  readonly order: number;
  /** The resource this node belongs to: "root" or the def index of an embedded resource. */
  readonly resource: 'root' | number;
  /** Whether a keyword between the scope's start and here applies to a part of the instance. */
  readonly consuming: boolean;
}

interface Assembly {
  readonly raw: RawDocument;
  /** Resources that hold an anchor "T" (first one kept). */
  readonly anchored: Set<'root' | number>;
  /** $dynamicRef nodes by resource, resolved once every anchor is known. */
  readonly dynamicRefs: { node: Obj; resource: 'root' | number }[];
}

const defsWord = (target: Dialect): string => (target === 'draft-07' ? 'definitions' : '$defs');

function refUri(a: Assembly, target: 'root' | number, scope: Scope): string {
  if (target === 'root') return scope.resource === 'root' ? '#' : 'root.json';
  if (a.raw.resources[target]) return `r${target}`;
  const pointer = `#/${defsWord(a.raw.target)}/d${target}`;
  return scope.resource === 'root' ? pointer : `root.json${pointer}`;
}

function rebuild(a: Assembly, node: unknown, scope: Scope, anchor?: string | null): unknown {
  if (!isObj(node)) return node;
  const out: Obj = {};
  if (typeof anchor === 'string' && !a.anchored.has(scope.resource)) {
    a.anchored.add(scope.resource);
    // 2019-09 has one recursive anchor per resource, a boolean (Core 8.2.4.2.2).
    if (a.raw.target === '2019-09' && anchor === '$dynamicAnchor') out['$recursiveAnchor'] = true;
    else out[anchor] = 'T';
  }
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('ref:')) {
      const t = v === 'ref:root' ? 'root' : Number(v.slice(4));
      const order = t === 'root' ? Number.POSITIVE_INFINITY : t;
      if (t !== 'root' && t >= a.raw.defs.length) continue;
      if (!scope.consuming && order >= scope.order) continue;
      out[k] = refUri(a, t, scope);
    } else if (k === '$dynamicRef') {
      if (!scope.consuming) continue;
      out[k] = v;
      a.dynamicRefs.push({ node: out, resource: scope.resource });
    } else if (k in ONE) {
      out[k] = rebuild(a, v, { ...scope, consuming: scope.consuming || ONE[k as keyof typeof ONE] });
    } else if (k in MAP && isObj(v)) {
      const inner = { ...scope, consuming: scope.consuming || MAP[k as keyof typeof MAP] };
      out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, rebuild(a, s, inner)]));
    } else if (k in LIST && Array.isArray(v)) {
      const inner = { ...scope, consuming: scope.consuming || LIST[k as keyof typeof LIST] };
      out[k] = v.map((s) => rebuild(a, s, inner));
    } else {
      out[k] = structuredClone(v);
    }
  }
  return a.raw.target === '2020-12' ? out : legacyNode(out, a.raw.target);
}

const asObject = (schema: unknown): Obj => (isObj(schema) ? schema : schema === false ? { not: {} } : {});

/** The schema for a raw document; its `$id` is ROOT_URI, the peer's retrieval URI. */
export function assemble(raw: RawDocument): unknown {
  const a: Assembly = { raw, anchored: new Set(), dynamicRefs: [] };
  const legacy = raw.target !== '2020-12';
  const rootScope: Scope = { order: Number.POSITIVE_INFINITY, resource: 'root', consuming: false };
  const root = rebuild(a, asObject(raw.root), rootScope, raw.anchors[0]);
  const defs: Obj = {};
  raw.defs.forEach((d, k) => {
    const resource = raw.resources[k] ? k : 'root';
    const body = raw.resources[k] || raw.anchors[k + 1] ? asObject(d) : d;
    // A 2019-09 recursive anchor belongs at a resource root only.
    const recursive = raw.target === '2019-09' && raw.anchors[k + 1] === '$dynamicAnchor';
    const anchor = recursive && !raw.resources[k] ? null : raw.anchors[k + 1];
    const built = rebuild(a, body, { order: k, resource, consuming: false }, anchor);
    const def = raw.resources[k] ? { $id: `r${k}`, ...(built as Obj) } : built;
    defs[`d${k}`] = raw.target === 'draft-07' && isObj(def) ? withoutRefSiblings(def) : def;
  });
  for (const { node, resource } of a.dynamicRefs) {
    if (!a.anchored.has(resource)) delete node['$dynamicRef'];
    else if (raw.target === '2019-09') {
      delete node['$dynamicRef'];
      node['$recursiveRef'] = '#';
    }
  }
  const declared = legacy ? DIALECT_URIS[raw.target] : raw.dialect;
  const schema: Obj = { ...(declared === null ? {} : { $schema: declared }), $id: ROOT_URI, ...(root as Obj) };
  if (raw.defs.length > 0) schema[defsWord(raw.target)] = defs;
  return raw.target === 'draft-07' ? withoutRefSiblings(schema) : schema;
}
