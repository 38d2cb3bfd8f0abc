import { fail, ok, schemaViolation, type Result } from '../result.js';
import { echo } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { legacyDialectOf } from './legacy-keywords.js';

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

/**
 * The tool root as published, `"type": "object"` stated first when it has no `type` (MCP and every provider
 * require it; rule 5 admits only objects, so the root means the same: a `$ref` to the root from inside it then asks
 * for an object too); a root with a `type` as it is. Under draft-07 every keyword beside `$ref` is ignored
 * (draft-handrews-json-schema-01 §8.3), and toolgate refuses a `type` there (the engine would apply it): a draft-07
 * root `$ref` to one definition is published as that definition (inlinedRootRef), any other to a fragment moves into
 * an `allOf` beside the `type`, resolved against the same base. A new object; `root` is not changed.
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
