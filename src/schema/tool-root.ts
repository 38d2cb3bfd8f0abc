import { fail, ok, schemaViolation, type Result } from '../result.js';
import { echo } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { legacyDialectOf } from './legacy-keywords.js';
import { splitFragment, targetOf, type ResourceIndex } from './references.js';

/**
 * Rule 5: a tool's input (and MCP output) schema is an object schema whose root `type` is absent, "object" or
 * ["object"]; tool arguments are always a JSON object (MCP `inputSchema`, provider function
 * parameters). Nested schemas may be anything the dialect allows.
 */
export function checkToolRoot(schema: unknown): Result<true> {
  if (!isObject(schema)) {
    const message =
      `a tool schema (inputSchema, outputSchema) must be a JSON object schema, got ` +
      `${typeof schema === 'boolean' ? `the boolean schema ${String(schema)}` : echo(schema)}`;
    return fail('validation', message, [schemaViolation('type', message, '', 'schema_invalid')]);
  }
  if (!Object.hasOwn(schema, 'type')) return ok(true);
  const t = schema['type'];
  if (t === 'object' || (Array.isArray(t) && t.length === 1 && t[0] === 'object')) return ok(true);
  const message = `a tool schema (inputSchema, outputSchema) must have root type "object", got ${echo(t)}`;
  return fail('validation', message, [schemaViolation('type', message, '/type', 'schema_invalid')]);
}

/** Maps whose member names are names, not keywords: a member named `contentSchema` there is a subschema. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'dependencies',
]);

/**
 * Whether a place lies in a `contentSchema`, which is never applied to the arguments: an annotation unless
 * `contentAssertion` is on, and then a reference in it is refused before this check (schema/gate.ts).
 */
function inAnnotation(schemaPath: string): boolean {
  const segments = schemaPath.split('/');
  return segments.some((s, i) => s === 'contentSchema' && !NAME_MAPS.has(segments[i - 1] ?? ''));
}

/** A place of the call's documents: the document's URI and the JSON Pointer in it, the node there. */
interface Place {
  readonly node: unknown;
  readonly docUri: string;
  readonly pointer: string;
}

/**
 * Whether a schema admits objects only by its own `type`, or a `$ref` or `allOf` member that does: stating
 * `"type": "object"` beside it then changes nothing (the spec's strict-tree root, `{"$ref": "tree"}`, is one).
 * A `$ref` to a plain-name anchor is not followed (its place is not known here): not proven, so refused.
 */
function objectsOnly(at: Place, index: ResourceIndex, seen: Set<unknown>): boolean {
  const { node } = at;
  if (!isObject(node) || seen.has(node)) return false;
  seen.add(node);
  const t = node['type'];
  if (t === 'object' || (Array.isArray(t) && t.length === 1 && t[0] === 'object')) return true;
  const ref = index.references.find(
    (r) => r.keyword === '$ref' && r.docUri === at.docUri && r.schemaPath === `${at.pointer}/$ref`,
  );
  const fragment = ref?.target === undefined ? undefined : splitFragment(ref.target).fragment;
  const target = ref?.target === undefined ? undefined : targetOf(index, ref.target);
  const byPlace = fragment === '' || fragment?.startsWith('/') === true;
  if (byPlace && target !== undefined && target !== 'external' && objectsOnly(target, index, seen)) return true;
  const all = node['allOf'];
  return (
    Array.isArray(all) &&
    all.some((member, i) =>
      objectsOnly({ node: member, docUri: at.docUri, pointer: `${at.pointer}/allOf/${i}` }, index, seen),
    )
  );
}

/**
 * Rule 5, second part: a root without `type` is published with `"type": "object"` stated (withObjectType), which
 * means the same only where nothing inside the schema applies the root again. A reference to the root (`"$ref":
 * "#"`, the root's `$id`, or a `$dynamicRef` when the root holds a `$dynamicAnchor`: Core §8.2.3.2 may end there)
 * would then ask for an object where the original asks for none: `{"properties": {"c": {"not": {"$ref": "#"}}}}`
 * refuses `{"c": 5}`, its published form admits it. Refused (`unsupported_capability`), with the fix to make.
 */
