import { schemaViolation, type Violation } from '../result.js';
import { walkSchema } from './walk.js';
import { AJV_SCOPE_KEEPING_NAMES, HARMLESS_DRAFT_07_REF_SIBLINGS } from '../keywords/keyword-lists.js';
import type { LegacyDialect } from './legacy-keywords.js';
import { isObject } from '../util/plain-json.js';
import { byCodeUnits } from '../util/code-unit-order.js';

/**
 * draft-07 §8.3: "All other properties in a "$ref" object MUST be ignored." Ajv applies them. These
 * siblings are safe to leave beside `$ref` because ignoring or applying them gives the same verdicts:
 * annotations, and `definitions` (a container that `$ref` reaches by JSON Pointer either way).
 */
const HARMLESS_REF_SIBLINGS = new Set(HARMLESS_DRAFT_07_REF_SIBLINGS);

/**
 * 2019-09 Core §9.3.1.3, §9.3.2.3 and §7.7.1.2 make `unevaluated*` depend on the annotations of every
 * subschema applied in place. Ajv's 2019-09 engine collects them wrongly (through a `$ref` to the root,
 * from failed `anyOf`/`oneOf` branches and `if`, from `items` under `then`/`anyOf`/`oneOf`) and keeps
 * those of a recursive `$ref` on the shared validator, so a verdict could depend on earlier calls.
 * Refused until the 2019-09 engine gets toolgate's own annotation tracking, which 2020-12 has.
 */
const UNEVALUATED_2019 =
  '"unevaluatedItems"/"unevaluatedProperties" are not supported for 2019-09: the engine collects the ' +
  'annotations they depend on incorrectly (and can carry them from one call to the next); ' +
  'Draft 2020-12 schemas support them';

/**
 * When Ajv follows a JSON Pointer into a document (`#/definitions/a`, or an `$id` it recorded as one), it
 * does not take the `$id` of a node reached through a step with one of these names (Ajv's
 * `PREVENT_SCOPE_CHANGE`, which means the keywords but also hits a property or definition so named), so
 * every reference inside that resource would resolve against the enclosing base instead of its own (Core
 * §8.2.3 of both drafts; draft-07 §8.2): another subschema than the one toolgate's index resolved.
 */
const SCOPE_KEPT_NAMES = new Set(AJV_SCOPE_KEEPING_NAMES);

/** A URI with a scheme: its resolution does not depend on the base. */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Refusals for relative references inside a resource whose `$id` Ajv loses on the way there
 * (SCOPE_KEPT_NAMES), unless a nearer absolute `$id` sets their base again.
 */
function lostBases(
  resources: ReadonlySet<string>,
  absolute: ReadonlySet<string>,
  refs: readonly string[],
  at: (p: string) => string,
): Violation[] {
  const found: Violation[] = [];
  for (const pointer of refs) {
    for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) {
      if (!resources.has(p)) {
        if (absolute.has(p)) break;
        continue;
      }
      found.push(
        schemaViolation(
          '$ref',
          'the engine resolves this reference against the wrong base: the "$id" at ' +
            `${p === pointer ? 'its schema' : p} ` +
            `is named "${p.slice(p.lastIndexOf('/') + 1)}", whose "$id" the engine ignores when it follows a pointer`,
          at(`${pointer}/$ref`),
          'not_enforceable',
        ),
      );
      break;
    }
  }
  return found;
}

/** Whether `pointer` lies under one of `prefixes` (each a pointer), checked along its ancestors. */
function within(prefixes: ReadonlySet<string>, pointer: string): boolean {
  for (let p = pointer; p !== ''; p = p.slice(0, p.lastIndexOf('/'))) if (prefixes.has(p)) return true;
  return false;
}

/**
 * Maps whose entry named "__proto__" Ajv's older engines drop (toolgate rewrites them for 2020-12 only,
 * rewrite.ts): `properties` and `patternProperties`, and draft-07's `dependencies` (2019-09's dependent*
 * keywords keep it).
 */
const PROTO_DROPPED: readonly { keyword: string; entry: string; only?: 'draft-07' }[] = [
  { keyword: 'properties', entry: 'a property named "__proto__"' },
  { keyword: 'patternProperties', entry: 'a patternProperties entry "__proto__"' },
  { keyword: 'dependencies', entry: 'a dependency named "__proto__"', only: 'draft-07' },
];

