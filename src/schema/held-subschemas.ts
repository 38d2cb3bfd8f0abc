import { isObject } from '../util/plain-json.js';
import { SCHEMA_ARRAY_KEYWORDS, SCHEMA_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './keywords.js';
import { olderShapedKeywords } from '../keywords/keyword-lists.js';

// What a schema object holds in its own subschema positions, for both cost models: the step weights
// (engine/step-budget.ts) and the compile estimate (compile-cost.ts). Both charged schema objects only, so a
// subschema written `true` or `false` cost nothing: a hunt's find ran calls at 72 times the 50 ms rule with
// 9,000 `false` under `dependentSchemas`, and admitted 10,000 `false` branches in 1.5 s and 193 MB. The rule is
// now that every subschema position counts, boolean or object; a `true` as an empty `{}` does (the engine compiles
// no code for either: a later find refused 80 `true` properties over 5,000 objects that `{}` passed). The name
// lists of `dependentRequired` and draft-07 `dependencies` count too (heldNameLists).

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
  /** `false` subschemas in any of those positions, the single ones (`additionalProperties: false`) too. */
  readonly falses: number;
  /** `true` subschemas in any of those positions but `oneOf`: no code of their own, as an empty `{}`. */
  readonly trues: number;
  /**
   * `true` members of `oneOf`: Ajv compiles its count of passing branches for each, and a value they all pass
   * fails with an error listing them (measured 0.25 us a member to report), so each is charged as a schema object.
   */
  readonly oneOfTrues: number;
  /** The `false` members of its lists and maps: each raises an error when it applies, held inside `anyOf`…. */
  readonly falseEntries: number;
}

/**
 * The subschemas `unevaluated*`'s annotation keywords apply themselves (engine/annotation-run.ts), each compiled on
 * its own, besides every `anyOf`/`oneOf` member; what the compile estimate charges for them (compile-cost.ts).
 */
export const ANNOTATION_APPLIED: readonly string[] = [
  'if',
  'then',
  'else',
  'contains',
  'unevaluatedProperties',
  'unevaluatedItems',
];

const NONE: HeldSubschemas = { entries: 0, falses: 0, trues: 0, oneOfTrues: 0, falseEntries: 0 };

/** Counts what `node` holds (see HeldSubschemas); reads its own keywords only, not its subschemas'. */
export function heldSubschemas(node: Record<string, unknown>): HeldSubschemas {
  let entries = 0;
  let falses = 0;
  let trues = 0;
  let oneOfTrues = 0;
  let falseEntries = 0;
  const member = (k: string, v: unknown): void => {
    // A draft-07 `dependencies` list of names is no subschema: heldNameLists counts it.
    if (Array.isArray(v)) return;
    if (TESTED_PER_MEMBER.has(k)) entries++;
    if (v === true && k === 'oneOf') oneOfTrues++;
    else if (v === true) trues++;
    if (v === false) {
      falses++;
      falseEntries++;
    }
  };
  for (const k of ONE) {
    const v = Object.hasOwn(node, k) ? node[k] : undefined;
    if (v === true) trues++;
    if (v === false) falses++;
  }
  for (const k of LISTS) {
    const v = Object.hasOwn(node, k) ? node[k] : undefined;
    if (Array.isArray(v)) for (const m of v) member(k, m);
  }
  for (const k of MAPS) {
    const v = Object.hasOwn(node, k) ? node[k] : undefined;
    if (isObject(v)) for (const name of Object.keys(v)) member(k, v[name]);
  }
  return entries + falses + trues + oneOfTrues === 0 ? NONE : { entries, falses, trues, oneOfTrues, falseEntries };
}

/** What one schema object's lists of property names hold (see heldNameLists). */
export interface HeldNameLists {
  /** Lists with at least one name: Ajv compiles a test of the property and of each name (none for `[]`). */
  readonly lists: number;
  readonly names: number;
  /** The sum of each list's length squared: Ajv builds a list's test by concatenating it again a name. */
  readonly squares: number;
}

const NO_NAMES: HeldNameLists = { lists: 0, names: 0, squares: 0 };

/**
 * Counts the name lists of `node`'s `dependentRequired` (2020-12 Validation §6.5.4) and the array form of its
 * draft-07 `dependencies` (Validation §6.5.7). A hunt's find: charged 1 step a list and 2 units a list at most, a
 * map of 8,000 ran calls at 70-100 ms and 15,000 admitted in 1.9 s and 250 MB.
 */
export function heldNameLists(node: Record<string, unknown>): HeldNameLists {
  let lists = 0;
  let names = 0;
  let squares = 0;
  for (const k of ['dependentRequired', 'dependencies']) {
    const v = Object.hasOwn(node, k) ? node[k] : undefined;
    if (!isObject(v)) continue;
    for (const name of Object.keys(v)) {
      const list = v[name];
      if (!Array.isArray(list) || list.length === 0) continue;
      lists++;
      names += list.length;
      squares += list.length * list.length;
    }
  }
  return lists === 0 ? NO_NAMES : { lists, names, squares };
}
