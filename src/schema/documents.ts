import { types } from 'node:util';
import { fail, failExecution, ok, schemaViolation, thrownMessage, type Result } from '../result.js';
import { echo, shownPlace } from '../util/describe-value.js';
import { dropRejection } from '../util/host-hook.js';
import type { ResolvedOptions } from './options.js';
import { copyBoundedJson } from '../util/plain-json.js';
import { problemPointer } from '../util/json-bounds.js';
import { excessFailure, schemaBounds } from '../util/limits.js';
import { resolveUri, splitFragment, type ResourceIndex } from './references.js';

/**
 * Marks an error thrown by a loader wrapper when a URI's deadline passed (catalog/async-loader.ts):
 * findDocument reports it as `execution_failure` (a limit), not as a broken loader.
 */
export const LOADER_DEADLINE: unique symbol = Symbol('toolgate.loaderDeadline');

/** A document found through the registry or loader, as a private copy. */
export interface FoundDocument {
  readonly uri: string;
  readonly schema: unknown;
}

/** Stands for a registry entry behind a getter: never run, refused as not JSON if a reference needs it. */
const ACCESSOR_ENTRY: unique symbol = Symbol('toolgate.registryAccessor');

/** Stands for two registry keys of one URI holding different documents: refused if a reference needs it. */
const DUPLICATE_ENTRY: unique symbol = Symbol('toolgate.registryDuplicate');

/**
 * Normalised registry: keys resolved as absolute URIs without an empty fragment. Each entry is read as own data
 * (docs/api.md "Options"): a getter is host code, which must not run, used or not (rule 13). Two keys that
 * resolve to one URI (`HTTP://Example.com/a` and `http://example.com/a`, RFC 3986 §6.2.2.1) with different
 * documents are two schemas claiming one URI (Core §9.1.2): neither is taken, whatever the keys' order.
 */
export function normaliseRegistry(registry: Readonly<Record<string, unknown>>): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const key of Object.keys(registry)) {
    const abs = resolveUri(key, 'toolgate:/') ?? key;
    const entry = Object.getOwnPropertyDescriptor(registry, key);
    const value = entry !== undefined && 'value' in entry ? entry.value : ACCESSOR_ENTRY;
    const uri = splitFragment(abs).base;
    out.set(uri, out.has(uri) && out.get(uri) !== value ? DUPLICATE_ENTRY : value);
  }
  return out;
}

/**
 * Finds a document by absolute URI: the registry first, then the loader (rule 9). Nothing is ever
 * fetched. A loader that throws, or returns something that is not a schema, is a `validation`
 * error carrying its message. `undefined` in `value` means "found nowhere".
 */
export function findDocument(
  uri: string,
  registry: Map<string, unknown>,
  options: ResolvedOptions,
): Result<FoundDocument | undefined> {
  let raw: unknown = registry.get(uri);
  let source = 'registry';
  if (raw === undefined && options.schemaLoader !== undefined) {
    source = 'loader';
    try {
      raw = options.schemaLoader(uri);
    } catch (thrown) {
      // Never a look into a thrown Proxy: its trap would run host code, and what that threw would leave as
      // toolgate's own failure (`internal`), its text in the message. The deadline marker is on toolgate's Error.
      const ours = thrown !== null && typeof thrown === 'object' && !types.isProxy(thrown);
      if (ours && Object.hasOwn(thrown, LOADER_DEADLINE)) {
        const message = `schemaLoader gave no answer for ${echo(uri)}: ${thrownMessage(thrown)}`;
        return failExecution('timeout', message, [schemaViolation('loaderTimeoutMs', message, uri, 'loader_timeout')]);
      }
      // The loader is host code: what it threw (a path, a credential) is the host's, and this message
      // reaches the model through formatForModel. Kept whole as the cause, for the host's logs.
      const message = `schemaLoader threw for ${echo(uri)} (its text is withheld; the host has it in error.cause)`;
      const refused = fail('validation', message, [schemaViolation('$ref', message, uri, 'loader_failed')]);
      return { ok: false, error: { ...refused.error, cause: thrown } };
    }
    // Recognised without reading `then`: on the host's answer that read would run a getter or a Proxy trap
    // (rule 13: never run), and what it threw would leave here as toolgate's own failure, its text in the
    // message. Any other thenable holds a function, which the copy below refuses as not JSON.
    if (types.isPromise(raw)) {
      // Dropped here: a rejection nobody handles would end the host's process.
      dropRejection(raw);
      const message =
        `schemaLoader returned a Promise for ${echo(uri)}; ` +
        `validateSchema is synchronous (admitBatch accepts async loaders)`;
      return fail('validation', message, [schemaViolation('$ref', message, uri, 'loader_failed')]);
    }
  }
  if (raw === undefined) return ok(undefined);
  if (raw === DUPLICATE_ENTRY) {
    const message = `duplicate schema identifier ${echo(uri)}: schemaRegistry has two documents under it`;
    return fail('validation', message, [schemaViolation('$ref', message, uri, 'duplicate_id')]);
  }
  if (raw === ACCESSOR_ENTRY) {
    const message = `registry document ${echo(uri)} is not JSON at /: an accessor (getter) is not a JSON value`;
    return fail('validation', message, [schemaViolation('$ref', message, uri, 'loader_failed')]);
  }
  // Array.isArray throws on a revoked Proxy: a Proxy goes on to the copy, which refuses it before any trap runs.
  const array = raw !== null && typeof raw === 'object' && !types.isProxy(raw) && Array.isArray(raw);
  if (typeof raw !== 'boolean' && (raw === null || typeof raw !== 'object' || array)) {
    const message = `${source} returned something that is not a schema for ${echo(uri)}`;
    return fail('validation', message, [schemaViolation('$ref', message, uri, 'loader_failed')]);
  }
  const copy = copyBoundedJson(raw, schemaBounds(options.limits), { skipNonEnumerable: true });
  if (!copy.ok) {
    if (copy.finding.kind === 'excess')
      return excessFailure(copy.finding.excess, true, `${source} document ${echo(uri)}`);
    const message =
      `${source} document ${echo(uri)} is not JSON at ${shownPlace(problemPointer(copy.finding.problem)) || '/'}: ` +
      `${copy.finding.problem.message}`;
    return fail('validation', message, [schemaViolation('$ref', message, uri, 'loader_failed')]);
  }
  return ok({ uri, schema: copy.value });
}

/**
 * Records as duplicates the URIs a pulled document claims by `$id` (any but the one it was found under) that the
 * registry holds another document under: two schemas identifying as one URI (Core §9.1.2). Reached the other way
 * round, the registry's document pulled first, the index finds that duplicate itself; found here, the verdict
 * does not depend on which reference came first. One document registered under its `$id` and an alias is one. The
 * root's claims are judged in claims.ts.
 */
export function recordRegistryClaims(index: ResourceIndex, registry: Map<string, unknown>, rootUri: string): void {
  for (const [claimed, resource] of index.resources) {
    const from = resource.docUri;
    if (from === rootUri || from === claimed || !registry.has(claimed)) continue;
    if (registry.get(claimed) !== registry.get(from))
      index.duplicates.push({ uri: claimed, docUri: from, schemaPath: resource.pointer });
  }
}
