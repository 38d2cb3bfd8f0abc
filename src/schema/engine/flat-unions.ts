import { _, Name, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { alwaysValidSchema } from 'ajv/dist/compile/util.js';

/**
 * `anyOf` (Core §10.2.1.2) and `oneOf` (Core §10.2.1.3) generated as flat code. Without
 * evaluated-location tracking (toolgate turns Ajv's `unevaluated` option off on every engine: 2020-12
 * tracks annotations itself, 2019-09's `unevaluated*` is refused), Ajv short-circuits a union by
 * opening one more nested block per branch and closing them all at the end: 2,000 branches nest
 * 2,000 blocks, which V8 cannot parse (the first call overflows the stack, so such a schema was
 * refused at admission). Here each branch gets its own block, entered
 * while the search goes on: same branches run, same errors, same verdict, nesting depth one. `oneOf`
 * nests in Ajv whatever the options and is always generated here; were tracking on, `anyOf` would run
 * Ajv's own code, which then merges every branch rather than nesting.
 */

type Code = CodeKeywordDefinition['code'];

const anyOfCode =
  (ajvCode: Code) =>
  (cxt: KeywordCxt): void => {
    const { gen, schema, it } = cxt;
    if (it.opts.unevaluated) {
      ajvCode(cxt, 'anyOf');
      return;
    }
    const branches = schema as unknown[];
    // Core §10.2.1.2: one branch that always holds makes the whole keyword hold.
    if (branches.some((branch) => alwaysValidSchema(it, branch as never))) return;
    const valid = gen.let('valid', false);
    const branchValid = gen.name('_valid');
    branches.forEach((_branch, i) => {
      if (i > 0) gen.if(_`!${valid}`);
      cxt.subschema({ keyword: 'anyOf', schemaProp: i, compositeRule: true }, branchValid);
      gen.assign(valid, _`${valid} || ${branchValid}`);
      if (i > 0) gen.endIf();
    });
    cxt.result(
      valid,
      () => cxt.reset(),
      () => cxt.error(true),
    );
  };

const oneOfCode =
  (ajvCode: Code) =>
  (cxt: KeywordCxt): void => {
    const { gen, schema, parentSchema, it } = cxt;
    if (it.opts.discriminator && parentSchema.discriminator) {
      ajvCode(cxt, 'oneOf');
      return;
    }
    const valid = gen.let('valid', false);
    const passing = gen.let('passing', null);
    // Set once a second branch passes: the verdict is then known and no further branch runs (as in Ajv).
    const decided = gen.let('decided', false);
    const branchValid = gen.name('_valid');
    cxt.setParams({ passing });
    (schema as unknown[]).forEach((branch, i) => {
      if (i > 0) gen.if(_`!${decided}`);
      const branchCxt = alwaysValidSchema(it, branch as never)
        ? undefined
        : cxt.subschema({ keyword: 'oneOf', schemaProp: i, compositeRule: true }, branchValid);
      if (branchCxt === undefined) gen.var(branchValid, true);
      gen.if(_`${branchValid} && ${valid}`);
      gen.assign(valid, false);
      gen.assign(passing, _`[${passing}, ${i}]`);
      gen.assign(decided, true);
      gen.elseIf(branchValid);
      gen.assign(valid, true);
      gen.assign(passing, i);
      // Were evaluated tracking on, the passing branch's locations would count (as in Ajv).
      if (branchCxt !== undefined) cxt.mergeEvaluated(branchCxt, Name);
      gen.endIf();
      if (i > 0) gen.endIf();
    });
    cxt.result(
      valid,
      () => cxt.reset(),
      () => cxt.error(true),
    );
  };

/** Replaces Ajv's `anyOf` and `oneOf` with the flat versions above (error keywords and params unchanged). */
export function installFlatUnions(ajv: Pick<Ajv2020, 'getKeyword' | 'removeKeyword' | 'addKeyword'>): void {
  for (const [keyword, flat] of [
    ['anyOf', anyOfCode],
    ['oneOf', oneOfCode],
  ] as const) {
    const own = ajv.getKeyword(keyword);
    if (typeof own !== 'object' || !('code' in own) || own.code === undefined)
      throw new Error(`Ajv has no ${keyword} code`);
    // Back in its place among the applicators, before `allOf`, so errors come in Ajv's order.
    const before = ajv.getKeyword('allOf') === false ? {} : { before: 'allOf' };
    const definition = { ...(own as CodeKeywordDefinition), keyword, code: flat(own.code), ...before };
    ajv.removeKeyword(keyword);
    ajv.addKeyword(definition);
  }
}
