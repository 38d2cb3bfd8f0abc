import { _, type KeywordCxt } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { followPointer, splitFragment } from '../references.js';
import { isObject } from '../../util/plain-json.js';
import { WORK_STOP, workBudget } from '../../util/work-budget.js';
import { CALL_KEYWORD, callsOut, capCode, installErrorCap } from './error-cap.js';
import { APPLYING_KEYWORDS, keywordsWeighing } from '../../keywords/keyword-lists.js';
import {
  HELD_ERROR,
  HELD_KEYWORD,
  heldCharge,
  heldCode,
  heldSetup,
  markSeen,
  mayCopy,
  seenErrors,
} from './held-errors.js';
import { heldNameLists, heldSubschemas } from '../held-subschemas.js';

/**
 * A deterministic bound on the work of one validation. Ajv's generated code runs to the end once
 * started, and hostile schemas can make that end far away: wide `anyOf` over many items, `enum`s
 * of 100,000 members over 10,000 items, `patternProperties` × keys. Each schema object the engine
 * applies carries a step keyword (instrumentSteps) whose code charges the call's budget before the
 * object's other keywords run, by a weight fixed at compile time from the object's own keywords plus
 * what depends on the value (string length, object keys); past `maxValidationSteps` the validation
 * stops and the call is `execution_failure`. The weights are in units of roughly 10 ns of engine work
 * on an optimised validator (bench/adversarial.ts checks the outcome); generated functions too large
 * for V8 to optimise are charged more (slowness), and inside composite keywords each copy Ajv makes
 * of the errors held so far is charged their number (held-errors.ts). A boolean subschema has no step
 * keyword of its own, so the object holding it pays for it (a hunt's find: see ../held-subschemas.ts).
 *
 * The same keyword ends a validation early once it is certain to fail: at a place outside every
 * composite keyword (`anyOf`, `oneOf`, `not`, `if`, `contains`, `propertyNames`), an error already
 * recorded can no longer be withdrawn, so once MAX_COLLECTED_ERRORS are recorded the validator returns
 * false with what it has. The verdict is unchanged; only the list of violations is cut short.
 */

/** Keyword name of the step charge; never a Draft 2020-12 keyword, removed from any schema that names it. */
export const STEP_KEYWORD = '$toolgate:step';
// The budget of the call in progress (util/work-budget.ts): validation is synchronous, so one is active at a time.
const budget = workBudget;
const STOP = WORK_STOP;
/** Charged per application of any schema object. */
const BASE = 3;

/** Keywords that cost nothing to apply: the core vocabulary but its references, the meta-data, toolgate's own. */
const ANNOTATIONS = new Set([...keywordsWeighing('free'), STEP_KEYWORD, HELD_KEYWORD, CALL_KEYWORD]);
const isAnnotation = (k: string): boolean => ANNOTATIONS.has(k);
const STRING_KEYWORDS = keywordsWeighing('per-char');
/** Charged per key of an object (and per pattern of `patternProperties` beside them), per item of an array. */
const PER_KEY = keywordsWeighing('per-key');
const PER_KEY_AND_PATTERN = keywordsWeighing('per-key-and-pattern');
const PER_ITEM = keywordsWeighing('per-item');
/**
 * Per character of the string a `format` checks, when asserted (measured on valid and invalid
 * strings of 30-2,000 characters): the IDNA-based checks take about 0.5 µs a character.
 */
const FORMAT_PER_CHAR: Readonly<Record<string, number>> = {
  hostname: 60,
  'idn-hostname': 60,
  'idn-email': 60,
  email: 30,
};
const FORMAT_PER_CHAR_OTHERS = 4;
/** Calling a format checker at all: about 2 µs with its error. */
const FORMAT_FIXED = 200;
/** Keywords whose value holds only subschemas (their structure is no code of its own). */
const SUBSCHEMA_ONLY = new Set(APPLYING_KEYWORDS);

/**
 * What comparing a value against `enum`/`const` data can cost, in steps: 5 a node, 15 more a
 * container (Ajv's deep equality lists the keys of both sides; measured about 150 ns for `{"k":1}`).
 */
function comparisonCost(value: unknown): number {
  let n = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    n += 5;
    if (Array.isArray(v)) {
      n += 15;
      // One push a member: a spread of a 200,000-member array overflows the call stack.
      for (const member of v) stack.push(member);
    } else if (isObject(v)) {
      n += 15;
      for (const k of Object.keys(v)) stack.push(v[k]);
    }
  }
  return n;
}

