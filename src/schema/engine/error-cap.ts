import { _, Name, type KeywordCxt } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { MAX_COLLECTED_ERRORS } from '../../util/limits.js';
import { workBudget } from '../../util/work-budget.js';

/**
 * The cap on collected errors across validator functions. Outside composite keywords (`anyOf`,
 * `oneOf`, `not`, `if`, `contains`, `propertyNames`) an error can no longer be withdrawn, so once
 * MAX_COLLECTED_ERRORS are recorded the validation is certain to fail and stops (step-budget.ts).
 * Ajv keeps the error count of each generated function in a local variable, and a `$ref` target it
 * compiles on its own (a recursive definition) starts from zero: a recursion that fails 50 ways at
 * each of 62 levels would collect 3,162 errors, each level below its own cap, and picking the closest
 * branch of each failed `anyOf` among them then costs more than the validation. So each function
 * stops at `cap` errors of its own: MAX_COLLECTED_ERRORS less the errors final in its callers, or
 * COMPOSITE_CAP when a call above it sits inside a composite keyword (its errors could still be
 * withdrawn, so only its own cap holds). The step keyword of a node holding a `$ref` pushes the
 * caller's cap and sets the callee's; CALL_KEYWORD, run after the node's other keywords, restores it.
 * A function that stops early skips the restores of the nodes it is in; what is left over counts
 * errors that are final anyway, so a validation can only stop sooner, once at least
 * MAX_COLLECTED_ERRORS are recorded, never with another verdict.
 */

/** Keyword name of the restore after a `$ref` call; never a Draft 2020-12 keyword. */
export const CALL_KEYWORD = '$toolgate:call';

/** The cap of a function called inside a composite keyword: its own errors only (not an integer: a mark). */
const COMPOSITE_CAP = MAX_COLLECTED_ERRORS + 0.5;

const ERRORS = new Name('errors');
const V_ERRORS = new Name('vErrors');

/** Does the engine call another function here? (Core §8.2.3; linking makes `$dynamicRef` a `$ref`.) */
export const callsOut = (node: Record<string, unknown>): boolean => typeof node['$ref'] === 'string';

/**
 * Emits, in the step keyword of a schema object: stop the validation when the errors here reach the
 * function's cap; and, before a `$ref` call, the callee's cap.
 */
export function capCode(cxt: KeywordCxt): void {
  const { gen, it, parentSchema } = cxt;
  const b = gen.scopeValue('keyword', { ref: workBudget });
  if (it.compositeRule !== true)
    gen.if(_`${ERRORS} >= ${b}.cap`, () => {
      gen.assign(_`${it.validateName}.errors`, V_ERRORS);
      gen.return(false);
    });
  if (callsOut(parentSchema as Record<string, unknown>)) {
    gen.code(_`${b}.calls.push(${b}.cap)`);
    gen.assign(
      _`${b}.cap`,
      it.compositeRule === true
        ? _`${COMPOSITE_CAP}`
        : _`${b}.cap === ${COMPOSITE_CAP} ? ${COMPOSITE_CAP} : ${b}.cap - ${ERRORS}`,
    );
  }
}

/** Installs CALL_KEYWORD: after the other keywords of a schema object that calls out, the caller's cap again. */
export function installErrorCap(ajv: Pick<Ajv2020, 'addKeyword'>): void {
  ajv.addKeyword({
    keyword: CALL_KEYWORD,
    schemaType: 'boolean',
    post: true,
    code(cxt: KeywordCxt) {
      const b = cxt.gen.scopeValue('keyword', { ref: workBudget });
      cxt.gen.assign(_`${b}.cap`, _`${b}.calls.pop() ?? ${MAX_COLLECTED_ERRORS}`);
    },
  });
}
