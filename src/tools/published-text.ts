// What a tool publishes to a model (its description, annotations, input schema) holds no lone surrogate: I-JSON
// refuses one (RFC 7493 §2.1), and so do model APIs (Anthropic: "no low surrogate in string"), so one tool's
// description would fail every request of a conversation. Nor a character that steers its reader unseen
// (src/util/hidden-text.ts): a control (a terminal escape), a bidi embedding, override or isolate (the text a
// reviewer sees is not the text in the order a model reads it), a tag character (instructions a model reads and no
// person sees). A control character is data in a schema's values (`enum`, `const`, `default`, `examples`: an `enum`
// of separators) and patterns (a `pattern`, a `patternProperties` key: one refusing NUL), and a bidi control too in
// a pattern (one refusing them): there only the others count. Admission (preflight) and the framework adapters
// refuse it.
import { fail, type Failure, type GateError } from '../result.js';
import { shownPlace } from '../util/describe-value.js';
import { steeringIn } from '../util/hidden-text.js';
import { hasLoneSurrogate } from '../util/jcs.js';
import { escapePointerToken } from '../util/json-pointer.js';

/** What in `text` (of a walk's `kind`) may not be published, and why; undefined when nothing. */
function problemOf(text: string, kind: Kind): readonly [what: string, why: string] | undefined {
  if (hasLoneSurrogate(text)) return ['a lone surrogate', 'not I-JSON, which model APIs refuse'];
  // A value is data, a pattern (its own or a patternProperties key) names the characters it matches.
  const steering = steeringIn(text, kind !== 'data' && kind !== 'pattern', kind !== 'pattern');
  return steering === undefined ? undefined : [steering, 'it steers what a model reads, unseen'];
}

/** Schema keywords whose value is data: a control character there is a value, not text a model is told. */
const VALUES = new Set(['enum', 'const', 'default', 'examples']);
/** Schema keywords whose value maps names (patterns, for `patternProperties`) to schemas. */
const MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies']);
/** Schema keywords whose value is a schema, or (`items` of draft-07) an array of them. */
const SUBSCHEMAS = new Set([
  'items',
  'additionalItems',
  'additionalProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'not',
  'contentSchema',
  'if',
  'then',
  'else',
]);
/** Schema keywords whose value is an array of schemas. */
const SCHEMA_ARRAYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** The published parts that are schemas. */
const SCHEMA_PARTS = new Set(['inputSchema', 'outputSchema']);

/**
 * What a value is to the walk: text (controls count), data (a schema's `enum`, `const`, `pattern`: they do not),
 * a schema (its keywords known), a map of names to schemas, or an array of schemas.
 */
type Kind = 'text' | 'data' | 'pattern' | 'schema' | 'map' | 'schemas';

/** The kind of the member `key` of a value of kind `kind` holding `value`. */
function memberKind(kind: Kind, key: string, value: unknown): Kind {
  if (kind === 'data') return 'data';
  if (kind === 'map' || kind === 'schemas') return Array.isArray(value) ? 'text' : 'schema';
  if (kind !== 'schema') return 'text';
  if (VALUES.has(key)) return 'data';
  if (key === 'pattern') return 'pattern';
  if (MAPS.has(key)) return 'map';
  if (SCHEMA_ARRAYS.has(key)) return 'schemas';
  if (SUBSCHEMAS.has(key)) return Array.isArray(value) ? 'schemas' : 'schema';
  return 'text';
}

/** Where a walk is: the value, its pointer, its kind, and the keyword of the map it is (for its keys). */
interface At {
  readonly v: unknown;
  readonly pointer: string;
  readonly kind: Kind;
  readonly map: string | undefined;
}

/** Most objects one walk enters, and members and items it reads (a listing's tool holds far fewer). */
const MAX_ENTERED = 1_000_000;
const MAX_VALUES = 5_000_000;
/** Thrown past MAX_ENTERED. */
const TOO_LARGE: Error = new Error('toolgate: published parts past the walk bound');

/**
 * The first problem of any key or string in `parts`, with its pointer. Each object is entered once for each kind it
 * is met as: a host may share one object, or make a cycle (JSON never does; a cycle ran this walk out of memory, a
 * hunt's find). A host's object is read as the host made it, getters and Proxies included (host code, as a
 * framework's reactive state is): what it yields is what gets published, so that is what is checked.
 */
