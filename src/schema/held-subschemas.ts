import { isObject } from '../util/plain-json.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { olderShapedKeywords } from '../keywords/keyword-lists.js';

// What a schema object holds in its own subschema positions, for both cost models: the step weights
// (engine/step-budget.ts) and the compile estimate (compile-cost.ts). Both charged schema objects only, so a
// subschema written `true` or `false` cost nothing: a hunt's find ran calls at 72 times the 50 ms rule with
// 9,000 `false` under `dependentSchemas`, and admitted 10,000 `false` branches in 1.5 s and 193 MB. The rule is
// now that every subschema position counts, boolean or object.

/** Positions that hold one subschema, in every dialect toolgate reads (draft-07 `additionalItems` too). */
const ONE: readonly string[] = [...SCHEMA_KEYWORDS, ...olderShapedKeywords('schema')];
/** Positions that list subschemas: 2020-12's, and the array form of `items` (draft-07, 2019-09). */
const LISTS: readonly string[] = [...SCHEMA_ARRAY_KEYWORDS, 'items'];
/**
 * The lists and maps whose every member the engine tests at each application, applied or not: a position
 * (`prefixItems`, array `items`) against the array's length, a name against the object. A member of `allOf`,
 * `anyOf` or `oneOf` is tested only by applying it, which its own step keyword charges; `patternProperties`
 * is charged per key and pattern.
 */
const TESTED_PER_MEMBER = new Set(['prefixItems', 'items', 'properties', 'dependentSchemas', 'dependencies']);
/**
 * Positions that map names to subschemas the engine applies; definitions (`$defs`, `definitions`) are places,
 * not applied. `dependencies` (draft-07 Validation §6.5.7) maps names to a schema or to names.
 */
const DEFINITIONS = new Set(['$defs', 'definitions']);
const MAPS: readonly string[] = [...SCHEMA_MAP_KEYWORDS, ...olderShapedKeywords('schema-map', 'schema-or-names-map')]
  .filter((k) => !DEFINITIONS.has(k))
  .filter((k, i, all) => all.indexOf(k) === i);

/** What one schema object holds in the subschema positions it applies (its definitions are not among them). */
export interface HeldSubschemas {
  /** Members of its lists and maps that the engine tests each per application (see TESTED_PER_MEMBER). */
  readonly entries: number;
  /** Boolean subschemas in any of those positions, the single ones (`additionalProperties: false`) too. */
  readonly booleans: number;
  /** The `false` members of its lists and maps: each raises an error when it applies, held inside `anyOf`…. */
  readonly falseEntries: number;
}

const NONE: HeldSubschemas = { entries: 0, booleans: 0, falseEntries: 0 };

/** Counts what `node` holds (see HeldSubschemas); reads its own keywords only, not its subschemas'. */
export function heldSubschemas(node: Record<string, unknown>): HeldSubschemas {
  let entries = 0;
  let booleans = 0;
  let falseEntries = 0;
  const member = (k: string, v: unknown): void => {
    if (TESTED_PER_MEMBER.has(k)) entries++;
    if (typeof v === 'boolean') booleans++;
    if (v === false) falseEntries++;
  };
  for (const k of ONE) if (typeof node[k] === 'boolean' && Object.hasOwn(node, k)) booleans++;
  for (const k of LISTS) {
    const v = Object.hasOwn(node, k) ? node[k] : undefined;
    if (Array.isArray(v)) for (const m of v) member(k, m);
  }
  for (const k of MAPS) {
    const v = Object.hasOwn(node, k) ? node[k] : undefined;
    if (isObject(v)) for (const name of Object.keys(v)) member(k, v[name]);
  }
  return entries === 0 && booleans === 0 ? NONE : { entries, booleans, falseEntries };
}
