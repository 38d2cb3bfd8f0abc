// The work of `unevaluatedProperties` / `unevaluatedItems` stays linear in the instance and in the
// schema: each subschema is applied once per instance location and call (src/schema/engine/annotation-run.ts).
// Before, the annotation walk re-validated every `anyOf`/`oneOf`/`if`/`contains` subschema below it,
// so each level of recursion doubled the work (a 1 KB argument 18 levels deep took seconds). Work is
// counted, never timed: a keyword added to the engine counts how often the schema objects carrying it
// are applied, wherever Ajv or toolgate applies them. Timings live in bench/unevaluated.ts.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { compileOn, createEngine } from '../../src/schema/engine/ajv-2020.js';
import { engineInput } from '../../src/schema/link-documents.js';

const COUNT = 'x-count';

/** Compiles the way validateSchema does for a document using unevaluated*, plus the counting keyword. */
function counted(schema: object): (data: unknown) => { valid: boolean; count: number } {
  const ajv = createEngine({ formatAssertion: false, contentAssertion: false, ownProperties: false });
  let count = 0;
  ajv.addKeyword({
    keyword: COUNT,
    schemaType: 'boolean',
    validate: () => {
      count++;
      return true;
    },
  });
  const validate = compileOn(ajv, engineInput([{ uri: 'toolgate:/anonymous-root', schema }]));
  return (data) => {
    count = 0;
    const valid = validate(data) === true;
    return { valid, count };
  };
}

const nestObjects = (depth: number): unknown => {
  let o: Record<string, unknown> = { v: 0 };
  for (let i = 1; i < depth; i++) o = { v: i, child: o };
  return o;
};
const nestArrays = (depth: number): unknown => {
  let a: unknown[] = [0];
  for (let i = 1; i < depth; i++) a = [a];
  return a;
};

const child = { child: { $ref: '#/$defs/node' }, v: { type: 'number' } };
/** One level of a recursive schema: `node` is applied at every level of the instance. */
const recursive = (node: object): object => ({ $defs: { node: { [COUNT]: true, ...node } }, $ref: '#/$defs/node' });

const INSTANCE_RECURSION: readonly [string, object, (depth: number) => unknown][] = [
  ['anyOf', recursive({ anyOf: [{ properties: child }], unevaluatedProperties: false }), nestObjects],
  [
    'oneOf',
    recursive({ oneOf: [{ properties: child }, { type: 'string' }], unevaluatedProperties: false }),
    nestObjects,
  ],
  ['allOf', recursive({ allOf: [{ properties: child }], unevaluatedProperties: false }), nestObjects],
  [
    'if',
    recursive({ if: { properties: child }, then: { required: ['v'] }, unevaluatedProperties: false }),
    nestObjects,
  ],
  [
    'contains',
    recursive({ contains: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'number' }] }, unevaluatedItems: false }),
    nestArrays,
  ],
  [
    '$dynamicRef',
    {
      $id: 'urn:example:tree',
      $dynamicAnchor: 'node',
      [COUNT]: true,
      anyOf: [{ properties: { child: { $dynamicRef: '#node' }, v: { type: 'number' } } }],
      unevaluatedProperties: false,
    },
    nestObjects,
  ],
];

/** Work at depth 2d is at most twice the work at depth d, plus a constant: linear, not 2^d. */
function expectLinear(cost: (depth: number) => number): void {
  let previous = cost(8);
  expect(previous).toBeGreaterThan(0);
  for (const depth of [16, 32, 64]) {
    const now = cost(depth);
    expect(now, `work at depth ${depth} against ${previous} at depth ${depth / 2}`).toBeLessThanOrEqual(
      2 * previous + 4,
    );
    previous = now;
  }
}

describe('unevaluated* work is linear in the depth of the instance', () => {
  it.each(INSTANCE_RECURSION)('recursion through %s applies each level a bounded number of times', (_n, s, make) => {
    const run = counted(s);
    expectLinear((depth) => {
      const { valid, count } = run(make(depth));
      expect(valid).toBe(true);
      return count;
    });
  });
});

/** A chain of `n` schemas, each `{ anyOf: [{ $ref: next }], unevaluatedProperties: false }`. */
function chain(n: number): object {
  const defs: Record<string, object> = {};
  for (let i = 0; i < n; i++)
    defs[`d${i}`] =
      i + 1 < n
        ? { [COUNT]: true, anyOf: [{ $ref: `#/$defs/d${i + 1}` }], unevaluatedProperties: false }
        : { [COUNT]: true, properties: { a: true } };
  return { $defs: defs, $ref: '#/$defs/d0' };
}

