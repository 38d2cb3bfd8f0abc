import type { ErrorObject } from 'ajv';
import { _, Name, type Ajv2020, type KeywordCxt } from 'ajv/dist/2020.js';
import { strConcat } from 'ajv/dist/compile/codegen/index.js';
import { applySubschema, itemContext, schemaPathOf, siteOf, type CallContext, type Site } from './annotation-run.js';
import { HELD_ERROR } from './held-errors.js';
import { chargeSteps } from '../../util/work-budget.js';

/**
 * `anyOf`, `oneOf`, `if`/`then`/`else` and `contains` for documents that use `unevaluated*`,
 * installed in place of Ajv's on their private engine. They give Ajv's verdicts and errors, but
 * apply each subschema through annotation-run.ts, so the annotation walk of `unevaluated*`, which
 * must know which of these subschemas validated (Core §7.7.1, §10.2), reads the same results
 * instead of validating the subtree below again: without this, every level of a recursive
 * schema validates everything beneath it twice, and the cost doubles per level.
 */

/** What a keyword adds to Ajv's error list for one value: nothing when it holds. */
type Check = (data: unknown, cxt: CallContext, propertyName: string | undefined) => ErrorObject[] | null;

// Names of Ajv's generated code (the `names` module of Ajv's compiler), made here so no CommonJS default is imported.
const N = {
  vErrors: new Name('vErrors'),
  errors: new Name('errors'),
  instancePath: new Name('instancePath'),
  rootData: new Name('rootData'),
  dynamicAnchors: new Name('dynamicAnchors'),
};

/** The error object Ajv's own keyword would report. */
function errorAt(
  cxt: CallContext,
  schemaPath: string,
  keyword: string,
  params: Record<string, unknown>,
  message: string,
): ErrorObject {
  return { instancePath: cxt.instancePath, schemaPath, keyword, params, message };
}

/** Inside `propertyNames` Ajv marks every error with the name it checked; so do these keywords. */
function named(errors: ErrorObject[], propertyName: string | undefined): ErrorObject[] {
  if (propertyName === undefined) return errors;
  return errors.map((e) => ((e as { propertyName?: unknown }).propertyName === undefined ? { ...e, propertyName } : e));
}

/**
 * Appends without spreading (a list of errors can be longer than a call's argument limit), charging
 * each error held (HELD_ERROR, held-errors.ts): these lists live outside the generated code, where
 * the step keyword never sees them, and a failing `contains` over 10,000 items that each fail 40
 * ways would otherwise collect 400,000 errors uncharged.
 */
function append(into: ErrorObject[], from: readonly ErrorObject[]): void {
  chargeSteps(from.length * HELD_ERROR);
  for (const e of from) into.push(e);
}

type Factory = (ajv: Ajv2020, site: Site, node: Record<string, unknown>) => Check;

const branchesOf = (site: Site, node: Record<string, unknown>, keyword: string): string[] =>
  (node[keyword] as unknown[]).map((_, i) => `${site.pointer}/${keyword}/${i}`);

const anyOf: Factory = (ajv, site, node) => {
  const branches = branchesOf(site, node, 'anyOf');
  const schemaPath = schemaPathOf(`${site.pointer}/anyOf`);
  return (data, cxt, name) => {
    const errors: ErrorObject[] = [];
    for (const branch of branches) {
      const got = applySubschema(ajv, site.doc, branch, data, cxt);
      if (got.valid) return null;
      append(errors, got.errors);
    }
    errors.push(errorAt(cxt, schemaPath, 'anyOf', {}, 'must match a schema in anyOf'));
    return named(errors, name);
  };
};

const oneOf: Factory = (ajv, site, node) => {
  const branches = branchesOf(site, node, 'oneOf');
  const schemaPath = schemaPathOf(`${site.pointer}/oneOf`);
  return (data, cxt, name) => {
    const errors: ErrorObject[] = [];
    let first: number | undefined;
    let second: number | undefined;
    // Like Ajv, stop at the second branch that validates: the verdict is known.
    for (let i = 0; i < branches.length && second === undefined; i++) {
      const got = applySubschema(ajv, site.doc, branches[i]!, data, cxt);
      if (!got.valid) append(errors, got.errors);
      else if (first === undefined) first = i;
      else second = i;
    }
    if (first !== undefined && second === undefined) return null;
    const passingSchemas = first === undefined ? null : [first, second];
    errors.push(errorAt(cxt, schemaPath, 'oneOf', { passingSchemas }, 'must match exactly one schema in oneOf'));
    return named(errors, name);
  };
};

