import { pointerSegments } from '../util/json-pointer.js';
import { hasLoneSurrogate } from '../util/jcs.js';
import { isObject } from '../util/plain-json.js';
import { walkSchema } from './walk.js';
import { ajvPointerTokens, ajvResolved } from './engine/ajv-resolver.js';
import { loneSurrogateMessage, misreadMessage, pointerMisreadMessage } from './uri-spelling.js';

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
  /** An `$id` that cannot be resolved against its base (a relative one under `urn:` or `tag:`, say). */
  readonly unplaced: { value: string; docUri: string; schemaPath: string }[];
  /** Subschemas whose draft-07 `$id` names nothing: its parent's base again, without a fragment (`#`, say). */
  readonly nameless: Record<string, unknown>[];
  /** An identifier or reference WHATWG URL and RFC 3986 resolve to different URIs (uri-spelling.ts). */
  /** With why (uri-spelling.ts); and a JSON Pointer fragment the engine splits otherwise (pointerMisread). */
  readonly misread: { keyword: string; value: string; docUri: string; schemaPath: string; message: string }[];
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

/** A URI with an authority that is not empty: `scheme://host…` (what WHATWG URL may normalise as RFC 3986 does). */
const WITH_HOST = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]/;

/**
 * Whether WHATWG URL's resolution `whatwg` and RFC 3986's `rfc` name one URI: the same text, fragments compared
 * decoded (a pointer's escapes are spelled alike by neither), or, for a URI with a host, what WHATWG URL makes of RFC
 * 3986's result (the normalisations of RFC 3986 §6.2.2-6.2.3: host case, a default port, an empty path). A percent-
 * escape RFC 3986 normalises before the fragment (`%7E`, `%2f`) is a difference: Ajv decodes it, WHATWG keeps it.
 */
export function sameReading(whatwg: string | undefined, rfc: string | undefined): boolean {
  if (whatwg === rfc) return true;
  if (whatwg === undefined || rfc === undefined) return false;
  const a = splitFragment(whatwg);
  const b = splitFragment(rfc);
  if (a.fragment !== b.fragment) return false;
  if (a.base === b.base) return true;
  // WHATWG URL reads `%2E%2E` as a dot segment, which RFC 3986 resolution does not: an escape is no normalisation here.
  if (!WITH_HOST.test(b.base) || b.base.includes('%')) return false;
  try {
    return new URL(b.base).href === a.base;
  } catch {
    return false;
  }
}

/** An empty index to which documents are added one by one. */
export function emptyIndex(): ResourceIndex {
  return {
    resources: new Map(),
    anchors: new Map(),
    references: [],
    duplicates: [],
    unplaced: [],
    nameless: [],
    misread: [],
  };
}

/**
 * How a dialect identifies schema resources and plain-name locations, and which of its keywords refer
 * (Core §8.2 of each draft). The one index below reads every dialect through one of these.
 */
export interface Identification {
  /** The walk's schema positions: 2020-12's, or those of every dialect (`definitions`, array `items`...). */
  readonly positions: 'draft2020-12' | 'every-dialect';
  /** draft-07 §8.2.3: `$id: "#name"` (or `uri#name`) names a location; later drafts use `$anchor`. */
  readonly idAnchors: boolean;
  /** The keywords that name a location: [keyword, whether it is dynamic]. */
  readonly anchors: readonly (readonly [string, boolean])[];
  /** The keywords whose targets are resolved before compiling. */
  readonly references: readonly ('$ref' | '$dynamicRef')[];
}

/** Draft 2020-12 (Core §8.2): `$id`, `$anchor`, `$dynamicAnchor`; `$ref` and `$dynamicRef`. */
export const IDENTIFY_2020_12: Identification = {
  positions: 'draft2020-12',
  idAnchors: false,
  anchors: [
    ['$anchor', false],
    ['$dynamicAnchor', true],
  ],
  references: ['$ref', '$dynamicRef'],
};

/**
 * 2019-09 (Core §8.2): `$id` and `$anchor`; `$ref`. `$recursiveRef` always targets its resource's root
 * ("#", Core §8.2.4.2.1), and the engine gaps refuse it (legacy-engine-gaps.ts).
 */
export const IDENTIFY_2019_09: Identification = {
  positions: 'every-dialect',
  idAnchors: false,
  anchors: [['$anchor', false]],
  references: ['$ref'],
};

/** draft-07 (§8.2): `$id`, whose plain-name fragment names a location; `$ref`. */
export const IDENTIFY_DRAFT_07: Identification = {
  positions: 'every-dialect',
  idAnchors: true,
  anchors: [],
  references: ['$ref'],
};

/**
 * Adds a document's resources, anchors and references to the index, as `ident` reads them (2020-12 by
 * default). `retrievalUri` is the URI the document was found under (Core §8.2.1: the base when the root has
 * no `$id`).
 */
