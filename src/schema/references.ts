import { pointerSegments } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';

/** Base URI of a document that has neither an `$id` nor a retrieval URI. */
export const ANONYMOUS_BASE = 'toolgate:/anonymous-root';

/** A `$ref` or `$dynamicRef` met in a document. */
export interface Reference {
  readonly keyword: '$ref' | '$dynamicRef';
  readonly value: string;
  /** Absolute target URI, fragment included, or undefined when the value is not a URI reference. */
  readonly target: string | undefined;
  /** Document URI and pointer where the keyword sits. */
  readonly docUri: string;
  readonly schemaPath: string;
}

/** Where schema resources and anchors of the loaded documents are. */
export interface ResourceIndex {
  /** Absolute resource URI (no fragment) -> the resource's root node. */
  readonly resources: Map<string, { readonly docUri: string; readonly pointer: string; readonly node: unknown }>;
  /** `uri#name` -> anchor node; `dynamic` when it came from `$dynamicAnchor`. */
  readonly anchors: Map<string, { readonly node: unknown; readonly dynamic: boolean }>;
  readonly references: Reference[];
  /** Set when two resources claim one URI (Core §8.2.1 requires identifiers to be unique). */
  readonly duplicates: { uri: string; docUri: string; schemaPath: string }[];
}

/** Resolves a URI reference against a base; undefined when it cannot be resolved (Core §8.2). */
export function resolveUri(ref: string, base: string): string | undefined {
  try {
    return new URL(ref, base).href;
  } catch {
    return undefined;
  }
}

/** Splits an absolute URI into the part before `#` and the decoded fragment. */
export function splitFragment(uri: string): { base: string; fragment: string } {
  const i = uri.indexOf('#');
  if (i < 0) return { base: uri, fragment: '' };
  let fragment = uri.slice(i + 1);
  try {
    fragment = decodeURIComponent(fragment);
  } catch {
    // a malformed escape is left as written; it will not resolve
  }
  return { base: uri.slice(0, i), fragment };
}

/** An empty index to which documents are added one by one. */
export function emptyIndex(): ResourceIndex {
  return { resources: new Map(), anchors: new Map(), references: [], duplicates: [] };
}

/**
 * Adds a document's resources, anchors and references to the index. `retrievalUri` is the URI the
 * document was found under (Core §8.2.1: the base when the root has no `$id`).
 */
export function indexDocument(index: ResourceIndex, doc: unknown, retrievalUri: string): void {
  const bases = new Map<string, string>([['', retrievalUri]]);
  const baseOf = (pointer: string): string => {
    for (let p = pointer; ; p = p.slice(0, p.lastIndexOf('/'))) {
      const b = bases.get(p);
      if (b !== undefined) return b;
      if (p === '') return retrievalUri;
    }
  };
  const addResource = (uri: string, pointer: string, node: unknown): void => {
    if (index.resources.has(uri)) index.duplicates.push({ uri, docUri: retrievalUri, schemaPath: pointer });
    else index.resources.set(uri, { docUri: retrievalUri, pointer, node });
  };
  if (typeof doc === 'boolean') addResource(retrievalUri, '', doc);
  walkSchema(doc, ({ node, pointer }) => {
    const parent = pointer === '' ? retrievalUri : baseOf(pointer.slice(0, pointer.lastIndexOf('/')));
    let base = parent;
    const id = node['$id'];
    if (typeof id === 'string') {
      const resolved = resolveUri(id, parent);
      if (resolved !== undefined) base = splitFragment(resolved).base;
    }
    bases.set(pointer, base);
    if (pointer === '' || typeof id === 'string') addResource(base, pointer, node);
    if (pointer === '' && base !== retrievalUri && !index.resources.has(retrievalUri)) {
      index.resources.set(retrievalUri, { docUri: retrievalUri, pointer, node });
    }
    for (const [kw, dynamic] of [
      ['$anchor', false],
      ['$dynamicAnchor', true],
    ] as const) {
      const a = node[kw];
      if (typeof a === 'string') {
        const key = `${base}#${a}`;
        const prior = index.anchors.get(key);
        if (prior === undefined || (dynamic && prior.node === node))
          index.anchors.set(key, { node, dynamic: dynamic || (prior?.dynamic ?? false) });
        else if (prior.node !== node) index.duplicates.push({ uri: key, docUri: retrievalUri, schemaPath: pointer });
      }
    }
    for (const kw of ['$ref', '$dynamicRef'] as const) {
      const v = node[kw];
      if (typeof v === 'string')
        index.references.push({
          keyword: kw,
          value: v,
          target: resolveUri(v, base),
          docUri: retrievalUri,
          schemaPath: `${pointer}/${kw}`,
        });
    }
  });
}

/** Follows a JSON Pointer inside a resource root; undefined when any step is missing. */
export function followPointer(root: unknown, pointer: string): unknown {
  const segments = pointerSegments(pointer);
  if (segments === undefined) return undefined;
  let node: unknown = root;
  for (const seg of segments) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(seg) && Number(seg) < node.length) node = node[Number(seg)];
    else if (isObject(node) && Object.hasOwn(node, seg)) node = node[seg];
    else return undefined;
  }
  return node;
}

/** Is the absolute target present among the indexed resources? `'external'` means another document. */
export function lookupTarget(index: ResourceIndex, target: string): 'found' | 'missing' | 'external' {
  const { base, fragment } = splitFragment(target);
  const resource = index.resources.get(base);
  if (resource === undefined) return 'external';
  if (fragment === '') return 'found';
  if (fragment.startsWith('/')) {
    const node = followPointer(resource.node, fragment);
    return isObject(node) || typeof node === 'boolean' ? 'found' : 'missing';
  }
  return index.anchors.has(`${base}#${fragment}`) ? 'found' : 'missing';
}