const ifThenElse: Factory = (ajv, site, node) => {
  const condition = `${site.pointer}/if`;
  const schemaPath = schemaPathOf(condition);
  const clauses = new Map([
    ['then', `${site.pointer}/then`],
    ['else', `${site.pointer}/else`],
  ]);
  return (data, cxt, name) => {
    // Core §10.2.2: without `then` and `else`, `if` asserts nothing (its annotations are unevaluated.ts's).
    if (node['then'] === undefined && node['else'] === undefined) return null;
    const clause = applySubschema(ajv, site.doc, condition, data, cxt).valid ? 'then' : 'else';
    if (node[clause] === undefined) return null;
    const got = applySubschema(ajv, site.doc, clauses.get(clause)!, data, cxt);
    if (got.valid) return null;
    const errors: ErrorObject[] = [];
    append(errors, got.errors);
    errors.push(errorAt(cxt, schemaPath, 'if', { failingKeyword: clause }, `must match "${clause}" schema`));
    return named(errors, name);
  };
};

const contains: Factory = (ajv, site, node) => {
  // Validation §6.4.4, §6.4.5: minContains defaults to 1; minContains 0 lets any array pass.
  const min = typeof node['minContains'] === 'number' ? node['minContains'] : 1;
  const max = typeof node['maxContains'] === 'number' ? node['maxContains'] : undefined;
  const subschema = `${site.pointer}/contains`;
  const schemaPath = schemaPathOf(subschema);
  const params = max === undefined ? { minContains: min } : { minContains: min, maxContains: max };
  const message =
    max === undefined
      ? `must contain at least ${min} valid item(s)`
      : `must contain at least ${min} and no more than ${max} valid item(s)`;
  return (data, cxt, name) => {
    if (max === undefined && min === 0) return null;
    if (max !== undefined && min > max) return named([errorAt(cxt, schemaPath, 'contains', params, message)], name);
    const items = data as unknown[];
    const errors: ErrorObject[] = [];
    let count = 0;
    for (let i = 0; i < items.length; i++) {
      const got = applySubschema(ajv, site.doc, subschema, items[i], itemContext(cxt, i));
      if (!got.valid) {
        append(errors, got.errors);
        continue;
      }
      count++;
      // Like Ajv, stop once the verdict is known: enough matches and no maximum, or too many.
      if (max === undefined ? count >= min : count > max) break;
    }
    if (count >= min && (max === undefined || count <= max)) return null;
    errors.push(errorAt(cxt, schemaPath, 'contains', params, message));
    return named(errors, name);
  };
};

/** One replaced keyword: its name, the instance type it applies to, its value's type, its check. */
interface Replaced {
  readonly keyword: string;
  readonly type?: 'array';
  readonly schemaType: ('array' | 'object' | 'boolean')[];
  readonly make: Factory;
}

const REPLACED: readonly Replaced[] = [
  { keyword: 'anyOf', schemaType: ['array'], make: anyOf },
  { keyword: 'oneOf', schemaType: ['array'], make: oneOf },
  { keyword: 'if', schemaType: ['object', 'boolean'], make: ifThenElse },
  { keyword: 'contains', type: 'array', schemaType: ['object', 'boolean'], make: contains },
];

/**
 * Emits a call of `check` and appends what it returns to Ajv's error list, schema paths intact
 * (a compiled keyword's errors would have theirs overwritten with the keyword's own). Appends in
 * place, never copies the list (`concat` would cost every error held so far): these keywords count
 * as appending in held-errors.ts. `found` is a fresh list from the check, so it may become the list.
 */
function emitCheck(cxt: KeywordCxt, check: Check): void {
  const { gen, it } = cxt;
  const fn = gen.scopeValue('keyword', { ref: check });
  const path = strConcat(N.instancePath, it.errorPath);
  const call = _`{instancePath: ${path}, rootData: ${N.rootData}, dynamicAnchors: ${N.dynamicAnchors}}`;
  const found = gen.const('found', _`${fn}(${cxt.data}, ${call}, ${it.propertyName ?? _`undefined`})`);
  gen.if(_`${found} !== null`, () => {
    gen.if(
      _`${N.vErrors} === null`,
      () => gen.assign(N.vErrors, found),
      () => gen.forOf('e', found, (e) => gen.code(_`${N.vErrors}.push(${e})`)),
    );
    gen.assign(N.errors, _`${N.vErrors}.length`);
  });
}

/** Replaces Ajv's in-place applicators on a private engine whose document is registered (annotation-run.ts). */
export function installInPlaceApplicators(ajv: Ajv2020): void {
  for (const { keyword, type, schemaType, make } of REPLACED) {
    ajv.removeKeyword(keyword);
    ajv.addKeyword({
      keyword,
      ...(type === undefined ? {} : { type }),
      schemaType,
      code(cxt: KeywordCxt) {
        const node = cxt.parentSchema as Record<string, unknown>;
        emitCheck(cxt, make(ajv, siteOf(node, keyword), node));
      },
    });
  }
}
