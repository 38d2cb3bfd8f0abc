import { _, str, type KeywordCxt, type KeywordErrorDefinition, type Name } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { alwaysValidSchema, Type } from 'ajv/dist/compile/util.js';

/**
 * `contains` (Core §10.3.1.3) with `minContains`/`maxContains` (Validation §6.4.4, §6.4.5) where the
 * dialect has them. Ajv's code for the plain case (no bounds) keeps its verdict in the subschema's own
 * result variable, which the generated code declares with `var`: inside a per-element loop (`items`,
 * `additionalProperties`, a `$ref`'d definition applied per item...) an empty array never enters the
 * inner loop, so it inherits the verdict of the previous element and `[[1], []]` passes
 * `{"items": {"contains": {...}}}`. Here the verdict is a `let` reset to its start value on every
 * application; the subschema runs, errors and breaks as in Ajv.
 */

const CONTAINS_ERROR: KeywordErrorDefinition = {
  message: ({ params: { min, max } }) =>
    max === undefined
      ? str`must contain at least ${min} valid item(s)`
      : str`must contain at least ${min} and no more than ${max} valid item(s)`,
  params: ({ params: { min, max } }) =>
    max === undefined ? _`{minContains: ${min}}` : _`{minContains: ${min}, maxContains: ${max}}`,
};

function containsCode(cxt: KeywordCxt): void {
  const { gen, schema, parentSchema, data, it } = cxt;
  // draft-07 has no minContains/maxContains (Ajv's `next` option marks 2019-09 and 2020-12).
  const next = it.opts.next === true;
  const min: number = next && typeof parentSchema.minContains === 'number' ? parentSchema.minContains : 1;
  const max: number | undefined =
    next && typeof parentSchema.maxContains === 'number' ? parentSchema.maxContains : undefined;
  cxt.setParams({ min, max });
  // Validation §6.4.5: minContains 0 without a maximum accepts every array.
  if (max === undefined && min === 0) return;
  if (max !== undefined && min > max) {
    cxt.fail();
    return;
  }
  const len = gen.const('len', _`${data}.length`);
  if (alwaysValidSchema(it, schema)) {
    cxt.pass(max === undefined ? _`${len} >= ${min}` : _`${len} >= ${min} && ${len} <= ${max}`);
    return;
  }
  // Ajv's evaluated-item tracking (2019-09 with `unevaluated*`): contains may evaluate any item.
  it.items = true;
  const valid = gen.let('valid', min === 0);
  const itemValid = gen.name('_valid');
  const count = gen.let('count', 0);
  const eachItem = (): void => {
    gen.forRange('i', 0, len, (i: Name) => {
      cxt.subschema({ keyword: 'contains', dataProp: i, dataPropType: Type.Num, compositeRule: true }, itemValid);
      gen.if(itemValid, () => {
        gen.code(_`${count}++`);
        if (max === undefined) gen.if(_`${count} >= ${min}`, () => gen.assign(valid, true).break());
        else {
          gen.if(_`${count} > ${max}`, () => gen.assign(valid, false).break());
          gen.assign(valid, _`${count} >= ${min}`);
        }
      });
    });
  };
  if (min === 0) gen.if(_`${len} > 0`, eachItem);
  else eachItem();
  cxt.result(valid, () => cxt.reset());
}

/** Replaces Ajv's `contains` with the version above (same error keyword, params and message). */
export function installContains(ajv: Pick<Ajv2020, 'removeKeyword' | 'addKeyword'>): void {
  ajv.removeKeyword('contains');
  ajv.addKeyword({
    keyword: 'contains',
    type: 'array',
    schemaType: ['object', 'boolean'],
    trackErrors: true,
    code: containsCode,
    error: CONTAINS_ERROR,
  });
}
