import { _, str, type KeywordCxt, type KeywordErrorDefinition, type Name } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { alwaysValidSchema } from 'ajv/dist/compile/util.js';

/**
 * `not` (Core §10.2.1.4) and `if`/`then`/`else` (Core §10.2.2) with their subschemas compiled in
 * all-errors mode. Ajv compiles the `not` and `if` subschemas in its first-error mode, the one
 * mode toolgate's engines never otherwise use, and several keywords generate wrong code there:
 * `required` and `dependentRequired` never report a missing property named "" (the name is the
 * falsy value of the test expression), and `contains` (with `minContains`/`maxContains`) is skipped
 * when `prefixItems` leaves its result unset on a shorter array. Running these subschemas in the
 * same mode as every other subschema fixes that family at its cause. No errors are created inside
 * them (as in Ajv), so the extra cost is evaluating the remaining keywords of a failing subschema.
 */

const NOT_ERROR = { message: 'must NOT be valid' };

const IF_ERROR: KeywordErrorDefinition = {
  message: ({ params }) => str`must match "${params['ifClause'] ?? ''}" schema`,
  params: ({ params }) => _`{failingKeyword: ${params['ifClause'] ?? ''}}`,
};

function notCode(cxt: KeywordCxt): void {
  const { gen, schema, it } = cxt;
  if (alwaysValidSchema(it, schema)) {
    cxt.fail();
    return;
  }
  const valid = gen.name('valid');
  cxt.subschema({ keyword: 'not', compositeRule: true, createErrors: false, allErrors: true }, valid);
  cxt.failResult(
    valid,
    () => cxt.reset(),
    () => cxt.error(),
  );
}

function present(cxt: KeywordCxt, keyword: 'then' | 'else'): boolean {
  const sub = cxt.parentSchema[keyword];
  return sub !== undefined && !alwaysValidSchema(cxt.it, sub);
}

function ifCode(cxt: KeywordCxt): void {
  const { gen } = cxt;
  const hasThen = present(cxt, 'then');
  const hasElse = present(cxt, 'else');
  // Core §10.2.2.1: without `then` and `else`, `if` only produces annotations.
  if (!hasThen && !hasElse) return;
  const valid = gen.let('valid', true);
  const ifValid = gen.name('_valid');
  const ifCxt = cxt.subschema({ keyword: 'if', compositeRule: true, createErrors: false, allErrors: true }, ifValid);
  cxt.mergeEvaluated(ifCxt);
  cxt.reset();
  const clause =
    (keyword: 'then' | 'else', ifClause?: Name): (() => void) =>
    () => {
      const sub = cxt.subschema({ keyword }, ifValid);
      gen.assign(valid, ifValid);
      cxt.mergeValidEvaluated(sub, valid);
      if (ifClause !== undefined) gen.assign(ifClause, _`${keyword}`);
      else cxt.setParams({ ifClause: keyword });
    };
  if (hasThen && hasElse) {
    const ifClause = gen.let('ifClause');
    cxt.setParams({ ifClause });
    gen.if(ifValid, clause('then', ifClause), clause('else', ifClause));
  } else if (hasThen) gen.if(ifValid, clause('then'));
  else gen.if(_`!${ifValid}`, clause('else'));
  cxt.pass(valid, () => cxt.error(true));
}

/** Replaces Ajv's `not` and `if` with the all-errors versions above (error keywords and params unchanged). */
export function installNotAndIf(ajv: Pick<Ajv2020, 'removeKeyword' | 'addKeyword'>): void {
  ajv.removeKeyword('not');
  ajv.addKeyword({
    keyword: 'not',
    schemaType: ['object', 'boolean'],
    trackErrors: true,
    code: notCode,
    error: NOT_ERROR,
  });
  ajv.removeKeyword('if');
  ajv.addKeyword({
    keyword: 'if',
    schemaType: ['object', 'boolean'],
    trackErrors: true,
    code: ifCode,
    error: IF_ERROR,
  });
}
