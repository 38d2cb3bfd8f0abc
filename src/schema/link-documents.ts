// Linking as the compile step sees it: whether a document set needs it, the linked document, and the engine's
// input with annotation tracking prepared for `unevaluated*`. The Linker (link.ts) does the work.
import { recordSource, sourceOf } from './link-source.js';
import { registerDocument } from './engine/annotation-run.js';
import type { EngineInput } from './engine/engine.js';
import { usesUnevaluated } from './engine/unevaluated.js';
import { Linker, shipsMetaSchema, type LinkInput } from './link.js';
import { resolveUri, splitFragment } from './references.js';
import { needsLinkingAt } from './schema-needs.js';
import { walkSchema } from './walk.js';
import { isObject } from '../util/plain-json.js';

const define = (o: Record<string, unknown>, k: string, v: unknown): void => {
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
};

/** Does the document set need linking? Plain documents with only local pointer refs do not (schema-needs.ts). */
export function needsLinking(docs: readonly LinkInput[]): boolean {
  if (docs.length > 1) return true;
  let found = false;
  walkSchema(docs[0]?.schema, ({ node, pointer }) => {
    found ||= needsLinkingAt(node, pointer);
    return !found;
  });
  return found;
}

/**
 * Links the documents (the first is the root) into one document with only local pointer
 * references and no identifiers. Throws RangeError when the copy limit is exceeded.
 */
export function linkDocuments(docs: readonly LinkInput[]): unknown {
  const linker = new Linker();
  linker.rootDocument = docs[0]?.uri ?? '';
  for (const d of docs) linker.scan(d.schema, d.uri, false);
  const targets = (): string[] => {
    const out: string[] = [];
    for (const [node, place] of linker.places) {
      for (const kw of ['$ref', '$dynamicRef']) {
        const v = (node as Record<string, unknown>)[kw];
        const abs = typeof v === 'string' ? resolveUri(v, place.resource) : undefined;
        if (abs !== undefined) out.push(abs);
        // Only names that some `$dynamicRef` can select need tracking (keeps contexts few).
        const fragment = abs === undefined ? '' : splitFragment(abs).fragment;
        if (kw === '$dynamicRef' && fragment !== '' && !fragment.startsWith('/')) linker.dynamicNames.add(fragment);
      }
    }
    return out;
  };
  // Meta-schemas Ajv ships are linked like any document when referenced; load them all up front
  // so their dynamic anchors count from the start.
  if (targets().some((t) => shipsMetaSchema(splitFragment(t).base) && !linker.resources.has(splitFragment(t).base))) {
    linker.loadMetaSchemas();
    targets();
  }
  const root = docs[0]!;
  const rootPlace = isObject(root.schema) ? linker.places.get(root.schema) : undefined;
  return linker.link(rootPlace?.resource ?? root.uri);
}

let linkedIds = 0;

/**
 * Links when needed and prepares annotation tracking for `unevaluated*` (see unevaluated.ts). `linked` is
 * needsLinking's answer when the caller already knows it (engineNeeds in schema-needs.ts).
 */
export function engineInput(docs: readonly LinkInput[], linked = needsLinking(docs)): EngineInput {
  const schema = linked ? linkDocuments(docs) : docs[0]!.schema;
  const extra = linked ? [] : docs.slice(1);
  if (!isObject(schema) || !usesUnevaluated(schema)) return { schema, extra, keep: false };
  // A private `$id` lets the keywords ask Ajv for validators of sibling subschemas by pointer;
  // every reference is a local pointer here, so the base change resolves nothing differently.
  const withId: Record<string, unknown> = {};
  define(withId, '$id', `urn:toolgate:linked:${++linkedIds}`);
  for (const k of Object.keys(schema)) if (k !== '$id') define(withId, k, schema[k]);
  const source = sourceOf(schema);
  if (source !== undefined) recordSource(withId, source);
  registerDocument(withId, withId['$id'] as string);
  return { schema: withId, extra, keep: true };
}