/** What one application of `schema` costs whatever the value, and its value-dependent factors. */
function weightsOf(schema: Record<string, unknown>): {
  fixed: number;
  perChar: number;
  perKey: number;
  perItem: number;
} {
  // The members of a map or positional list are tested per application (`properties` was charged so alone); a
  // `false` subschema is charged as a schema object would be, and as a member for the error it may raise; a `true`
  // as an empty `{}`, but in `oneOf` (held-subschemas.ts). A list of names (`dependentRequired`, draft-07
  // `dependencies`) tests its property and each name.
  const held = heldSubschemas(schema);
  const lists = heldNameLists(schema);
  let fixed = BASE + held.entries + BASE * (held.falses + held.oneOfTrues) + HELD_ERROR * held.falseEntries;
  fixed += lists.lists + lists.names;
  for (const k of Object.keys(schema)) {
    if (ANNOTATIONS.has(k)) continue;
    const v = schema[k];
    if (k === 'required' && Array.isArray(v)) fixed += v.length;
    else if (k === 'enum' || k === 'const') fixed += comparisonCost(v);
    else if (k === 'format') fixed += FORMAT_FIXED;
  }
  const format = schema['format'];
  const perChar =
    STRING_KEYWORDS.filter((k) => Object.hasOwn(schema, k)).length +
    (typeof format !== 'string'
      ? 0
      : Object.hasOwn(FORMAT_PER_CHAR, format)
        ? FORMAT_PER_CHAR[format]!
        : FORMAT_PER_CHAR_OTHERS);
  const patterns = isObject(schema['patternProperties']) ? Object.keys(schema['patternProperties']).length : 0;
  let perKey = patterns;
  for (const k of PER_KEY_AND_PATTERN) if (Object.hasOwn(schema, k)) perKey += 1 + patterns;
  for (const k of PER_KEY) if (Object.hasOwn(schema, k)) perKey += 1;
  const perItem = PER_ITEM.filter((k) => Object.hasOwn(schema, k)).length * 4;
  return { fixed, perChar, perKey, perItem };
}

/** Inline size that V8 still optimises: above it a generated function runs interpreted, far slower. */
const FAST_FUNCTION_SIZE = 300;
const functionSizes = new WeakMap<object, number>();

/**
 * Roughly how much code the function Ajv generates for `root` holds: every schema object and keyword
 * it compiles inline (subschemas, and `$ref` targets without references of their own, which Ajv
 * inlines), lists unrolled up to Ajv's 200. Measured: an `anyOf` of 300 `const` branches costs 3.5
 * times as much per branch as one of 100, 9,000 branches 30 times.
 */
function inlineSize(root: unknown, document: unknown): number {
  let size = 0;
  const stack: unknown[] = [root];
  const seen = new Set<unknown>();
  while (stack.length > 0 && size < 1_000_000) {
    const node = stack.pop();
    // A `false` subschema is code in the function too (a hunt's find: 9,000 `false` ran interpreted at 1x); a `true`
    // is none, as an empty `{}`, but in `oneOf` (counted below).
    if (node === false) size++;
    if (!isObject(node) || seen.has(node)) continue;
    seen.add(node);
    // Ajv unrolls every list of names, however long (a hunt's find: 8,000 ran interpreted at 1x).
    const lists = heldNameLists(node);
    size += lists.lists + lists.names;
    for (const k of Object.keys(node)) {
      if (ANNOTATIONS.has(k)) continue;
      const v = node[k];
      size++;
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#')) {
        const target = followPointer(document, splitFragment(v).fragment);
        if (isObject(target) && !JSON.stringify(target).includes('"$ref"')) stack.push(target);
      } else if (k === 'enum' || k === 'const' || k === 'required')
        size += Math.min(Array.isArray(v) ? v.length : 1, 200);
      else if (SUBSCHEMA_ONLY.has(k)) {
        if (Array.isArray(v))
          for (const member of v) {
            stack.push(member);
            if (k === 'oneOf' && member === true) size++;
          }
        else if (isObject(v) && (k === 'properties' || k === 'patternProperties' || k === 'dependentSchemas'))
          for (const name of Object.keys(v)) stack.push(v[name]);
        else stack.push(v);
      }
    }
  }
  return size;
}