describe('unevaluated* work is linear in the depth of the schema', () => {
  it('a chain of anyOf + $ref + unevaluatedProperties applies each link once', () => {
    expectLinear((n) => {
      const { valid, count } = counted(chain(n))({ a: 1 });
      expect(valid).toBe(true);
      return count;
    });
    expect(counted(chain(22))({ a: 1 }).count).toBe(22);
  });
});

describe('one object passed at two locations (host code may share objects)', () => {
  const twiceWith = (node: object): object => ({
    type: 'object',
    $defs: { node: { ...node, anyOf: [{ properties: child }], unevaluatedProperties: false } },
    properties: { a: { $ref: '#/$defs/node' }, b: { $ref: '#/$defs/node' } },
  });
  it('is applied once per location, linearly', () => {
    const run = counted(twiceWith({ [COUNT]: true }));
    expectLinear((depth) => {
      const shared = nestObjects(depth);
      const { valid, count } = run({ a: shared, b: shared });
      expect(valid).toBe(true);
      return count;
    });
  });
  it('reports an unevaluated property at each location', () => {
    const shared = { v: 1, child: { v: 2, extra: true } };
    const compiled = validateSchema(twiceWith({}));
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const r = compiled.value.validate({ a: shared, b: shared });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const extra = r.error.violations.filter((v) => v.message.includes('"extra"')).map((v) => v.path);
    expect(extra).toEqual(['$.a.child', '$.b.child']);
  });
});

describe('deep recursion keeps its verdicts', () => {
  const schema = {
    type: 'object',
    $defs: { node: { anyOf: [{ properties: child }], unevaluatedProperties: false } },
    $ref: '#/$defs/node',
  };
  it('accepts an argument 60 levels deep', () => {
    const compiled = validateSchema(schema);
    expect(compiled.ok && compiled.value.validate(nestObjects(60)).ok).toBe(true);
  });
  it('reports an unevaluated property at the deepest level', () => {
    const deep = nestObjects(60) as Record<string, unknown>;
    let at = deep;
    const path = ['$'];
    while (typeof at['child'] === 'object') {
      at = at['child'] as Record<string, unknown>;
      path.push('child');
    }
    at['extra'] = true;
    const compiled = validateSchema(schema);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const r = compiled.value.validate(deep);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // Core §7.7.1: the failed `anyOf` of every level above drops its annotations, so each level also
    // reports its own properties as unevaluated; the cause is the deepest one. 60 levels give more errors
    // than the engine collects (MAX_COLLECTED_ERRORS), so the list is cut and says so.
    const unevaluated = r.error.violations.filter((v) => v.keyword === 'unevaluatedProperties');
    const extra = unevaluated.filter((v) => v.message.includes('"extra"'));
    expect(extra.map((v) => v.path)).toEqual([path.join('.')]);
    expect(r.error.message).toMatch(/^invalid arguments: at least 100 violations/);
    expect(new Set(unevaluated.map((v) => v.path.split('.').length)).size).toBeGreaterThan(10);
  });
});

// A document using unevaluated* gets the in-place anyOf/oneOf/if/contains (src/schema/engine/in-place.ts),
// which collect the errors of their subschemas in lists of their own, outside the generated code the
// step keyword charges. Uncharged, a failing `contains` over 10,000 items each failing 40 `required`
// names held 400,000 errors: 446 ms a call, and a verdict, where the same schema without
// unevaluated* stops at maxValidationSteps. Each error they hold is charged (held-errors.ts).
describe('errors held by the in-place applicators are charged', () => {
  const names = Array.from({ length: 40 }, (_, i) => `n${i}`);
  const object = { type: 'object', required: names };
  const cases: [string, object][] = [
    ['contains', { contains: object }],
    ['if/then inside contains', { contains: { if: { type: 'object' }, then: object } }],
    ['anyOf inside contains', { contains: { anyOf: [object, { ...object, minProperties: 1 }] } }],
    ['oneOf inside contains', { contains: { oneOf: [object, { ...object, minProperties: 1 }] } }],
  ];
  const text = `{"a":[${Array.from({ length: 10_000 }, () => '{}').join(',')}]}`;
  it.each(cases)('%s: stops at maxValidationSteps, as without unevaluated*', (_name, a) => {
    const summary = (limits?: object): string => {
      const c = validateSchema({ unevaluatedProperties: false, properties: { a } }, limits && { limits });
      if (!c.ok) throw new Error(c.error.message);
      const r = c.value.validateJSON(text);
      return r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`;
    };
    expect(summary()).toMatch(/^execution_failure: limit maxValidationSteps exceeded/);
    // The verdict the budget stands in for.
    expect(summary({ maxValidationSteps: Number.POSITIVE_INFINITY })).toMatch(/^validation: /);
  });
});
