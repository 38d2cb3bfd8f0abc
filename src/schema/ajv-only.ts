import { schemaViolation, type Violation } from '../result.js';
import { echo } from '../util/describe-value.js';
import { escapePointerToken, fragmentPointer, pointerSegments } from '../util/json-pointer.js';
import { memberPlace as next, type Place } from './data-places.js';
import { DRAFT_07_ENGINE_INDEXED } from '../keywords/keyword-lists.js';

/**
 * Ajv-only keywords that Ajv acts on whatever its options, in every engine it builds: `nullable`
 * (OpenAPI: adds "null" to `type`, and throws at compile on `type: "null", nullable: false` or on
 * `nullable` without `type`) and `$async` (the validator returns a promise, which toolgate would read
 * as a failure and leave rejected). In Draft 2020-12, 2019-09 and draft-07 both are unknown keywords,
 * annotations that change no verdict (2020-12 Core §6.5), so they are removed from the engine's
 * private copy before compiling. The other Ajv-only keywords (`discriminator`, `$data`) act only under
 * options toolgate never sets (engine/ajv-2020.ts), and `$comment` calls nothing without Ajv's `$comment` option.
 */
export const ENGINE_ACTED_KEYWORDS: readonly string[] = ['nullable', '$async'];

/**
 * Later drafts' anchors, unknown keywords in draft-07, which Ajv's draft-07 engine still indexes: a `$ref`
 * to `#name` found an `$anchor` (draft-07 names a plain fragment with `$id` only, Core §8.3), and two equal
 * anchors made a valid schema fail to compile.
 */
export const DRAFT_07_ACTED_KEYWORDS: readonly string[] = DRAFT_07_ENGINE_INDEXED;

/**
 * Every object of a document that the engine may compile as a schema: schema positions and the values
 * of unknown keywords alike (a `$ref` can reach those), never `enum`/`const` data or the names of a map.
 */
function schemaObjects(doc: unknown): [Record<string, unknown>, string][] {
  const out: [Record<string, unknown>, string][] = [];
  const seen = new Set<object>();
  // Only objects are pushed, each with its place and pointer: a scalar has nothing to compile, and a tuple and a
  // pointer per scalar were most of what admission's pass here allocated.
  const stack: [object, Place, string][] = isNode(doc, 'schema') ? [[doc, 'schema', '']] : [];
  while (stack.length > 0) {
    const [value, place, pointer] = stack.pop()!;
    // An object met twice (a host's value may share one) is entered once.
    if (seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      const inner = place === 'names' ? 'schema' : place;
      for (let i = 0; i < value.length; i++)
        if (isNode(value[i], inner)) stack.push([value[i], inner, `${pointer}/${i}`]);
      continue;
    }
    const record = value as Record<string, unknown>;
    if (place === 'schema') out.push([record, pointer]);
    for (const key of Object.keys(record)) {
      const member = record[key];
      const inner = next(place, key);
      if (isNode(member, inner)) stack.push([member, inner, `${pointer}/${escapePointerToken(key)}`]);
    }
  }
  return out;
}

/** Whether schemaObjects enters `value` at `place`: an object or array outside `enum`/`const` data. */
function isNode(value: unknown, place: Place): value is object {
  return place !== 'data' && value !== null && typeof value === 'object';
}

/** Why a `$ref` cannot be followed once the acted keywords are gone; undefined when it can. */
function refProblem(ref: string, acted: ReadonlySet<string>): string | undefined {
  const hash = ref.indexOf('#');
  const segments = hash < 0 ? [] : pointerSegments(fragmentPointer(ref.slice(hash)));
  let place: Place = 'schema';
  for (const segment of segments ?? []) {
    if (place === 'schema' && acted.has(segment))
      return `it points into the value of "${segment}", an annotation the engine would act on`;
    place = next(place, segment);
    if (place === 'data') return 'it points into "enum" or "const" data, which the engine would compile as a schema';
  }
  return undefined;
}

/**
 * Makes `nullable` and `$async` inert in an engine's private copy of a document (see
 * ENGINE_ACTED_KEYWORDS, and `more` of them for a dialect): refusals for a `$ref` that could no longer
 * be followed exactly, otherwise removes them from every object the engine may compile. `at` gives a
 * pointer its author's location.
 */
export function inertEngineKeywords(
  doc: unknown,
  at: (pointer: string) => string,
  more: readonly string[] = [],
): Violation[] {
  const keywords = [...ENGINE_ACTED_KEYWORDS, ...more];
  const acted = new Set(keywords);
  const objects = schemaObjects(doc);
  const refused: Violation[] = [];
  for (const [node, pointer] of objects) {
    const ref = node['$ref'];
    const why = typeof ref === 'string' ? refProblem(ref, acted) : undefined;
    if (why !== undefined)
      refused.push(
        schemaViolation(
          '$ref',
          `reference ${echo(ref)} cannot be followed exactly: ${why}`,
          at(`${pointer}/$ref`),
          'not_enforceable',
        ),
      );
  }
  if (refused.length > 0) return refused;
  for (const [node] of objects) for (const key of keywords) if (Object.hasOwn(node, key)) delete node[key];
  return [];
}
