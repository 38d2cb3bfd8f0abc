import { isObject } from '../util/plain-json.js';
import { objectNodes } from './profile.js';

// Two shapes JSON Schema allows and more than one provider refuses, found once here so each profile only words
// its own provider's error: an array with no element schema, and a `required` name with no property beside it.
// JSON Schema gives both a meaning (any element; a member that must be present whatever it holds), which is why
// toolgate admits them; providers that turn the schema into a typed declaration (a proto message, a grammar) have
// nothing to build for either. Walks every dialect's positions, as the profiles do.

/** Does this schema allow arrays (type "array" or a type list naming it)? */
function allowsArray(node: Record<string, unknown>): boolean {
  const t = node['type'];
  return t === 'array' || (Array.isArray(t) && t.includes('array'));
}

/**
 * The pointers of the schemas that allow arrays and give no element schema: no `items` and no `prefixItems` (a
 * provider that knows neither reports `prefixItems` as a keyword of its own).
 */
export function arraysWithoutItems(schema: unknown): string[] {
  return objectNodes(schema)
    .filter(({ node }) => allowsArray(node) && !('items' in node) && !('prefixItems' in node))
    .map(({ pointer }) => pointer);
}

/** A `required` entry that names no property of its own schema's `properties`, and where it is. */
export interface UndeclaredName {
  /** The entry as written: a string, or (in a schema toolgate did not admit) any other value. */
  readonly name: unknown;
  /** The entry's pointer, `<schema>/required/<index>`. */
  readonly schemaPath: string;
}

/**
 * Every `required` entry that its own schema's `properties` does not declare (`properties` absent counts as
 * declaring nothing); a property declared only under `patternProperties` or in another branch does not count.
 */
export function undeclaredRequired(schema: unknown): UndeclaredName[] {
  const out: UndeclaredName[] = [];
  for (const { node, pointer } of objectNodes(schema)) {
    const required = node['required'];
    if (!Array.isArray(required)) continue;
    const props = isObject(node['properties']) ? node['properties'] : {};
    required.forEach((name, i) => {
      if (typeof name !== 'string' || !Object.hasOwn(props, name))
        out.push({ name, schemaPath: `${pointer}/required/${i}` });
    });
  }
  return out;
}