/** The cost multiplier of steps charged inside the function Ajv generates for `it`'s schema env. */
function slowness(it: KeywordCxt['it']): number {
  const env = it.schemaEnv as { schema: unknown; root?: { schema: unknown } };
  const key = isObject(env.schema) ? env.schema : undefined;
  if (key === undefined) return 1;
  let size = functionSizes.get(key);
  if (size === undefined) {
    size = inlineSize(env.schema, env.root?.schema ?? env.schema);
    functionSizes.set(key, size);
  }
  // Rounded up: a function just past the size already runs interpreted (an allOf of 580 `minimum`
  // cost about 40 ns a step charged at 1x, past the 50 ms promise).
  return Math.max(1, Math.ceil(size / FAST_FUNCTION_SIZE));
}

/** Marks the budget as passed and ends the validation; called from the generated code. */
function trip(): never {
  budget.tripped = true;
  throw STOP;
}

function stepCode(cxt: KeywordCxt): void {
  const { gen, it, data, parentSchema } = cxt;
  const b = gen.scopeValue('keyword', { ref: budget });
  const stop = gen.scopeValue('keyword', { ref: trip });
  const w = weightsOf(parentSchema as Record<string, unknown>);
  heldSetup(cxt);
  const fixed = w.fixed * slowness(it);
  const seen = it.compositeRule === true ? seenErrors(cxt) : undefined;
  const charge = seen === undefined ? _`${fixed}` : _`${fixed} + ${heldCharge(seen)}`;
  // One statement when nothing depends on the value: generated functions stay small (V8 compiles a
  // large one slowly, on a background thread whose time counts too).
  const hasValueCharge = w.perChar > 0 || w.perKey > 0 || w.perItem > 0;
  if (!hasValueCharge) gen.if(_`(${b}.n += ${charge}) > ${b}.max`, () => gen.code(_`${stop}()`));
  else {
    gen.code(_`${b}.n += ${charge}`);
    if (w.perChar > 0)
      gen.if(_`typeof ${data} == "string"`, () => gen.code(_`${b}.n += ${data}.length * ${w.perChar}`));
    if (w.perKey > 0)
      gen.if(_`${data} && typeof ${data} == "object" && !Array.isArray(${data})`, () =>
        gen.forIn('k', data, (k) => gen.code(_`${b}.n += (1 + (${k}.length >> 3)) * ${w.perKey}`)),
      );
    if (w.perItem > 0) gen.if(_`Array.isArray(${data})`, () => gen.code(_`${b}.n += ${data}.length * ${w.perItem}`));
    gen.if(_`${b}.n > ${b}.max`, () => gen.code(_`${stop}()`));
  }
  if (seen !== undefined) markSeen(cxt, seen);
  // Outside composite keywords a recorded error is final (see above): stop collecting past the cap,
  // counting the final errors of the callers too (error-cap.ts).
  capCode(cxt);
}

/** Installs the step keyword (see STEP_KEYWORD) and the error cap's restore keyword on an engine. */
export function installStepBudget(ajv: Pick<Ajv2020, 'addKeyword'>): void {
  // First among the keywords of no particular type, so the charge precedes `$ref`, `enum`, `allOf`….
  ajv.addKeyword({ keyword: STEP_KEYWORD, schemaType: 'boolean', code: stepCode, before: '$ref' });
  ajv.addKeyword({ keyword: HELD_KEYWORD, schemaType: 'boolean', code: heldCode, post: true });
  installErrorCap(ajv);
}

/**
 * Marks every schema object in `nodes` that the engine would generate code for (any keyword but
 * annotations) with the step keyword, those that may copy the error list with HELD_KEYWORD, and
 * removes both from the others: a schema's own "$toolgate:step" is an unknown keyword, an
 * annotation, and never reaches the engine as written.
 */
export function instrumentSteps(nodes: Iterable<object>): void {
  const mark = (n: Record<string, unknown>, k: string): void => {
    Object.defineProperty(n, k, { value: true, enumerable: true, writable: true, configurable: true });
  };
  for (const node of nodes) {
    const n = node as Record<string, unknown>;
    for (const k of [STEP_KEYWORD, HELD_KEYWORD, CALL_KEYWORD]) if (Object.hasOwn(n, k)) delete n[k];
    if (Object.keys(n).some((k) => !ANNOTATIONS.has(k))) mark(n, STEP_KEYWORD);
    if (mayCopy(n, isAnnotation)) mark(n, HELD_KEYWORD);
    if (callsOut(n)) mark(n, CALL_KEYWORD);
  }
}
