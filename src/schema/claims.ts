import { ok, type Result } from '../result.js';
import { canonicalJson } from '../util/canonical-json.js';
import { isObject } from '../util/plain-json.js';
import { shippedDocument } from './engine/shipped-documents.js';
import type { LegacyDialect } from './legacy-keywords.js';
import { splitFragment, type ResourceIndex } from './references.js';

// Two schemas identifying as one URI (Core §9.1.2) where one of them is known without being pulled: a meta-schema the
// engine carries, or a registry or loader document under a URI the root claims. A hunt's finds: in 2020-12 a
// subschema with `$id: ".../draft/2020-12/meta/validation"` replaced that meta-schema for its own references and for
// the meta-schema's (`{"$ref": ".../schema"}` then accepted `{"type": 5}` as a schema); a tool embedding the `$id` of
// a host's registry document replaced it (`/etc/shadow` past its `pattern: "^/srv/"`), by registry or by loader.
// A claim holding that very schema, its `$id` aside, is no conflict: a bundled copy (Core §9.3), or the root
// registered under its own `$id`.

/** `schema` without its own `$id` (a bundled copy carries the `$id` it is known by; a registry knows it by its key). */
const withoutId = (schema: unknown): unknown => {
  if (!isObject(schema)) return schema;
  const { $id: _id, ...rest } = schema;
  return rest;
};
const same = (a: unknown, b: unknown): boolean => canonicalJson(withoutId(a)) === canonicalJson(withoutId(b));

/** What recordKnownClaims reads of a pipeline: its index and front end, and how it reads a known document. */
export interface ClaimsInput {
  readonly index: ResourceIndex;
  readonly dialect: '2020-12' | LegacyDialect;
  readonly builtin: ReadonlySet<string>;
  readonly rootUri: string;
  readonly registry: ReadonlyMap<string, unknown>;
  readonly loader: boolean;
  /** The registry's or loader's document under a URI, charged as a pulled one (pipeline.ts). */
  read(uri: string): Result<unknown>;
}

/**
 * Records as duplicates the resources that claim a shipped meta-schema's URI, and those of the root that claim a
 * registry or loader document's, unless they hold that document. A refusal of `read` (a limit, a loader's) is the
 * schema's.
 */
export function recordKnownClaims(c: ClaimsInput): Result<true> {
  let targets: Set<string> | undefined;
  const referenced = (): Set<string> => {
    targets ??= new Set(c.index.references.map((r) => splitFragment(r.target ?? '').base));
    return targets;
  };
  for (const [uri, resource] of c.index.resources) {
    const duplicate = (): void => {
      c.index.duplicates.push({ uri, docUri: resource.docUri, schemaPath: resource.pointer });
    };
    if (c.builtin.has(uri)) {
      if (!same(resource.node, shippedDocument(c.dialect, uri))) duplicate();
      continue;
    }
    if (resource.docUri !== c.rootUri || uri === c.rootUri) continue;
    // The loader is host code: asked only for a claim a reference reaches (one nothing reaches decides no verdict).
    if (!c.registry.has(uri) && (!c.loader || !referenced().has(uri))) continue;
    const found = c.read(uri);
    if (!found.ok) return found;
    if (found.value !== undefined && !same(resource.node, found.value)) duplicate();
  }
  return ok(true);
}
