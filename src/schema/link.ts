import { unescapePointerToken } from '../util/json-pointer.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { IDENTIFYING_KEYWORDS } from '../keywords/keyword-lists.js';
import { shippedDocument, shippedUris } from './engine/shipped-documents.js';
import { followPointer, resolveUri, splitFragment } from './references.js';
import { recordSource } from './link-source.js';
import { walkSchema } from './walk.js';
import { isObject } from '../util/plain-json.js';
import { mapKey } from '../util/map-key.js';
import { COPY_PREFIX, copyPrefix } from './link-copy-prefix.js';

/**
 * Links every loaded document into one anonymous document whose references are all local JSON
 * Pointers, before it reaches Ajv. Why: Ajv overflows its stack on `$id` + `$ref` into embedded
 * resources and resolves `$dynamicRef` wrongly. Draft 2020-12 makes the target of a `$dynamicRef`
 * depend only on which schema resources are in the dynamic scope (Core §8.2.3.2, §7.1); toolgate
 * tracks, per dynamic anchor name, the outermost resource that defines it, and emits one copy of a
 * resource per such context. Each `$dynamicRef` then becomes a static `$ref` to the copy that the
 * dynamic scope selects, so the linked document gives exactly the verdicts of the original.
 */

/** A document as the pipeline hands it over: its retrieval URI and the rewritten private copy. */
export interface LinkInput {
  readonly uri: string;
  readonly schema: unknown;
}

/** Resource copies emitted per dynamic context before linking gives up (an execution limit). */
export const LINK_COPY_LIMIT = 2000;

/** Dropped from every emitted node: the linked document is one resource of its own. */
const IDENTIFIERS = new Set(IDENTIFYING_KEYWORDS);
const META_BASE = 'https://json-schema.org/draft/2020-12/';
const META_URIS = shippedUris('2020-12');

interface Resource {
  readonly uri: string;
  readonly node: unknown;
  readonly dynamicAnchors: Map<string, string>;
}
interface Place {
  readonly resource: string;
  readonly pointer: string;
}
type Context = ReadonlyMap<string, Place>;

/** Whether `base` is a meta-schema Ajv ships, which the linker loads itself when it is referenced. */
export const shipsMetaSchema = (base: string): boolean => META_URIS.has(base);

const hasOwn = (o: object, k: string): boolean => Object.hasOwn(o, k);
const define = (o: Record<string, unknown>, k: string, v: unknown): void => {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
};
const fragmentOf = (pointer: string): string =>
  pointer
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');

/** Puts an emitted child into its emitted parent at `via` (`k`, `k/<index>` or `k/<escaped name>`). */
function placeChild(parent: Record<string, unknown>, via: string, child: unknown): void {
  const slash = via.indexOf('/');
  if (slash < 0) {
    define(parent, unescapePointerToken(via), child);
    return;
  }
  const holder = parent[via.slice(0, slash)];
  const key = unescapePointerToken(via.slice(slash + 1));
  if (Array.isArray(holder)) holder[Number(key)] = child;
  else define(holder as Record<string, unknown>, key, child);
}

/** Indexes documents (scan), then emits the linked one (link); linkDocuments in link-documents.ts drives it. */
export class Linker {
  readonly resources = new Map<string, Resource>();
  readonly anchors = new Map<string, Place & { dynamic: boolean }>();
  readonly places = new Map<object, Place>();
  readonly dynamicNames = new Set<string>();
  readonly origins = new Map<object, { document: string; pointer: string }>(); // for link-source.ts
  rootDocument = '';
  private readonly copies = new Map<string, { name: string; resource: string; context: Context }>();
  private readonly queue: string[] = [];
  private rootKey = '';
  private defsPrefix = COPY_PREFIX;

