import { fail, ok, schemaViolation, type Result } from '../result.js';
import { echo } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { legacyDialectOf } from './legacy-keywords.js';

/**
 * Rule 5: a tool's input schema is an object schema whose root `type` is absent, "object" or
 * ["object"]; tool arguments are always a JSON object (MCP `inputSchema`, provider function
 * parameters). Nested schemas may be anything the dialect allows.
 */
export function checkToolRoot(schema: unknown): Result<true> {
  if (!isObject(schema)) {
    const message =
      `a tool input schema must be a JSON object schema, got ` +
      `${typeof schema === 'boolean' ? `the boolean schema ${String(schema)}` : echo(schema)}`;
    return fail('validation', message, [schemaViolation('type', message, '', 'schema_invalid')]);
  }
  if (!Object.hasOwn(schema, 'type')) return ok(true);
  const t = schema['type'];
  if (t === 'object' || (Array.isArray(t) && t.length === 1 && t[0] === 'object')) return ok(true);
  const message = `a tool input schema must have root type "object", got ${echo(t)}`;
  return fail('validation', message, [schemaViolation('type', message, '/type', 'schema_invalid')]);
}

/**
 * The tool root as published, `"type": "object"` stated first when it has no `type` (MCP and every provider
 * require it; rule 5 admits only objects, so the root means the same: a `$ref` to the root from inside it then asks
 * for an object too); a root with a `type` as it is. Under draft-07 every keyword beside `$ref` is ignored
 * (draft-handrews-json-schema-01 §8.3), and toolgate refuses a `type` there (the engine would apply it): a draft-07
 * root `$ref` to a fragment moves into an `allOf` beside the `type`, resolved against the same base. A new object;
 * `root` is not changed.
 */
export function withObjectType(root: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (Object.hasOwn(root, 'type')) return { ...root };
  const ref = root['$ref'];
  const moved = Object.hasOwn(root, '$ref') && typeof ref === 'string' && ref.startsWith('#');
  if (!moved || Object.hasOwn(root, 'allOf') || legacyDialectOf(root['$schema']) !== 'draft-07')
    return { type: 'object', ...root };
  const { $ref: _, ...rest } = root;
  return { type: 'object', ...rest, allOf: [{ $ref: ref }] };
}
