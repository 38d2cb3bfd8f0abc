// maxValidationSteps and the collected-error cap (src/schema/engine/step-budget.ts); warm-up (warm-up.ts).
import type { ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, validateSchema, type CompiledSchema, type Result } from '../../src/index.js';
import { instrumentSteps, STEP_KEYWORD } from '../../src/schema/engine/step-budget.js';
import { HELD_KEYWORD } from '../../src/schema/engine/held-errors.js';
import { MAX_COLLECTED_ERRORS } from '../../src/util/limits.js';
import { warmUp } from '../../src/schema/engine/warm-up.js';
import { equalityKey, firstDuplicate, keyWork } from '../../src/schema/engine/unique-items.js';

const summary = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`);
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const compile = (schema: unknown, limits?: object): CompiledSchema => {
  const c = validateSchema(schema, limits === undefined ? undefined : { limits });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
};

describe('maxValidationSteps', () => {
  it('an enum of 100,000 values over 10,000 items stops at the default budget (execution_failure)', () => {
    const c = compile({ type: 'object', properties: { a: { items: { enum: range(100_000) } } } });
    expect(summary(c.validateJSON(`{"a":[${range(10_000).map(() => '-1')}]}`))).toMatch(
      /^execution_failure: limit maxValidationSteps exceeded: limit 1500000, seen at least \d+ steps/,
    );
    // One application of the enum costs a third of the budget (5 steps a member).
    expect(summary(c.validateJSON('{"a":[1,2]}'))).toBe('ok');
  });

  it('wide unions over many items stop; a tighter limit stops sooner, a lifted one finishes', () => {
    const schema = { type: 'object', properties: { a: { items: { anyOf: range(50).map((i) => ({ const: i })) } } } };
    const text = `{"a":[${range(2_000).map(() => '49')}]}`;
    expect(summary(compile(schema, { maxValidationSteps: 10_000 }).validateJSON(text))).toMatch(
      /^execution_failure: limit maxValidationSteps exceeded: limit 10000/,
    );
    expect(summary(compile(schema, { maxValidationSteps: Infinity }).validateJSON(text))).toBe('ok');
  });

  it('a realistic 60 KB payload (1,000 items) uses a small part of the default budget', () => {
    const item = {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 0 },
        name: { type: 'string', minLength: 1, maxLength: 100 },
        tags: { type: 'array', items: { type: 'string' } },
        kind: { enum: ['a', 'b', 'c'] },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['id', 'name'],
      additionalProperties: false,
    };
    const schema = { type: 'object', properties: { items: { type: 'array', items: item } } };
    const text = JSON.stringify({
      items: range(1_000).map((i) => ({ id: i, name: `n${i}`, tags: ['x'], kind: 'a', note: null })),
    });
    expect(text.length).toBeGreaterThan(50_000);
    // A tenth of the default is enough (it takes about 80,000 steps).
    expect(
      summary(compile(schema, { maxValidationSteps: DEFAULT_LIMITS.maxValidationSteps / 10 }).validateJSON(text)),
    ).toBe('ok');
  });

  it('a function just past the size V8 optimises is charged as interpreted (rounded up, not down)', () => {
    // An allOf of 400 `minimum`: about 400 inline keywords, past FAST_FUNCTION_SIZE (300), so each step
    // counts twice. 100 passing items cost about 120,000 steps at 1x and 240,000 at 2x.
    const schema = { type: 'object', properties: { a: { items: { allOf: range(400).map(() => ({ minimum: 1 })) } } } };
    const text = `{"a":[${range(100).map(() => '1')}]}`;
    expect(summary(compile(schema, { maxValidationSteps: 180_000 }).validateJSON(text))).toMatch(
      /^execution_failure: limit maxValidationSteps exceeded: limit 180000/,
    );
    expect(summary(compile(schema, { maxValidationSteps: 300_000 }).validateJSON(text))).toBe('ok');
  });

  it('enum data and prefixItems of 150,000+ members are measured without a spread (no stack overflow)', () => {
    // Booleans count toward maxCompileCost (a hunt's find), lifted here: the point is the measuring.
    for (const a of [{ enum: Array(200_000).fill(0) }, { prefixItems: Array(150_000).fill(true) }]) {
      const c = validateSchema({ type: 'object', properties: { a } }, { limits: { maxCompileCost: 1e9 } });
      expect(c.ok ? 'admitted' : `${c.error.class}: ${c.error.message}`).toBe('admitted');
    }
  });

  it('a schema naming the step keyword keeps it as an annotation; the engine charges steps as usual', () => {
    const schema = {
      type: 'object',
      [STEP_KEYWORD]: false,
      properties: { a: { [STEP_KEYWORD]: 'x', type: 'string' } },
    };
    const c = compile(schema);
    expect(c.schema).toEqual(schema);
    expect(summary(c.validate({ a: 'ok' }))).toBe('ok');
    expect(summary(c.validate({ a: 1 }))).toMatch(/^validation: /);
  });
});

describe('collected errors stop at MAX_COLLECTED_ERRORS outside composite keywords', () => {
  const schema = { type: 'object', properties: { a: { items: { type: 'object', required: ['x', 'y'] } } } };
  it('10,000 failing items: at least 100 violations reported, the verdict unchanged', () => {
    const r = compile(schema).validateJSON(`{"a":[${range(10_000).map(() => '{}')}]}`);
    expect(summary(r)).toMatch(/^validation: invalid arguments: at least 100 violations, first at \$\.a\[0\]/);
    if (!r.ok) expect(r.error.violations).toHaveLength(MAX_COLLECTED_ERRORS);
  });
  it('fewer errors are all reported, with an exact count', () => {
    const r = compile(schema).validate({ a: [{}, { x: 1 }] });
    expect(summary(r)).toMatch(/^validation: invalid arguments: 3 violations/);
  });
  it('errors inside a union that then passes are not final: many failed branches, then a passing one', () => {
    const union = { anyOf: [...range(150).map((i) => ({ required: [`r${i}`] })), true] };
    const c = compile({ type: 'object', properties: { a: { items: union } } });
    expect(summary(c.validate({ a: range(10).map(() => ({})) }))).toBe('ok');
  });
});

// A `$ref` target Ajv compiles on its own (a recursive definition) counts its errors from zero; the
// callers' final errors count toward its cap too (src/schema/engine/error-cap.ts).
describe('the error cap holds across separately compiled $ref targets', () => {
  /** N fails 50 ways at every level and recurses through `x`. */
  const recursive = {
    type: 'object',
    properties: { x: { $ref: '#/$defs/N' } },
    $defs: {
      N: {
        type: 'object',
        properties: { x: { $ref: '#/$defs/N' } },
        anyOf: range(50).map((i) => ({ required: [`z${i}`] })),
      },
    },
  };
  const nested = (depth: number): unknown => {
    let v: unknown = {};
    for (let i = 0; i < depth; i++) v = { x: v };
    return v;
  };
  // Fails if the callers' errors do not count: all 62 levels would be collected (3,162 errors, each
  // function below its own cap), and choosing the closest branch of each took 30-90 ms.
  it('62 failing levels: the validation stops at the second, at least 100 errors collected', () => {
    const r = compile(recursive).validate(nested(62));
    expect(summary(r)).toMatch(
      /^validation: invalid arguments: at least 4 violations, first at \$\.x: matches 0 of 50/,
    );
    if (!r.ok) expect(r.error.violations.map((v) => v.path)).toEqual(['$.x', '$.x', '$.x.x', '$.x.x']);
  });
  it('a call inside a union does not inherit the final errors: its branch still passes', () => {
    const schema = {
      type: 'object',
      required: range(99).map((i) => `r${i}`),
      properties: { a: { anyOf: [{ $ref: '#/$defs/T' }, { type: 'string' }] } },
      $defs: { T: { type: 'object', properties: { n: { $ref: '#/$defs/T' } } } },
    };
    const r = compile(schema).validate({ a: { n: { n: {} } } });
    expect(summary(r)).toMatch(/^validation: invalid arguments: 99 violations/);
    if (!r.ok) expect(r.error.violations.filter((v) => v.keyword !== 'required')).toEqual([]);
  });
  it('fewer errors across calls are all reported', () => {
    const r = compile(recursive).validate(nested(1));
    expect(summary(r)).toMatch(/^validation: invalid arguments: 2 violations/);
  });
});

describe('warmUp', () => {
  it('calls the validator and every separately compiled referenced validator once', () => {
    const calls: string[] = [];
    const fake = (name: string, refs: Record<string, unknown> = {}): ValidateFunction =>
      Object.assign(
        (data: unknown) => {
          calls.push(`${name}(${JSON.stringify(data)})`);
          return true;
        },
        { schemaEnv: { refs } },
      ) as unknown as ValidateFunction;
    const inner = fake('inner');
    const root = fake('root', { '#/$defs/a': { validate: inner }, '#/$defs/b': { validate: inner }, inline: {} });
    warmUp(root);
    expect(calls).toEqual(['root(null)', 'inner(null)']);
  });
  it('a validator that overflows the stack when called makes warmUp throw, so compile refuses it', () => {
    const broken = (() => {
      throw new RangeError('Maximum call stack size exceeded');
    }) as unknown as ValidateFunction;
    expect(() => warmUp(broken)).toThrow(RangeError);
  });
});

// A failing `contains` holds one error per item until it decides. Appending one costs a constant, so
// a run over n items is charged about n errors, not the n²/2 it was charged when each application
// paid every error held so far (1,700 items were past the default budget).
const DIALECTS: [string, string | undefined][] = [
  ['2020-12', undefined],
  ['2019-09', 'https://json-schema.org/draft/2019-09/schema'],
  ['draft-07', 'http://json-schema.org/draft-07/schema#'],
];
const defs = (legacy: boolean): string => (legacy ? 'definitions' : '$defs');
/** Compiles `body` in the dialect its `$schema` names (the 2020-12 default when undefined). */
const compileIn = ($schema: string | undefined, body: Record<string, unknown>, maxValidationSteps?: number) => {
  const schema = $schema === undefined ? body : { $schema, ...body };
  const c = validateSchema(schema, {
    dialects: ['2020-12', '2019-09', 'draft-07'],
    ...(maxValidationSteps === undefined ? {} : { limits: { maxValidationSteps } }),
  });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
};

describe('a failing contains is charged what it costs, in every dialect', () => {
  const items = (n: number): string => `{"a":[${range(n).map(() => '"x"')}]}`;
  it.each(DIALECTS)('%s: 10,000 items that all fail get their verdict within 40 steps an item', (_d, $schema) => {
    const legacy = $schema?.includes('draft-07') === true;
    const bodies = [
      { type: 'object', properties: { a: { contains: { type: 'number', minimum: 3 } } } },
      // A `$ref` to a definition without references is compiled inline: nothing is copied.
      {
        type: 'object',
        [defs(legacy)]: { n: { type: 'number' } },
        properties: { a: { contains: { $ref: `#/${defs(legacy)}/n` } } },
      },
    ];
    for (const body of bodies) {
      const r = compileIn($schema, body, 40 * 10_000).validateJSON(items(10_000));
      expect(summary(r)).toMatch(
        /^validation: invalid arguments: (at least )?1 violation, first at \$\.a: must contain at least 1/,
      );
    }
  });
  it.each(DIALECTS)(
    '%s: a referenced validator compiled on its own copies the errors held: still charged',
    (_d, $schema) => {
      const legacy = $schema?.includes('draft-07') === true;
      const d = defs(legacy);
      // Each failed call appends a copy of every error held (Ajv's `vErrors.concat`): 10,000 items copy 10⁸.
      const body = {
        type: 'object',
        [d]: { n: { anyOf: [{ type: 'number' }, { type: 'array', items: { $ref: `#/${d}/n` } }] } },
        properties: { a: { contains: { $ref: `#/${d}/n` } } },
      };
      expect(summary(compileIn($schema, body).validateJSON(items(10_000)))).toMatch(
        /^execution_failure: limit maxValidationSteps exceeded/,
      );
      expect(summary(compileIn($schema, body).validateJSON(items(100)))).toMatch(/^validation: /);
    },
  );
});