export function checkTypelessRootReferences(root: unknown, index: ResourceIndex, rootUri: string): Result<true> {
  if (!isObject(root) || Object.hasOwn(root, 'type')) return ok(true);
  const self = targetOf(index, rootUri);
  if (self === undefined || self === 'external' || objectsOnly(self, index, new Set())) return ok(true);
  const anchor = (self.node as Record<string, unknown>)['$dynamicAnchor'];
  const at = index.references.find((ref) => {
    if (inAnnotation(ref.schemaPath)) return false;
    if (ref.keyword === '$dynamicRef' && typeof anchor === 'string' && ref.value.endsWith(`#${anchor}`)) return true;
    const found = ref.target === undefined ? undefined : targetOf(index, ref.target);
    return found !== undefined && found !== 'external' && found.node === self.node;
  });
  if (at === undefined) return ok(true);
  const message =
    `a tool schema whose root has no "type" and is applied again from inside (${at.keyword} ${echo(at.value)}) ` +
    'cannot be published with "type": "object" stated (MCP and every provider require it) without changing ' +
    'what that reference asks for; state "type": "object" at the root';
  const where = at.docUri === rootUri ? at.schemaPath : `${at.docUri}#${at.schemaPath}`;
  return fail('unsupported_capability', message, [schemaViolation(at.keyword, message, where, 'not_enforceable')]);
}

/**
 * The tool root as published, `"type": "object"` stated first when it has no `type` (MCP and every provider
 * require it; rule 5 admits only objects at the root, and checkTypelessRootReferences refuses a root applied again
 * from inside, where the stated `type` would also ask for an object); a root with a `type` as it is. Under
 * draft-07 every keyword beside `$ref` is ignored (draft-handrews-json-schema-01 §8.3), and toolgate refuses a
 * `type` there (the engine would apply it): a draft-07 root `$ref` to one definition is published as that
 * definition (inlinedRootRef), any other to a fragment moves into an `allOf` beside the `type`, resolved against
 * the same base. A new object; `root` is not changed.
 */
export function withObjectType(root: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (Object.hasOwn(root, 'type')) return { ...root };
  const ref = root['$ref'];
  const moved = Object.hasOwn(root, '$ref') && typeof ref === 'string' && ref.startsWith('#');
  if (!moved || Object.hasOwn(root, 'allOf') || legacyDialectOf(root['$schema']) !== 'draft-07')
    return { type: 'object', ...root };
  const { $ref: _, ...rest } = root;
  return inlinedRootRef(root, ref) ?? { type: 'object', ...rest, allOf: [{ $ref: ref }] };
}

/** What a draft-07 root `$ref` may have beside it and still be inlined: none of it applies there (§8.3). */
const BESIDE_INLINED_REF = new Set(['$ref', '$schema', '$id', 'definitions', 'title', 'description', '$comment']);

/** A `$ref` to one definition by a plain name (no pointer escape, no percent-encoding). */
const DEFINITION_REF = /^#\/definitions\/([A-Za-z0-9_.-]+)$/;

/**
 * A draft-07 root `$ref` to one definition (zod-to-json-schema's `{"$ref": "#/definitions/Args", "definitions":
 * {...}}`) published as that definition, the root's other members kept: the root means exactly its target, and
 * OpenAI and Anthropic refuse the root `allOf` the other form needs. Only where nothing could be read differently:
 * the target an object schema (no `type`, or "object") with no `$ref`, `$id` or `definitions` of its own and no
 * member the root also has; the root nothing else beside the `$ref`. Otherwise undefined.
 */
function inlinedRootRef(root: Readonly<Record<string, unknown>>, ref: string): Record<string, unknown> | undefined {
  const name = DEFINITION_REF.exec(ref)?.[1];
  const definitions = root['definitions'];
  if (name === undefined || !isObject(definitions) || !Object.hasOwn(definitions, name)) return undefined;
  const target = definitions[name];
  if (!isObject(target) || Object.keys(root).some((k) => !BESIDE_INLINED_REF.has(k))) return undefined;
  if (['$ref', '$id', 'definitions'].some((k) => Object.hasOwn(target, k))) return undefined;
  if (Object.keys(target).some((k) => Object.hasOwn(root, k))) return undefined;
  if (Object.hasOwn(target, 'type') && target['type'] !== 'object') return undefined;
  const { $ref: _, ...rest } = root;
  return { type: 'object', ...rest, ...target };
}
