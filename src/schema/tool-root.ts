import { fail, ok, schemaViolation, type Result } from '../result.js';
import { echo } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';

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