// uniqueItems compares items by a key of their whole subtree. It was charged 4 steps an item however
// large the item, and every `uniqueItems` that applied (each `allOf` copy, each recursion level)
// built every key again: 50 KB of arguments took 2.6 s.
describe('uniqueItems is charged by size and numbers each item once per validation', () => {
  const recursive = (copies: number, d = '$defs') => ({
    type: 'object',
    properties: { a: { $ref: `#/${d}/n` } },
    [d]: { n: { allOf: range(copies).map(() => ({ uniqueItems: true })), items: { $ref: `#/${d}/n` } } },
  });
  /** `depth` levels, each an array of `width` small objects and the next level. */
  const nested = (depth: number, width: number): unknown => {
    let v: unknown = [];
    for (let d = 0; d < depth; d++) v = [range(width).map((i) => ({ k: i })), v];
    return v;
  };
  it.each(DIALECTS)('%s: 20 copies over 40 levels: each array and object is numbered once', (_d, $schema) => {
    const text = JSON.stringify({ a: nested(40, 60) });
    const c = compileIn($schema, recursive(20, defs($schema?.includes('draft-07') === true)));
    const before = keyWork.nodes;
    expect(summary(c.validateJSON(text))).toBe('ok');
    // Every item below `a`: per level its row, the row's 60 objects and the next level (the last one empty).
    expect(keyWork.nodes - before).toBe(40 * 62);
  });
  it('a second validation numbers again: nothing is kept between calls', () => {
    const c = compile(recursive(2));
    const value = { a: nested(3, 2) };
    const before = keyWork.nodes;
    expect(summary(c.validate(value))).toBe('ok');
    expect(summary(c.validate(value))).toBe('ok');
    expect(keyWork.nodes - before).toBe(2 * (3 * 4));
    // The caller changes its value between calls: the verdict follows the value.
    const row = ((value.a as unknown[])[0] as { k: number }[])[1]!;
    row.k = 0;
    expect(summary(c.validate(value))).toMatch(/^validation: .*items 0 and 1 are equal/);
  });
  it('numbers two items alike exactly when their equality keys are equal (Validation §4.2.2)', () => {
    const values: unknown[] = [0, -0, 1, 1.5, '1', '', null, true, false, [], {}, [[]], [{}], { a: [] }, { a: {} }];
    values.push([1, [2]], [[1], 2], { a: 1, b: 2 }, { b: 2, a: 1 }, { a: '1' }, { '1': 'a' }, ['a', 1], [1, 'a']);
    values.push({ a: [0, { b: -0 }] }, { a: [-0, { b: 0 }] }, { ab: 1 }, { a: 1, b: undefined }, [null], [[null]]);
    for (const a of values)
      for (const b of values) expect(firstDuplicate([a, b]) !== undefined).toBe(equalityKey(a) === equalityKey(b));
  });
  it('one item of 20,000 nodes is charged for its size, not as one item', () => {
    const schema = { type: 'object', properties: { a: { uniqueItems: true } } };
    const text = JSON.stringify({ a: [range(10_000).map((i) => ({ k: i }))] });
    expect(summary(compile(schema, { maxValidationSteps: 20_000 }).validateJSON(text))).toMatch(
      /^execution_failure: limit maxValidationSteps exceeded/,
    );
    expect(summary(compile(schema).validateJSON(text))).toBe('ok');
  });
});

// A schema object whose keywords only append to Ajv's error list needs no HELD_KEYWORD charge
// (src/schema/engine/held-errors.ts). toolgate's `contains` (contains.ts) pushes and truncates, never copies,
// yet every object with `contains` inside a composite keyword got the charge and its code.
describe('HELD_KEYWORD marks exactly the schema objects that may copy the error list', () => {
  it.each([
    [{ contains: { type: 'number' } }, false],
    [{ contains: { type: 'number' }, minContains: 2, maxContains: 3 }, false],
    [{ items: { type: 'string' }, allOf: [{ minItems: 1 }], then: {}, else: {} }, false],
    [{ type: 'object', properties: { a: {} }, required: ['a'] }, false],
    [{ uniqueItems: true }, true],
    [{ $ref: '#/$defs/a' }, true],
    [{ anyOf: [{ type: 'string' }] }, true],
    [{ contains: { type: 'number' }, multipleOf: 2 }, true],
  ])('%j: %s', (node, marked) => {
    const copy = structuredClone(node) as Record<string, unknown>;
    instrumentSteps([copy]);
    expect(copy[HELD_KEYWORD] === true).toBe(marked);
  });
});
