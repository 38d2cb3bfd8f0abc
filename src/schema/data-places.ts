import { isObject } from '../util/plain-json.js';
import { DATA_KEYWORDS, NAME_MAP_KEYWORDS } from '../keywords/keyword-lists.js';

/**
 * What a value inside a schema document is: a schema (or a value the engine may compile as one, such
 * as an unknown keyword's, which a `$ref` can reach), a map of names to schemas, or `enum`/`const`
 * data. Data is never a schema: Ajv does not index it, and a `$ref` into it is refused (ajv-only.ts).
 */
export type Place = 'schema' | 'names' | 'data';

/** Keywords whose value is a map of names to subschemas (in any dialect), so a name is never a keyword. */
const NAME_MAPS = new Set(NAME_MAP_KEYWORDS);
/** Keywords whose value is data compared with the instance: never a schema, left as written. */
const DATA = new Set(DATA_KEYWORDS);

/** What a member `key` of a value at `place` is. */
export function memberPlace(place: Place, key: string): Place {
  if (place === 'names') return 'schema';
  if (place === 'data') return 'data';
  return NAME_MAPS.has(key) ? 'names' : DATA.has(key) ? 'data' : 'schema';
}

/**
 * Every object in schema place that `value` (a schema) holds, itself included: `enum`/`const` data and
 * name maps are skipped, so a 1 MB enum costs nothing here. Iterative, with no spread of a long array
 * (one argument per element overflows the stack past about 125,000).
 */
export function schemaPlaceObjects(value: unknown): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const stack: [unknown, Place][] = [[value, 'schema']];
  while (stack.length > 0) {
    const [v, place] = stack.pop()!;
    if (place === 'data') continue;
    if (Array.isArray(v)) {
      const inner = place === 'names' ? 'schema' : place;
      for (const item of v) stack.push([item, inner]);
    } else if (isObject(v)) {
      if (place === 'schema') out.push(v);
      for (const k of Object.keys(v)) stack.push([v[k], memberPlace(place, k)]);
    }
  }
  return out;
}