/**
 * Constructs of the legacy dialects on which Ajv's draft-07 and 2019-09 engines give wrong verdicts,
 * measured on the official suite (test/suite/expectations-legacy.json). Refused, never run.
 */
export function legacyEngineGaps(doc: unknown, dialect: LegacyDialect, at: (pointer: string) => string): Violation[] {
  const found: Violation[] = [];
  const renamed = new Set<string>();
  const absolute = new Set<string>();
  const refs: string[] = [];
  /** Pointer prefixes of draft-07 `definitions` beside `$ref` (parents are visited before their children). */
  const ignored = new Set<string>();
  walkSchema(
    doc,
    ({ node, pointer }) => {
      const id = node['$id'];
      if (
        typeof id === 'string' &&
        !id.startsWith('#') &&
        SCOPE_KEPT_NAMES.has(pointer.slice(pointer.lastIndexOf('/') + 1))
      )
        renamed.add(pointer);
      else if (typeof id === 'string' && ABSOLUTE.test(id)) absolute.add(pointer);
      const ref = node['$ref'];
      if (typeof ref === 'string' && !ABSOLUTE.test(ref)) refs.push(pointer);
      for (const { keyword, entry, only } of PROTO_DROPPED) {
        const map = node[keyword];
        if ((only === undefined || only === dialect) && isObject(map) && Object.hasOwn(map, '__proto__'))
          found.push(
            schemaViolation(
              keyword,
              `${entry} cannot be enforced by the engine for this dialect`,
              at(`${pointer}/${keyword}`),
              'not_enforceable',
            ),
          );
      }
      // Ajv files a `$id` with a fragment under that exact URI: `http://x.test/x#/definitions/a` names this
      // subschema for the engine, while the index (like @hyperjump/json-schema) follows the pointer inside x.
      // 2019-09's meta-schema allows no fragment but an empty one.
      if (dialect === 'draft-07' && typeof id === 'string' && /#(?:\/|%2f)/i.test(id))
        found.push(
          schemaViolation(
            '$id',
            'a "$id" with a JSON Pointer fragment names another subschema for the engine than for the references',
            at(`${pointer}/$id`),
            'not_enforceable',
          ),
        );
      // `definitions` beside `$ref` stay reachable by pointer, but an identifier in them is ignored with them
      // (§8.3; @hyperjump/json-schema finds no such anchor or resource), while the index and Ajv both read it.
      if (dialect === 'draft-07' && typeof node['$id'] === 'string' && within(ignored, pointer))
        found.push(
          schemaViolation(
            '$id',
            'draft-07 ignores "definitions" beside "$ref", this "$id" with them, but the engine reads it',
            at(`${pointer}/$id`),
            'not_enforceable',
          ),
        );
      if (dialect === 'draft-07' && '$ref' in node) {
        if (isObject(node['definitions'])) ignored.add(`${pointer}/definitions`);
        const extra = Object.keys(node)
          .filter((k) => !HARMLESS_REF_SIBLINGS.has(k))
          .sort(byCodeUnits);
        if (extra.length > 0)
          found.push(
            schemaViolation(
              '$ref',
              `draft-07 ignores keywords beside "$ref" ` +
                `(${extra.map((k) => `"${k}"`).join(', ')}) but the engine applies them`,
              at(`${pointer}/$ref`),
              'not_enforceable',
            ),
          );
      }
      if (dialect === '2019-09') {
        if ('$recursiveRef' in node)
          found.push(
            schemaViolation(
              '$recursiveRef',
              '"$recursiveRef" is not supported: the engine resolves the recursive scope incorrectly',
              at(`${pointer}/$recursiveRef`),
              'not_enforceable',
            ),
          );
        for (const keyword of ['unevaluatedItems', 'unevaluatedProperties'])
          if (keyword in node)
            found.push(schemaViolation(keyword, UNEVALUATED_2019, at(`${pointer}/${keyword}`), 'not_enforceable'));
      }
    },
    { positions: 'every-dialect' },
  );
  if (renamed.size > 0) found.push(...lostBases(renamed, absolute, refs, at));
  return found;
}