export function indexDocument(
  index: ResourceIndex,
  doc: unknown,
  retrievalUri: string,
  ident: Identification = IDENTIFY_2020_12,
): void {
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
  const addAnchor = (key: string, node: unknown, dynamic: boolean, pointer: string): void => {
    const prior = index.anchors.get(key);
    if (prior === undefined || (dynamic && prior.node === node))
      index.anchors.set(key, { node, dynamic: dynamic || (prior?.dynamic ?? false) });
    else if (prior.node !== node) index.duplicates.push({ uri: key, docUri: retrievalUri, schemaPath: pointer });
  };
  if (typeof doc === 'boolean') addResource(retrievalUri, '', doc);
  walkSchema(
    doc,
    ({ node, pointer }) => {
      const parent = pointer === '' ? retrievalUri : baseOf(pointer.slice(0, pointer.lastIndexOf('/')));
      let base = parent;
      let named = '';
      const id = node['$id'];
      const resolved = typeof id === 'string' ? resolveUri(id, parent) : undefined;
      const misread = (keyword: string, value: string, target: string | undefined, from: string): void => {
        const schemaPath = `${pointer}/${keyword}`;
        let message: string | undefined;
        if (target !== undefined && !sameReading(target, ajvResolved(value, from)))
          message = misreadMessage(keyword, value);
        else if (keyword !== '$id' && target !== undefined && pointerMisread(value, target))
          // A lone surrogate is in no URI: the index reads it as U+FFFD, the engine as itself (no escape to blame).
          message = hasLoneSurrogate(value)
            ? loneSurrogateMessage(keyword, value)
            : pointerMisreadMessage(keyword, value);
        if (message !== undefined) index.misread.push({ keyword, value, docUri: retrievalUri, schemaPath, message });
      };
      if (typeof id === 'string') misread('$id', id, resolved, parent);
      if (resolved !== undefined) ({ base, fragment: named } = splitFragment(resolved));
      else if (typeof id === 'string')
        index.unplaced.push({ value: id, docUri: retrievalUri, schemaPath: `${pointer}/$id` });
      bases.set(pointer, base);
      // A draft-07 `$id: "#name"` names a location inside its parent's resource, not a resource.
      const resource = ident.idAnchors ? base !== parent || pointer === '' : resolved !== undefined;
      if (pointer === '' || resource) addResource(base, pointer, node);
      else if (ident.idAnchors && resolved !== undefined && named === '') index.nameless.push(node);
      if (pointer === '' && base !== retrievalUri && !index.resources.has(retrievalUri)) {
        index.resources.set(retrievalUri, { docUri: retrievalUri, pointer, node });
      }
      if (ident.idAnchors && named !== '' && !named.startsWith('/'))
        addAnchor(`${base}#${named}`, node, false, pointer);
      for (const [kw, dynamic] of ident.anchors) {
        const a = node[kw];
        if (typeof a === 'string') addAnchor(`${base}#${a}`, node, dynamic, pointer);
      }
      for (const kw of ident.references) {
        const v = node[kw];
        if (typeof v !== 'string') continue;
        const target = resolveUri(v, base);
        misread(kw, v, target, base);
        index.references.push({ keyword: kw, value: v, target, docUri: retrievalUri, schemaPath: `${pointer}/${kw}` });
      }
    },
    { positions: ident.positions },
  );
}

/**
 * Whether the engine reads the JSON Pointer fragment of the reference `value` (resolved to `target`) as other tokens
 * than the index does: RFC 6901 §6 decodes the whole fragment first, so `%2F` separates tokens, where Ajv splits
 * first. A malformed escape is left to resolution, which refuses it.
 */
export function pointerMisread(value: string, target: string): boolean {
  const decoded = splitFragment(target).fragment;
  const hash = value.indexOf('#');
  if (!decoded.startsWith('/') || hash < 0) return false;
  const rfc = pointerSegments(decoded) ?? [];
  let engine: string[] | undefined;
  try {
    engine = ajvPointerTokens(value.slice(hash + 1));
  } catch {
    return false;
  }
  return engine === undefined || engine.length !== rfc.length || engine.some((t, i) => t !== rfc[i]);
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

/**
 * The node an absolute target names among the indexed resources, with the resource it is in; `'external'`
 * when its document is not indexed, undefined when the resource lacks the location.
 */
export function targetOf(
  index: ResourceIndex,
  target: string,
): { readonly node: unknown; readonly docUri: string; readonly pointer: string } | 'external' | undefined {
  const { base, fragment } = splitFragment(target);
  const resource = index.resources.get(base);
  if (resource === undefined) return 'external';
  if (fragment === '') return resource;
  if (fragment.startsWith('/')) {
    const node = followPointer(resource.node, fragment);
    const pointer = `${resource.pointer}${fragment}`;
    return isObject(node) || typeof node === 'boolean' ? { node, docUri: resource.docUri, pointer } : undefined;
  }
  const anchor = index.anchors.get(`${base}#${fragment}`);
  return anchor === undefined ? undefined : { node: anchor.node, docUri: resource.docUri, pointer: '' };
}

/** Is the absolute target present among the indexed resources? `'external'` means another document. */
export function lookupTarget(index: ResourceIndex, target: string): 'found' | 'missing' | 'external' {
  const found = targetOf(index, target);
  return found === 'external' ? 'external' : found === undefined ? 'missing' : 'found';
}
