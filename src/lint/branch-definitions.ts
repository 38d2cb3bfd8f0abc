import { isObject } from '../util/plain-json.js';
import { schemaPlaceObjects } from '../schema/data-places.js';
import { DEFINITION_HOLDERS } from '../keywords/keyword-lists.js';

/** Where a root keeps definitions a local `$ref` names: Core §8.2.4 and draft-07's `definitions`. */
const HOLDERS = DEFINITION_HOLDERS;

/** Every `$ref` string a schema holds at any depth, `enum`/`const` data aside (data is never a schema). */
function referencesIn(value: unknown): string[] {
  const out: string[] = [];
  for (const o of schemaPlaceObjects(value)) if (typeof o['$ref'] === 'string') out.push(o['$ref']);
  return out;
}

/** The holder and name a `#/$defs/name…` or `#/definitions/name…` reference starts with, if that is its form. */
function definitionOf(ref: string): readonly [holder: string, name: string] | undefined {
  const m = /^#\/(\$defs|definitions)\/([^/]*)/.exec(ref);
  if (m === null) return undefined;
  return [m[1]!, m[2]!.replace(/~1/g, '/').replace(/~0/g, '~')];
}

/**
 * The root's definitions a subschema reaches through `#/$defs/…` and `#/definitions/…` references,
 * transitively, laid out as in the root, so the same references resolve in a document made of the
 * subschema. Any other reference (an anchor, `#`, another document) may reach any definition: then
 * every definition is kept, and the lint budget pays for it.
 */
export function definitionsFor(subschema: unknown, root: unknown): Record<string, Record<string, unknown>> {
  if (!isObject(root)) return {};
  const holders = HOLDERS.filter((h) => isObject(root[h]));
  const all = (): Record<string, Record<string, unknown>> =>
    Object.fromEntries(holders.map((h) => [h, root[h] as Record<string, unknown>]));
  const kept = new Map<string, Record<string, unknown>>();
  const pending = [...referencesIn(subschema)];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const ref = pending.pop() as string;
    if (seen.has(ref)) continue;
    seen.add(ref);
    const def = definitionOf(ref);
    if (def === undefined) return all();
    const [holder, name] = def;
    const defs = root[holder];
    if (!isObject(defs) || !Object.hasOwn(defs, name)) continue;
    const into = kept.get(holder) ?? {};
    kept.set(holder, into);
    if (Object.hasOwn(into, name)) continue;
    into[name] = defs[name];
    for (const r of referencesIn(defs[name])) pending.push(r);
  }
  return Object.fromEntries(kept);
}