  /** Indexes a document: its resources, anchors and the place of every schema object (Core §8.2). */
  scan(doc: unknown, retrievalUri: string, stripFormat: boolean): void {
    if (!isObject(doc)) {
      this.addResource(retrievalUri, doc);
      return;
    }
    // The place of each object met so far, by its pointer in the document: a child's place follows its parent's.
    const placeAt = new Map<string, Place>();
    walkSchema(doc, ({ node, pointer: docPointer, parent, via }) => {
      const isRoot = parent === undefined;
      const above = isRoot ? undefined : placeAt.get(parent);
      if (stripFormat) delete node['format'];
      const parentBase = above?.resource ?? retrievalUri;
      let here = parentBase;
      let at = above === undefined ? '' : `${above.pointer}/${via}`;
      const id = node['$id'];
      if (typeof id === 'string' || isRoot) {
        const resolved = typeof id === 'string' ? resolveUri(id, parentBase) : undefined;
        const uri = resolved === undefined ? retrievalUri : splitFragment(resolved).base;
        if (isRoot || uri !== parentBase) {
          here = uri;
          at = '';
          this.addResource(uri, node);
          if (isRoot && uri !== retrievalUri && !this.resources.has(retrievalUri))
            this.resources.set(retrievalUri, this.resources.get(uri)!);
        }
      }
      const place = { resource: here, pointer: at };
      placeAt.set(docPointer, place);
      this.places.set(node, place);
      this.origins.set(node, { document: retrievalUri, pointer: docPointer });
      for (const [kw, dynamic] of [
        ['$anchor', false],
        ['$dynamicAnchor', true],
      ] as const) {
        const a = node[kw];
        if (typeof a !== 'string') continue;
        const key = `${here}#${a}`;
        const prior = this.anchors.get(key);
        this.anchors.set(key, { resource: here, pointer: at, dynamic: dynamic || (prior?.dynamic ?? false) });
        if (dynamic) this.resources.get(here)?.dynamicAnchors.set(a, at);
      }
    });
  }

  private addResource(uri: string, node: unknown): void {
    if (!this.resources.has(uri)) this.resources.set(uri, { uri, node, dynamicAnchors: new Map() });
  }

  /** Finds an absolute target; meta-schemas Ajv ships are scanned on first use. */
  locate(target: string): Place & { dynamic: boolean } {
    const { base, fragment } = splitFragment(target);
    if (!this.resources.has(base)) {
      const metaDoc = shippedDocument('2020-12', base);
      if (metaDoc === undefined) throw new Error(`link: no document for ${target}`);
      // The meta-schemas use the format-annotation vocabulary: format is not asserted there.
      this.scan(metaDoc, base, true);
    }
    const resource = this.resources.get(base)!;
    if (fragment === '') return { resource: resource.uri, pointer: '', dynamic: false };
    if (!fragment.startsWith('/')) {
      const anchor = this.anchors.get(`${resource.uri}#${fragment}`);
      if (anchor === undefined) throw new Error(`link: no anchor ${target}`);
      return anchor;
    }
    // A pointer may pass into an embedded resource; its innermost resource is what enters the scope.
    let node: unknown = resource.node;
    let place: Place = { resource: resource.uri, pointer: '' };
    for (const seg of fragment.slice(1).split('/')) {
      node = followPointer(node, `/${seg}`);
      const known = isObject(node) ? this.places.get(node) : undefined;
      place = known ?? { resource: place.resource, pointer: `${place.pointer}/${seg}` };
    }
    return { ...place, dynamic: false };
  }

  /** Scans every meta-schema Ajv ships, so that their dynamic anchors count from the start. */
  loadMetaSchemas(): void {
    this.locate(`${META_BASE}schema`);
    for (const uri of META_URIS) this.locate(uri);
  }

  /** Core §8.2.3.2: a context records, per dynamic anchor name, the outermost resource defining it. */
  enter(context: Context, resource: string): Context {
    const anchors = this.resources.get(resource)?.dynamicAnchors;
    if (anchors === undefined) return context;
    let next: Map<string, Place> | undefined;
    for (const [name, pointer] of anchors) {
      if (!this.dynamicNames.has(name) || context.has(name)) continue;
      next ??= new Map(context);
      next.set(name, { resource, pointer });
    }
    return next ?? context;
  }

  private copyFor(resource: string, context: Context): string {
    // Dynamic anchor names and resource URIs are the schema's: with many of them the key passes 16,383 characters.
    const key = mapKey(
      `${resource}\u0000${[...context]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([n, p]) => `${n}=${p.resource}#${p.pointer}`)
        .join('\u0000')}`,
    );
    let copy = this.copies.get(key);
    if (copy === undefined) {
      if (this.copies.size >= LINK_COPY_LIMIT)
        throw new RangeError(`linking needs more than ${LINK_COPY_LIMIT} resource copies`);
      copy = { name: `${this.defsPrefix}${this.copies.size}`, resource, context };
      this.copies.set(key, copy);
      this.queue.push(key);
    }
    return key;
  }

  private refTo(place: Place, context: Context): string {
    const key = this.copyFor(place.resource, this.enter(context, place.resource));
    const prefix = key === this.rootKey ? '#' : `#/$defs/${encodeURIComponent(this.copies.get(key)!.name)}`;
    return `${prefix}${fragmentOf(place.pointer)}`;
  }

