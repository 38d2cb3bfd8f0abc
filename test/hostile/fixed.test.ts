// The fixed adversarial corpus: every case a named table row. After each case
// Object.prototype must be unpolluted.
import { afterEach, describe, expect, it } from 'vitest';
import { validateSchema, validate } from '../../src/schema/compile.js';
import { firstDuplicate } from '../../src/schema/engine/unique-items.js';
import type { Result } from '../../src/result.js';

afterEach(() => {
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_NAMES);
});
const PROTO_NAMES = Object.getOwnPropertyNames(Object.prototype).sort();

const OPEN = validateSchema({ type: 'object' });
if (!OPEN.ok) throw new Error('open schema refused');
const open = OPEN.value;
const summary = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`);

class Point {
  x = 1;
}
const throwingGetter = Object.defineProperty({}, 'a', {
  enumerable: true,
  get() {
    throw new Error('boom');
  },
});
const throwingProxy = new Proxy(
  {},
  {
    ownKeys() {
      throw new Error('boom');
    },
    get() {
      throw new Error('boom');
    },
    getPrototypeOf() {
      throw new Error('boom');
    },
  },
);
const cyclic: Record<string, unknown> = {};
cyclic['self'] = cyclic;

describe('arguments that are not JSON values: validation with the path, never a throw', () => {
  const rows: { name: string; args: unknown; expect: RegExp }[] = [
    {
      name: 'undefined at the root',
      args: undefined,
      expect: /^validation: arguments are not a JSON value at \$: undefined/,
    },
    { name: 'undefined in a property', args: { a: undefined }, expect: /at \$\.a: undefined/ },
    { name: 'function', args: { a: () => 1 }, expect: /at \$\.a: a function/ },
    { name: 'symbol', args: { a: Symbol('s') }, expect: /at \$\.a: a symbol/ },
    { name: 'bigint', args: { a: 10n }, expect: /at \$\.a: a bigint/ },
    { name: 'NaN', args: { a: Number.NaN }, expect: /at \$\.a: NaN/ },
    { name: 'Infinity', args: { a: [Infinity] }, expect: /at \$\.a\[0\]: Infinity/ },
    { name: '-Infinity', args: { a: -Infinity }, expect: /-Infinity/ },
    { name: 'Date', args: { a: new Date(0) }, expect: /at \$\.a: a Date instance/ },
    { name: 'Map', args: { a: new Map() }, expect: /at \$\.a: a Map instance/ },
    { name: 'class instance', args: { a: new Point() }, expect: /at \$\.a: a Point instance/ },
    { name: 'class instance at the root', args: new Point(), expect: /at \$: a Point instance/ },
    { name: 'sparse array', args: { a: [1, , 3] }, expect: /at \$\.a\[1\]: a sparse array/ },
    { name: 'cycle', args: cyclic, expect: /at \$\.self: a cycle/ },
    { name: 'Proxy that throws', args: { a: throwingProxy }, expect: /at \$\.a: a Proxy/ },
    { name: 'Proxy of an array', args: { a: new Proxy([1], {}) }, expect: /at \$\.a: a Proxy/ },
    {
      name: 'getter returning undefined',
      args: Object.defineProperty({}, 'a', { enumerable: true, get: () => undefined }),
      expect: /at \$\.a: undefined/,
    },
    { name: 'boxed string', args: { a: new String('x') }, expect: /a String instance/ },
  ];
  it.each(rows)('$name', ({ args, expect: pattern }) => {
    const r = open.validate(args);
    expect(summary(r)).toMatch(/^validation: /);
    expect(summary(r)).toMatch(pattern);
  });

  it('-0 is kept as -0 and returned as the same reference', () => {
    const args = { a: -0 };
    const r = open.validate(args);
    expect(r.ok && r.value).toBe(args);
    expect(Object.is(args.a, -0)).toBe(true);
    const t = open.validateJSON('{"a":-0}');
    expect(t.ok && Object.is((t.value as { a: number }).a, -0)).toBe(true);
  });

  it('a null-prototype object is plain data', () => {
    const args = Object.assign(Object.create(null) as object, { a: 1 });
    expect(open.validate(args).ok).toBe(true);
  });
});

// The host's objects are host code (src/arguments/argument-value.ts): a getter runs when read, as in
// JSON.stringify and the engine; what neither of them sees (symbol keys, non-enumerable members, named
// properties on arrays) is not part of the value. Arguments parsed from the model's text have none of these.
describe('host objects are read as JSON.stringify reads them', () => {
  const rows: { name: string; args: unknown; expect: RegExp }[] = [
    {
      // The getter's text is host text: the message (model text) says only that something threw.
      name: 'getter that throws: the call fails, never passes, and its message is not repeated',
      args: throwingGetter,
      expect: /^execution_failure: validate failed: an exception was thrown(?!.*boom)/,
    },
    {
      name: 'getter returning JSON',
      args: Object.defineProperty({}, 'a', { enumerable: true, get: () => 1 }),
      expect: /^ok$/,
    },
    { name: 'symbol key', args: { [Symbol('k')]: 1 }, expect: /^ok$/ },
    { name: 'array with an extra property', args: { a: Object.assign([1], { x: 1 }) }, expect: /^ok$/ },
    {
      name: 'non-enumerable property',
      args: Object.defineProperty({}, 'h', { value: () => 1, enumerable: false }),
      expect: /^ok$/,
    },
  ];
  it.each(rows)('$name', ({ args, expect: pattern }) => {
    const r = open.validate(args);
    expect(summary(r)).toMatch(pattern);
    if (r.ok) expect(r.value).toBe(args);
  });
});

describe('__proto__, constructor and prototype are ordinary names, in arguments and schemas', () => {
  const keys = ['__proto__', 'constructor', 'prototype'];
  const schema = {
    type: 'object',
    properties: Object.fromEntries(
      keys.map((k) => [k, { type: 'object', properties: { polluted: { const: 'yes' } }, required: ['polluted'] }]),
    ),
    required: keys,
    additionalProperties: false,
  };
  const compiled = validateSchema(JSON.parse(JSON.stringify(schema)) as object);
  const text = `{${keys.map((k) => `"${k}":{"polluted":"yes"}`).join(',')}}`;
  it('the schema with those property names compiles', () => expect(compiled.ok).toBe(true));
  it.each([
    { name: 'text with all three keys validates as data', text, valid: true },
    {
      name: 'text with a wrong value under __proto__ is a violation at $.__proto__',
      text: text.replace('"__proto__":{"polluted":"yes"}', '"__proto__":{"polluted":"no"}'),
      valid: false,
    },
    {
      name: 'text missing __proto__ is a violation',
      text: text.replace('"__proto__":{"polluted":"yes"},', ''),
      valid: false,
    },
  ])('$name', ({ text: t, valid }) => {
    if (!compiled.ok) return;
    const r = compiled.value.validateJSON(t);
    expect(r.ok).toBe(valid);
    if (r.ok) expect(Object.getPrototypeOf(r.value)).toBe(Object.prototype);
  });
  it('a value with an own __proto__ key (JSON.parse) validates without touching prototypes', () => {
    if (!compiled.ok) return;
    const args = JSON.parse(text) as object;
    const r = compiled.value.validate(args);
    expect(r.ok && r.value).toBe(args);
  });
  // Regression guard: the legacy-keyword table was read with a plain lookup, so the keyword
  // "__proto__" (or "constructor") found Object.prototype members and was refused as legacy.
  it.each(['__proto__', 'constructor', 'prototype'])(
    'a schema with an own %j keyword (JSON.parse) is an annotation, not a prototype',
    (k) => {
      const r = validateSchema(
        JSON.parse(
          `{"type":"object","${k}":{"polluted":"yes"},"properties":{"__proto__":{"type":"string"}}}`,
        ) as object,
      );
      expect(r.ok).toBe(true);
      if (r.ok)
        expect(summary(r.value.validate(JSON.parse('{"__proto__":5}') as object))).toMatch(/^validation: .*__proto__/);
    },
  );
});

describe('validateJSON text cases', () => {
  const rows: { name: string; text: string; expect: RegExp }[] = [
    {
      name: 'malformed: says where',
      text: '{"a": tru}',
      expect: /^validation: arguments are not valid JSON: .* at line 1 column \d+ \(offset \d+\)/,
    },
    { name: 'malformed on line 2', text: '{\n"a": ,}', expect: /line 2 column/ },
    { name: 'duplicate key', text: '{"a":1,"a":1}', expect: /duplicate key "a"/ },
    { name: 'duplicate __proto__ key', text: '{"__proto__":1,"__proto__":2}', expect: /duplicate key "__proto__"/ },
    { name: '2^53+1', text: '{"a":9007199254740993}', expect: /would be received as 9007199254740992/ },
    { name: '1e400', text: '{"a":1e400}', expect: /overflows a float64/ },
    { name: '1e-400', text: '{"a":1e-400}', expect: /underflows to zero/ },
    { name: 'lone high surrogate', text: '{"a":"\ud800"}', expect: /lone surrogate/ },
    { name: 'lone surrogate escape', text: '{"a":"\\udc00"}', expect: /lone surrogate escape/ },
    { name: 'BOM', text: '\ufeff{}', expect: /byte order mark/ },
    { name: 'trailing garbage', text: '{} x', expect: /unexpected text after the JSON value/ },
    { name: 'two values', text: '{}{}', expect: /unexpected text after the JSON value/ },
    { name: 'empty text (not {})', text: '', expect: /empty text/ },
    { name: 'only whitespace', text: '  \n', expect: /empty text/ },
    { name: 'NaN literal', text: '{"a":NaN}', expect: /unexpected character/ },
    { name: 'single quotes', text: "{'a':1}", expect: /expected a property name/ },
    { name: 'trailing comma', text: '{"a":1,}', expect: /expected a property name/ },
    { name: 'control character in string', text: '{"a":"\u0001"}', expect: /control character/ },
    { name: 'leading zero', text: '{"a":01}', expect: /not valid JSON/ },
    { name: 'unterminated', text: '{"a":"x', expect: /unterminated string/ },
  ];
  it.each(rows)('$name', ({ text, expect: pattern }) => {
    const r = open.validateJSON(text);
    expect(summary(r)).toMatch(/^validation: /);
    expect(summary(r)).toMatch(pattern);
  });
  it.each([null, undefined, 5, {}, ['{}']])('a non-string %j is validation', (v) => {
    expect(summary(open.validateJSON(v as never))).toMatch(/^validation: validateJSON expects a string/);
  });
});

describe('recursion and size: bounded by the limits or finished, asserted by count', () => {
  const tree = {
    type: 'object',
    $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } },
    properties: { next: { $ref: '#/$defs/node' } },
  };
  it('recursive schema over 64-deep arguments finishes; 65 deep is the depth limit', () => {
    let ok: unknown = {};
    for (let i = 0; i < 63; i++) ok = { next: ok };
    expect(summary(validate(tree, ok))).toBe('ok');
    expect(summary(validate(tree, { next: ok }))).toMatch(
      /^execution_failure: limit maxArgumentDepth exceeded: limit 64, seen at least 65/,
    );
  });

  it.each([
    {
      name: 'direct $ref to itself',
      schema: { type: 'object', $defs: { a: { $ref: '#/$defs/a' } }, properties: { x: { $ref: '#/$defs/a' } } },
    },
    {
      name: 'two-step $ref cycle',
      schema: {
        type: 'object',
        $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
        properties: { x: { $ref: '#/$defs/a' } },
      },
    },
    {
      name: 'cycle through allOf',
      schema: {
        type: 'object',
        $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } },
        properties: { x: { $ref: '#/$defs/a' } },
      },
    },
  ])('$ref cycle ($name): refused or execution_failure, never a pass or a hang', ({ schema }) => {
    const c = validateSchema(schema);
    if (!c.ok) {
      expect(c.error.class).not.toBe('validation');
      return;
    }
    expect(summary(c.value.validate({ x: 1 }))).toMatch(/^execution_failure: /);
    expect(summary(c.value.validate({}))).toBe('ok');
  });

  const loop = { $ref: '#/$defs/loop' };
  const $defs = { loop: { $ref: '#/$defs/loop' } };
  it.each([
    { name: 'oneOf', schema: { type: 'object', $defs, properties: { x: { oneOf: [loop, { type: 'integer' }] } } } },
    { name: 'anyOf', schema: { type: 'object', $defs, properties: { x: { anyOf: [{ type: 'integer' }, loop] } } } },
    { name: 'not', schema: { type: 'object', $defs, properties: { x: { not: loop } } } },
    {
      name: 'if',
      schema: { type: 'object', $defs, properties: { x: { if: loop, then: { type: 'string' }, else: true } } },
    },
  ])('a stack overflow inside one branch of $name fails the whole call', ({ schema }) => {
    const c = validateSchema(schema);
    if (!c.ok) {
      expect(c.error.class).not.toBe('validation');
      return;
    }
    expect(summary(c.value.validate({ x: 1 }))).toMatch(/^execution_failure: /);
    expect(summary(c.value.validateJSON('{"x":1}'))).toMatch(/^execution_failure: /);
  });

  it('a huge enum (200,000 members) is refused by maxSchemaBytes; 20,000 members compile and answer', () => {
    const huge = validateSchema({
      type: 'object',
      properties: { e: { enum: Array.from({ length: 200_000 }, (_, i) => `member-${i}`) } },
    });
    expect(summary(huge)).toMatch(/^execution_failure: limit maxSchemaBytes exceeded/);
    const big = validateSchema({
      type: 'object',
      properties: { e: { enum: Array.from({ length: 20_000 }, (_, i) => i) } },
    });
    expect(big.ok).toBe(true);
    if (big.ok) {
      expect(big.value.validate({ e: 19_999 }).ok).toBe(true);
      expect(big.value.validate({ e: 20_000 }).ok).toBe(false);
    }
  });

  it('uniqueItems over 100,000 items: refused by maxArrayItems; lifted, one key per item', () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ id: i }));
    const schema = { type: 'object', properties: { a: { type: 'array', uniqueItems: true } } };
    expect(summary(validate(schema, { a: items }))).toBe(
      'execution_failure: limit maxArrayItems exceeded: limit 10000, seen 100000 at $.a',
    );
    // Numbering 100,000 objects is charged by their size (about 2 million steps): the step budget is lifted too.
    const lifted = { limits: { maxArrayItems: 100_001, maxArgumentValues: 300_000, maxValidationSteps: 5_000_000 } };
    expect(summary(validate(schema, { a: items }, lifted))).toBe('ok');
    expect(summary(validate(schema, { a: [...items, { id: 5 }] }, lifted))).toMatch(
      /^validation: .*items 5 and 100000 are equal/,
    );
    const stats = { keys: 0 };
    expect(firstDuplicate(items, stats)).toBeUndefined();
    expect(stats.keys).toBe(100_000);
    expect(
      firstDuplicate([
        { a: 1, b: [0] },
        { b: [-0], a: 1.0 },
      ]),
    ).toEqual({ i: 1, j: 0 });
  });
});

describe('caller mutation after validateSchema changes nothing compiled', () => {
  it('schema, registry entry and loader result', () => {
    const schema = { type: 'object', properties: { a: { $ref: 'urn:reg' }, b: { $ref: 'urn:load' } } };
    const registry: Record<string, { type: string }> = { 'urn:reg': { type: 'string' } };
    let loaded = { type: 'integer' };
    const c = validateSchema(schema, {
      schemaRegistry: registry,
      schemaLoader: (u) => (u === 'urn:load' ? loaded : undefined),
    });
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    (registry['urn:reg'] as { type: string }).type = 'number';
    registry['urn:reg'] = { type: 'boolean' };
    loaded.type = 'string';
    loaded = { type: 'null' };
    (schema.properties as Record<string, unknown>)['a'] = { type: 'boolean' };
    expect(summary(c.value.validate({ a: 'x', b: 1 }))).toBe('ok');
    expect(summary(c.value.validate({ a: 1, b: 1 }))).toMatch(/^validation: /);
    expect(summary(c.value.validate({ a: 'x', b: 'x' }))).toMatch(/^validation: /);
  });
  it('arguments mutated between calls are judged afresh; the compiled schema is unchanged', () => {
    const c = validateSchema({ type: 'object', properties: { n: { type: 'integer' } } });
    if (!c.ok) throw new Error('refused');
    const args: Record<string, unknown> = { n: 1 };
    expect(c.value.validate(args).ok).toBe(true);
    args['n'] = 'one';
    expect(c.value.validate(args).ok).toBe(false);
    args['n'] = 2;
    expect(c.value.validate(args).ok).toBe(true);
    expect(Object.isFrozen(c.value.schema)).toBe(true);
  });
});
