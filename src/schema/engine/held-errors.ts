import { _, Name, type KeywordCxt } from 'ajv';
import { chargeSteps } from '../../util/work-budget.js';
import { ERROR_APPENDING_KEYWORDS } from '../../keywords/keyword-lists.js';

/**
 * The charge for errors held inside composite keywords (`anyOf`, `oneOf`, `not`, `if`, `contains`,
 * `propertyNames`). Outside them errors stop at MAX_COLLECTED_ERRORS (error-cap.ts) and need no
 * charge; inside, they pile up until the keyword decides, and a failed validation then reads every
 * one to pick what to report (errors/branches.ts). The step keyword (step-budget.ts) charges each
 * error raised there once (HELD_ERROR); HELD_KEYWORD charges the copies of the whole list a keyword
 * may make; the in-place applicators (in-place.ts) charge the errors they collect outside the
 * generated code themselves.
 */

/**
 * Keyword name of the charge for copied errors, run after a schema object's other keywords; like
 * the step keyword, never a Draft 2020-12 keyword and removed from any schema that names it.
 */
export const HELD_KEYWORD = '$toolgate:held';

/**
 * Per error raised inside a composite keyword, charged once (about 300 ns): creating it costs little,
 * but it is kept until the keyword decides, and a failed validation then reads every one to pick
 * what to report (about 0.1-0.5 µs each).
 */
export const HELD_ERROR = 30;

/**
 * Keywords whose code only appends to Ajv's error list (one push per error, or none), applicators among them
 * (the table's `appendsErrors` column). `contains` is toolgate's (contains.ts): it pushes its subschema's errors
 * and its own, and on a pass truncates (cxt.reset); on the engine of `unevaluated*` the in-place `contains`
 * appends the same way (in-place.ts, emitCheck). Any other keyword may replace the list by a copy
 * (`vErrors.concat`): a `$ref` to a function compiled on its own, a keyword given by a function (uniqueItems,
 * multipleOf, unevaluated*); those get HELD_KEYWORD inside composite keywords.
 */
const APPEND_ONLY = new Set(ERROR_APPENDING_KEYWORDS);

/** May a keyword of `node` replace the error list by a copy? Annotations generate no code. */
export const mayCopy = (node: Record<string, unknown>, isAnnotation: (keyword: string) => boolean): boolean =>
  Object.keys(node).some((k) => !isAnnotation(k) && !APPEND_ONLY.has(k));

// The local variables every function Ajv generates keeps its error count and list in.
const N = { errors: new Name('errors'), vErrors: new Name('vErrors') };

// Per generated function, the variable holding its error count when a step was last charged.
const seenNames = new WeakMap<object, Name>();

/**
 * The variable of the function being generated that holds its error count at the last charge inside
 * a composite keyword: each step there charges the errors raised since (HELD_ERROR each), so a
 * failing `contains` over n items pays for n errors, not n²/2. Declared `var` without a value, so a
 * declaration inside a loop resets nothing; undefined at first (no error before it is charged: those
 * were raised outside composite keywords, where they are capped).
 */
export function seenErrors(cxt: KeywordCxt): Name {
  let name = seenNames.get(cxt.gen);
  if (name === undefined) {
    name = cxt.gen.var('seen');
    seenNames.set(cxt.gen, name);
  }
  return name;
}

/** The charge of the step keyword for the errors raised since `seen`: code of a number. */
export const heldCharge = (seen: Name) => _`(${N.errors} > ${seen} ? (${N.errors} - ${seen}) * ${HELD_ERROR} : 0)`;

/** After the charge: the errors raised so far are paid for. */
export function markSeen(cxt: KeywordCxt, seen: Name): void {
  cxt.gen.assign(seen, N.errors);
}

// The variable holding the error list as it was before a schema object's keywords ran, by schema context.
const heldLists = new WeakMap<object, Name>();

/**
 * Inside a composite keyword errors pile up until it decides. Appending one costs about what the
 * step charge of the schema object that raised it pays, but a keyword that replaces the list by a
 * copy (see APPEND_ONLY) pays for every error held: a failing `contains` over n items that calls a
 * recursive definition copies n²/2 errors. So the schema objects that may copy (those marked with
 * HELD_KEYWORD) note the list before their keywords run (from the step keyword) and, when it is
 * another list after (heldCode), are charged its length; an object that only appended, as most
 * items of a failing `contains` do, is charged nothing more.
 */
export function heldSetup(cxt: KeywordCxt): void {
  const { gen, it, parentSchema } = cxt;
  if (it.compositeRule === true && (parentSchema as Record<string, unknown>)[HELD_KEYWORD] === true)
    heldLists.set(it, gen.var('held', N.vErrors));
}

/** The code of HELD_KEYWORD: charges the length of a list that replaced the one noted by heldSetup. */
export function heldCode(cxt: KeywordCxt): void {
  const { gen, it } = cxt;
  const held = heldLists.get(it);
  if (held === undefined) return;
  const charge = gen.scopeValue('keyword', { ref: chargeSteps });
  gen.if(_`${N.vErrors} !== ${held} && ${N.vErrors} !== null`, () => gen.code(_`${charge}(${N.vErrors}.length)`));
}