  /** Records the author's location of an emitted object; `suffix` names a keyword inside it. */
  private trace<T extends object>(out: T, node: object, suffix = ''): T {
    const origin = this.origins.get(node);
    if (origin !== undefined)
      recordSource(out, {
        document: origin.document,
        pointer: `${origin.pointer}${suffix}`,
        root: origin.document === this.rootDocument,
      });
    return out;
  }

  /**
   * Emits one copy of a resource for a dynamic context. Each schema object is emitted by emitNode when
   * the walk meets it, then put into its emitted parent; a nested resource becomes a `$ref` to its copy.
   */
  private emit(root: unknown, resource: string, context: Context): unknown {
    if (!isObject(root)) return root;
    const emitted = new Map<string, Record<string, unknown>>();
    let out: unknown;
    walkSchema(root, ({ node, pointer, parent, via }) => {
      const place = this.places.get(node);
      // Another resource's root inside this one: a reference to that resource's copy, not a copy in place.
      const nested = pointer !== '' && place !== undefined && place.pointer === '' && place.resource !== resource;
      const value = nested
        ? this.trace({ $ref: this.refTo(place, context) }, node)
        : this.emitNode(node, resource, context);
      if (parent === undefined) out = value;
      else placeChild(emitted.get(parent) as Record<string, unknown>, via, value);
      if (nested) return false;
      emitted.set(pointer, value);
      return true;
    });
    return out;
  }

  /** One schema object with its references made local; its subschemas are still the originals here. */
  private emitNode(node: Record<string, unknown>, resource: string, context: Context): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const extra: unknown[] = [];
    for (const k of Object.keys(node)) {
      if (IDENTIFIERS.has(k)) continue;
      const v = node[k];
      if (k === '$ref' && typeof v === 'string')
        define(out, k, this.refTo(this.locate(resolveUri(v, resource)!), context));
      else if (k === '$dynamicRef' && typeof v === 'string') {
        const absolute = resolveUri(v, resource)!;
        const target = this.locate(absolute);
        const chosen = target.dynamic ? (context.get(splitFragment(absolute).fragment) ?? target) : target;
        // Core §8.2.3.2: once resolved, `$dynamicRef` applies in place exactly like `$ref`.
        if (hasOwn(node, '$ref')) extra.push(this.trace({ $ref: this.refTo(chosen, context) }, node, '/$dynamicRef'));
        else define(out, '$ref', this.refTo(chosen, context));
      } else if (SCHEMA_ARRAY_KEYWORDS.includes(k) && Array.isArray(v)) define(out, k, [...v]);
      else if (SCHEMA_MAP_KEYWORDS.includes(k) && isObject(v)) {
        const m: Record<string, unknown> = {};
        for (const name of Object.keys(v)) define(m, name, v[name]);
        define(out, k, m);
      } else define(out, k, v);
    }
    // A `$dynamicRef` beside a `$ref` cannot share the key; an allOf entry applies it the same way.
    if (extra.length > 0) define(out, 'allOf', [...(Array.isArray(out['allOf']) ? out['allOf'] : []), ...extra]);
    return this.trace(out, node);
  }

  /** Emits the root resource and every copy it reaches into one document. */
  link(rootUri: string): unknown {
    const rootResource = this.resources.get(rootUri)!;
    const rootNode = rootResource.node;
    if (isObject(rootNode) && isObject(rootNode['$defs'])) this.defsPrefix = copyPrefix(Object.keys(rootNode['$defs']));
    this.rootKey = this.copyFor(rootResource.uri, this.enter(new Map(), rootResource.uri));
    const emitted = new Map<string, unknown>();
    while (this.queue.length > 0) {
      const key = this.queue.shift()!;
      const copy = this.copies.get(key)!;
      emitted.set(key, this.emit(this.resources.get(copy.resource)!.node, copy.resource, copy.context));
    }
    const root = emitted.get(this.rootKey);
    if (!isObject(root)) return root;
    const defs: Record<string, unknown> = isObject(root['$defs']) ? root['$defs'] : {};
    for (const [key, schema] of emitted) if (key !== this.rootKey) define(defs, this.copies.get(key)!.name, schema);
    if (Object.keys(defs).length > 0) define(root, '$defs', defs);
    return root;
  }
}
