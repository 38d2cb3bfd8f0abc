import { isObject } from '../util/plain-json.js';

/** A plain sample of what a schema asks for: const, first enum value, or the simplest value of its type. */
function sample(schema: unknown, outer: Record<string, unknown> | undefined, depth: number): unknown {
  if (!isObject(schema)) return {};
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  const t = Array.isArray(schema['type']) ? schema['type'][0] : schema['type'];
  switch (t) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return [];
    default:
      return depth > 3 ? {} : minimalObject(schema, outer, depth + 1);
  }
}

/** The names a schema object lists in `required`. */
const requiredOf = (schema: Record<string, unknown> | undefined): unknown[] =>
  schema !== undefined && Array.isArray(schema['required']) ? schema['required'] : [];

/**
 * The smallest object a branch asks for: its required properties and its holder's (`outer`), each with a sample
 * value, the branch's own property schema first. The holder's are there because a value the holder refuses never
 * reaches the branches (a hunt's find: a discriminator required by the holder was left out, so `{}` was reported).
 */
function minimalObject(
  branch: Record<string, unknown>,
  outer: Record<string, unknown> | undefined,
  depth: number,
): Record<string, unknown> {
  const own = isObject(branch['properties']) ? branch['properties'] : {};
  const shared = outer !== undefined && isObject(outer['properties']) ? outer['properties'] : {};
  const out: Record<string, unknown> = {};
  for (const name of [...requiredOf(branch), ...requiredOf(outer)]) {
    if (typeof name !== 'string' || Object.hasOwn(out, name)) continue;
    const sub = Object.hasOwn(own, name) ? own[name] : Object.hasOwn(shared, name) ? shared[name] : undefined;
    out[name] = sample(sub, undefined, depth);
  }
  return out;
}

/** The value oneof-overlap tries against the other branches: the smallest one `branch` of `holder` asks for. */
export function witnessFor(branch: unknown, holder: Record<string, unknown>): unknown {
  return sample(branch, holder, 0);
}

/**
 * Keywords of a `oneOf`'s holder that say nothing about a value on their own: the `oneOf` itself, what reads its
 * annotations (`unevaluated*`), and a resource's identity and definitions, which the branch documents carry.
 */
const NOT_A_CONSTRAINT = new Set([
  'oneOf',
  'unevaluatedProperties',
  'unevaluatedItems',
  '$id',
  '$schema',
  '$anchor',
  '$dynamicAnchor',
  '$defs',
  'definitions',
  '$comment',
  'title',
  'description',
  'default',
  'examples',
]);

/** The holder of a `oneOf` without it and without what depends on it; undefined when nothing else is left. */
export function holderRest(holder: Record<string, unknown>): Record<string, unknown> | undefined {
  const rest = Object.fromEntries(Object.entries(holder).filter(([k]) => !NOT_A_CONSTRAINT.has(k)));
  return Object.keys(rest).length === 0 ? undefined : rest;
}