function firstProblem(
  parts: Record<string, unknown>,
): { pointer: string; problem: readonly [string, string] } | undefined {
  const stack: At[] = [];
  const entered = new Map<object, Set<Kind>>();
  let values = 0;
  for (const k of Object.keys(parts)) {
    const kind: Kind = SCHEMA_PARTS.has(k) ? 'schema' : 'text';
    stack.push({ v: parts[k], pointer: `/${escapePointerToken(k)}`, kind, map: undefined });
  }
  while (stack.length > 0) {
    const { v, pointer, kind, map } = stack.pop() as At;
    if (typeof v === 'string') {
      const problem = problemOf(v, kind);
      if (problem !== undefined) return { pointer, problem };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const kinds = entered.get(v) ?? new Set<Kind>();
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    entered.set(v, kinds);
    // A getter may make a fresh object at every read, without end: the walk is bounded.
    if (entered.size > MAX_ENTERED) throw TOO_LARGE;
    if (Array.isArray(v)) {
      const item = kind === 'schemas' ? 'schema' : kind;
      // A host's array may claim any length (a Proxy's, NaN or negative too: a review's find): charged before it is
      // read, anything but a whole number of 0 or more as too many.
      const claimed = Number(v.length);
      const n = Number.isInteger(claimed) && claimed >= 0 ? Math.min(claimed, MAX_VALUES + 1) : MAX_VALUES + 1;
      values += n;
      if (values > MAX_VALUES) throw TOO_LARGE;
      for (let i = 0; i < n; i++) stack.push({ v: v[i], pointer: `${pointer}/${i}`, kind: item, map: undefined });
      continue;
    }
    const keys = Object.keys(v);
    values += keys.length;
    if (values > MAX_VALUES) throw TOO_LARGE;
    for (const k of keys) {
      const here = `${pointer}/${escapePointerToken(k)}`;
      // A key of patternProperties is a pattern (data); any other key is a name a model reads.
      const keyProblem = problemOf(k, map === 'patternProperties' ? 'pattern' : kind === 'data' ? 'data' : 'text');
      if (keyProblem !== undefined) return { pointer: here, problem: keyProblem };
      const inner = (v as Record<string, unknown>)[k];
      const innerKind = memberKind(kind, k, inner);
      stack.push({ v: inner, pointer: here, kind: innerKind, map: innerKind === 'map' ? k : undefined });
    }
  }
  return undefined;
}

/**
 * The `validation` failure of published parts (`{ description, inputSchema, ... }`) holding a lone surrogate or a
 * steering character, `prefix` before its message; undefined when none does. The violation's `params.field` names
 * the part.
 */
export function publishedTextRefusal(prefix: string, parts: Record<string, unknown>): Failure<GateError> | undefined {
  let found: ReturnType<typeof firstProblem>;
  try {
    found = firstProblem(parts);
  } catch (thrown) {
    if (thrown === TOO_LARGE)
      return publishedRefusal(
        prefix,
        '',
        `what is published is too large to read (${MAX_ENTERED} objects, ${MAX_VALUES} values)`,
      );
    // A getter or a Proxy trap of the host's threw: what would be published cannot be read, and its text is the
    // host's (withheld).
    return publishedRefusal(prefix, '', 'reading what is published threw (its text is withheld)');
  }
  if (found === undefined) return undefined;
  const [what, why] = found.problem;
  const message = `${what} at ${JSON.stringify(shownPlace(found.pointer))}: ${why}`;
  return publishedRefusal(prefix, found.pointer.split('/')[1] ?? '', message);
}

/** The `validation` failure of a published part `field` (`params.field`), `prefix` before `message`. */
export function publishedRefusal(prefix: string, field: string, message: string): Failure<GateError> {
  const violation = {
    path: '$',
    pointer: '',
    keyword: 'descriptor',
    schemaPath: '',
    code: 'descriptor_invalid' as const,
    params: { field },
    message,
  };
  return fail('validation', `${prefix}${message}`, [violation]);
}
