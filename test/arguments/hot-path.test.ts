// The hot path: the allocation-free argument check, the strict parser counting the
// argument limits while it builds, and the run-time modes decided per compile (ownProperties, the
// pattern budget). Each fast path must answer exactly as the slow one it stands in for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate, validateSchema } from '../../src/schema/compile.js';
import { isPlainJsonWithin } from '../../src/arguments/json-fast-check.js';
import { findArgumentProblem } from '../../src/arguments/argument-value.js';
import { parseJsonText } from '../../src/arguments/json-text.js';
import { parseStrictJsonText } from '../../src/arguments/json-text-strict.js';
import { parseNative } from '../../src/arguments/json-text-native.js';
import { argumentBounds, DEFAULT_LIMITS, type Limits } from '../../src/util/limits.js';
import { needsOwnProperties, needsPatternBudget } from '../../src/schema/schema-needs.js';
import type { Result } from '../../src/result.js';

const summary = (r: Result<unknown>): string => (r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`);
const BOUNDS = argumentBounds(DEFAULT_LIMITS);

class Point {
  x = 1;
}
const cyclic: Record<string, unknown> = {};
cyclic['self'] = cyclic;
const deep = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { v };
  return v;
};

const counted = (): { value: object; reads: () => number } => {
  let reads = 0;
  const value = Object.defineProperty({}, 'a', {
    enumerable: true,
    get: () => {
      reads++;
      return 1;
    },
  });
  return { value, reads: () => reads };
};

describe('isPlainJsonWithin: only plain JSON within the bounds passes; everything else goes to the full walker', () => {
  const refused: { name: string; value: unknown }[] = [
    { name: 'undefined', value: { a: undefined } },
    { name: 'function', value: { a: () => 1 } },
    { name: 'symbol value', value: { a: Symbol('s') } },
    { name: 'bigint', value: { a: 1n } },
    { name: 'NaN', value: [Number.NaN] },
    { name: '-Infinity', value: { a: -Infinity } },
    { name: 'Date', value: { a: new Date(0) } },
    { name: 'class instance', value: new Point() },
    { name: 'array subclass', value: { a: new (class extends Array {})() } },
    { name: 'hole', value: { a: [1, , 3] } },
    { name: 'hole at the end', value: { a: new Array(2) } },
    { name: 'Proxy', value: { a: new Proxy({}, {}) } },
    { name: 'Proxy of an array', value: { a: new Proxy([1], {}) } },
    { name: 'Proxy at the root', value: new Proxy({}, {}) },
    { name: 'revoked Proxy', value: { a: Proxy.revocable({}, {}).proxy } },
    {
      name: 'getter returning a function',
      value: Object.defineProperty({}, 'a', { enumerable: true, get: () => () => 1 }),
    },
    { name: 'cycle', value: cyclic },
  ];
  it.each(refused)('$name: handed over, and the walker names a problem', ({ value }) => {
    expect(isPlainJsonWithin(value, BOUNDS)).toBe(false);
    // Not JSON, and not a limit: the walker's finding is of the kind that becomes a `validation` error.
    expect(findArgumentProblem(value, BOUNDS)?.kind).toBe('not-json');
  });

  it('never invokes a Proxy trap', () => {
    let calls = 0;
    const trap = (): never => {
      calls++;
      throw new Error('trap ran');
    };
    const traps = new Proxy({}, { ownKeys: trap, getPrototypeOf: trap, get: trap, has: trap });
    const arrayTraps = new Proxy([], { ownKeys: trap, getPrototypeOf: trap, get: trap, has: trap });
    for (const value of [traps, { a: [traps] }, arrayTraps, { a: arrayTraps }]) {
      expect(isPlainJsonWithin(value, BOUNDS)).toBe(false);
      expect(findArgumentProblem(value, BOUNDS)?.kind).toBe('not-json');
    }
    expect(calls).toBe(0);
  });

  // The host's objects are host code (arguments/argument-value.ts): what JSON.stringify and the engine read
  // is checked, and what neither sees is not part of the value. Each row passes both checks alike.
  it.each([
    { name: '-0', value: { a: -0 } },
    { name: 'null prototype', value: Object.assign(Object.create(null) as object, { a: [1, 'x', null, true] }) },
    { name: 'own __proto__ key (JSON.parse)', value: JSON.parse('{"__proto__":{"a":1}}') as unknown },
    { name: 'empty containers', value: { a: {}, b: [] } },
    { name: 'getter returning JSON (read once, like a data property)', value: counted().value },
    { name: 'array index getter', value: Object.defineProperty([1], 0, { enumerable: true, get: () => 1 }) },
    { name: 'symbol key (not part of the JSON value)', value: { [Symbol('k')]: () => 1 } },
    { name: 'symbol key on an array', value: Object.assign([1], { [Symbol('k')]: 1 }) },
    { name: 'named property on an array (not part of the JSON value)', value: Object.assign([1], { x: () => 1 }) },
    {
      name: 'non-enumerable property (not part of the JSON value)',
      value: Object.defineProperty({}, 'h', { value: () => 1, enumerable: false }),
    },
  ])('$name passes', ({ value }) => {
    expect(isPlainJsonWithin(value, BOUNDS)).toBe(true);
    expect(findArgumentProblem(value, BOUNDS)).toBeUndefined();
  });

  it('reads each member once: a getter runs once in the quick check, once more only when the walker looks', () => {
    const quick = counted();
    expect(isPlainJsonWithin(quick.value, BOUNDS)).toBe(true);
    expect(quick.reads()).toBe(1);
    const walked = counted();
    expect(findArgumentProblem(walked.value, BOUNDS)).toBeUndefined();
    expect(walked.reads()).toBe(1);
  });

  // Each bound: at the limit passes, one past it is handed over (and the walker reports the excess).
  const limit = (name: keyof Limits, value: number): Limits => ({ ...DEFAULT_LIMITS, [name]: value });
  it.each([
    { limit: 'maxArgumentDepth' as const, at: 3, within: deep(3), beyond: deep(4) },
    { limit: 'maxArgumentValues' as const, at: 3, within: { a: 1, b: 2 }, beyond: { a: 1, b: 2, c: 3 } },
    { limit: 'maxArgumentValues' as const, at: 3, within: [1, 2], beyond: [1, [2]] },
    { limit: 'maxStringLength' as const, at: 2, within: { ab: 'cd' }, beyond: { ab: 'cde' } },
    { limit: 'maxStringLength' as const, at: 2, within: { ab: 1 }, beyond: { abc: 1 } },
    { limit: 'maxStringLength' as const, at: 2, within: 'ab', beyond: 'abc' },
    { limit: 'maxObjectProperties' as const, at: 2, within: { a: 1, b: 2 }, beyond: { a: 1, b: 2, c: 3 } },
    { limit: 'maxArrayItems' as const, at: 2, within: { a: [1, 2] }, beyond: { a: [1, 2, 3] } },
  ])('$limit = $at: within passes, beyond is handed over', ({ limit: name, at, within, beyond }) => {
    const bounds = argumentBounds(limit(name, at));
    expect(isPlainJsonWithin(within, bounds)).toBe(true);
    expect(findArgumentProblem(within, bounds)).toBeUndefined();
    expect(isPlainJsonWithin(beyond, bounds)).toBe(false);
    expect(findArgumentProblem(beyond, bounds)?.kind).toBe('excess');
  });

  it('past its own recursion cap (64) it hands over, and the iterative walker finishes the answer', () => {
    const lifted = { ...DEFAULT_LIMITS, maxArgumentDepth: Infinity };
    const value = deep(5000);
    expect(isPlainJsonWithin(value, argumentBounds(lifted))).toBe(false);
    const c = validateSchema({ type: 'object' }, { limits: { maxArgumentDepth: Infinity } });
    expect(c.ok && c.value.validate(value).ok).toBe(true);
  });

  it('answers as the full walker on random values, both ways', () => {
    const odd = fc.constantFrom<unknown>(
      undefined,
      Number.NaN,
      Infinity,
      -0,
      1n,
      Symbol('s'),
      new Date(0),
      [1, , 2],
      () => 1,
      new Proxy({}, {}),
    );
    const value = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 3 }),
        odd,
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('v'), { maxKeys: 3 }),
      ),
    })).v;
    const small = argumentBounds({ ...DEFAULT_LIMITS, maxArgumentValues: 12, maxStringLength: 8, maxArgumentDepth: 4 });
    fc.assert(
      fc.property(value, (v) => {
        for (const bounds of [BOUNDS, small])
          expect(isPlainJsonWithin(v, bounds)).toBe(findArgumentProblem(v, bounds) === undefined);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('validateJSON counts the argument limits while parsing: same verdict as validate on the parsed value', () => {
  it.each([
    { limits: { maxArgumentValues: 3 }, text: '{"a":1,"b":[2]}' },
    { limits: { maxStringLength: 3 }, text: '{"a":"abcd"}' },
    { limits: { maxStringLength: 3 }, text: '{"abcd":1}' },
    { limits: { maxObjectProperties: 2 }, text: '{"x":{"a":1,"b":2,"c":3}}' },
    { limits: { maxArrayItems: 2 }, text: '{"a":[[1,2,3]]}' },
    { limits: { maxArgumentValues: 3 }, text: '{"a":{"b":{"c":1}}}' },
  ])('$limits on $text', ({ limits, text }) => {
    const c = validateSchema({ type: 'object' }, { limits });
    if (!c.ok) throw new Error('open schema refused');
    const fromText = c.value.validateJSON(text);
    expect(summary(fromText)).toMatch(/^execution_failure: limit /);
    expect(fromText).toEqual(c.value.validate(JSON.parse(text)));
  });

  it('a text within every limit is validated without a second walk, and reads as JSON.parse reads it', () => {
    const open = validateSchema({});
    if (!open.ok) throw new Error('open schema refused');
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (value) => {
        const text = JSON.stringify(value);
        // JSON.stringify writes every number in its shortest form, which the number rule accepts
        // (arguments/exact-number.ts), so every such text is read.
        const r = open.value.validateJSON(text);
        expect(r.ok && r.value).toEqual(JSON.parse(text));
      }),
      { numRuns: 500 },
    );
  });
});

describe('ownProperties is on exactly for schemas that test the presence of an inherited name', () => {
  it.each([
    { name: 'properties key', schema: { properties: { toString: {} } }, needed: true },
    { name: 'required member', schema: { required: ['constructor'] }, needed: true },
    { name: 'dependentRequired key', schema: { dependentRequired: { valueOf: ['a'] } }, needed: true },
    { name: 'dependentRequired list member', schema: { dependentRequired: { a: ['hasOwnProperty'] } }, needed: true },
    { name: 'dependentSchemas key', schema: { dependentSchemas: { isPrototypeOf: {} } }, needed: true },
    {
      name: '__proto__ (own key, as JSON.parse makes it)',
      schema: JSON.parse('{"properties":{"__proto__":{}}}') as unknown,
      needed: true,
    },
    { name: 'nested under $defs', schema: { $defs: { x: { required: ['__lookupGetter__'] } } }, needed: true },
    {
      name: 'ordinary names',
      schema: { properties: { city: {} }, required: ['city'], dependentRequired: { a: ['b'] } },
      needed: false,
    },
    {
      name: 'an inherited name only as data',
      schema: { const: { toString: 1 }, enum: ['constructor'] },
      needed: false,
    },
    { name: 'an inherited name as a pattern', schema: { patternProperties: { '^toString$': {} } }, needed: false },
  ])('$name: $needed', ({ schema, needed }) => expect(needsOwnProperties([schema])).toBe(needed));

  it('a second document decides too', () =>
    expect(needsOwnProperties([{ properties: { a: {} } }, { required: ['toString'] }])).toBe(true));

  // Regression guard for the per-compile engine choice: an inherited member never counts as present.
  it.each<{ name: string; schema: object; args: object; valid: boolean }>([
    { name: 'required', schema: { type: 'object', required: ['toString'] }, args: {}, valid: false },
    {
      name: 'dependentRequired list',
      schema: { type: 'object', dependentRequired: { a: ['valueOf'] } },
      args: { a: 1 },
      valid: false,
    },
    {
      name: 'dependentRequired key',
      schema: { type: 'object', dependentRequired: { constructor: ['b'] } },
      args: {},
      valid: true,
    },
    {
      name: 'dependentSchemas key',
      schema: { type: 'object', dependentSchemas: { constructor: { required: ['b'] } } },
      args: {},
      valid: true,
    },
    {
      name: 'dependentSchemas key, own',
      schema: { type: 'object', dependentSchemas: { constructor: { required: ['b'] } } },
      args: { constructor: 1 },
      valid: false,
    },
    {
      name: 'properties',
      schema: { type: 'object', properties: { toString: { type: 'string' } } },
      args: {},
      valid: true,
    },
    {
      name: 'ordinary required (shared engine without ownProperties)',
      schema: { type: 'object', required: ['a'] },
      args: {},
      valid: false,
    },
  ])('$name', ({ schema, args, valid }) => expect(validate(schema, args).ok).toBe(valid));
});

describe('the pattern budget is kept for every schema with a quadratic pattern', () => {
  it.each([
    { name: 'no pattern', schema: { properties: { a: { type: 'string' } } }, needed: false },
    { name: 'linear pattern', schema: { properties: { a: { pattern: '^[a-z]+$' } } }, needed: false },
    { name: 'quadratic pattern', schema: { properties: { a: { pattern: 'a.*b' } } }, needed: true },
    { name: 'quadratic patternProperties key', schema: { patternProperties: { 'a.*b': {} } }, needed: true },
    { name: 'quadratic pattern inside contentSchema', schema: { contentSchema: { pattern: 'a.*b' } }, needed: true },
    {
      name: 'quadratic pattern in an unknown keyword (looked at anyway)',
      schema: { 'x-extra': { pattern: 'a.*b' } },
      needed: true,
    },
  ])('$name: $needed', ({ schema, needed }) => expect(needsPatternBudget([schema])).toBe(needed));

  it('maxPatternSubject still stops a quadratic pattern', () => {
    const r = validate(
      { type: 'object', properties: { a: { type: 'string', pattern: 'a.*b' } } },
      { a: 'a'.repeat(5000) },
    );
    expect(summary(r)).toMatch(/^execution_failure: limit maxPatternSubject exceeded/);
  });

  it('a linear pattern, run without the budget, still decides', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', pattern: '^[a-z]+$' } } };
    expect(validate(schema, { a: 'abc' }).ok).toBe(true);
    expect(summary(validate(schema, { a: 'A'.repeat(10_000) }))).toMatch(/^validation: /);
  });
});

describe('validateJSON native path: JSON.parse only where it reads the text exactly as the strict parser', () => {
  it.each([
    { name: 'byte order mark', text: '\ufeff{}' },
    { name: 'duplicate key', text: '{"a":1,"a":2}' },
    { name: 'duplicate __proto__', text: '{"__proto__":1,"__proto__":2}' },
    { name: 'duplicate key spelt with an escape', text: '{"a":1,"\\u0061":2}' },
    { name: 'raw lone surrogate', text: '{"a":"\ud800"}' },
    { name: 'raw surrogate pair (exact, but left to the strict parser)', text: '{"a":"\ud83d\ude00"}' },
    { name: 'escaped lone surrogate', text: '{"a":"\\udc00"}' },
    { name: 'integer beyond 2^53', text: '{"a":9007199254740993}' },
    { name: 'exponent (overflow)', text: '{"a":1e400}' },
    { name: 'exponent (underflow)', text: '{"a":1e-400}' },
    { name: 'long fraction (underflow without exponent)', text: `{"a":0.${'0'.repeat(400)}1}` },
    { name: 'nesting past 64', text: `${'['.repeat(65)}${']'.repeat(65)}` },
    { name: 'syntax error', text: '{"a":1,}' },
    { name: 'empty text', text: '' },
  ])('$name: handed to the strict parser, same answer as it', ({ text }) => {
    expect(parseNative(text, DEFAULT_LIMITS)).toBeUndefined();
    expect(parseJsonText(text, DEFAULT_LIMITS)).toEqual(parseStrictJsonText(text, DEFAULT_LIMITS));
  });

  // Numbers past the quick length test and keys that cannot be compared as written are checked after
  // JSON.parse instead of sending the text over: same value, same verdict as the strict parser.
  const wide = `{${Array.from({ length: 40 }, (_, k) => `"k${k}":${k}`).join(',')}}`;
  it.each([
    { name: 'exact number longer than 15 characters', text: '{"a":12345678901234.5}' },
    { name: 'exact number with an exponent', text: '{"a":[1e5,2.5E-3,-0e0]}' },
    { name: 'key with an escape, no duplicate', text: '{"a\\nb":1,"ab":2}' },
    { name: 'more keys than are compared pairwise', text: wide },
    { name: 'string with escapes at the length limit', text: '{"a":"\\u0041\\n"}' },
  ])('$name: read natively, as the strict parser reads it', ({ text }) => {
    const limits = { ...DEFAULT_LIMITS, maxStringLength: 2 };
    for (const l of [DEFAULT_LIMITS, limits]) {
      const native = parseNative(text, l);
      const strict = parseStrictJsonText(text, l);
      expect(native).toBeDefined();
      expect(strict.ok && { value: strict.value.value, withinLimits: strict.value.withinLimits }).toStrictEqual(native);
    }
  });

  it.each([
    { name: 'duplicate key in an object of more keys than are compared pairwise', text: wide.replace('"k39"', '"k0"') },
    { name: 'duplicate key after an escaped key', text: '{"\\u0062":1,"a":2,"a":3}' },
    { name: 'duplicate key in a nested object', text: '{"a":{"b":1,"c":{"b":2},"b":3}}' },
  ])('$name: handed to the strict parser', ({ text }) => {
    expect(parseNative(text, DEFAULT_LIMITS)).toBeUndefined();
    expect(summary(parseStrictJsonText(text, DEFAULT_LIMITS))).toMatch(/duplicate key/);
  });

  it('reads -0 and an own __proto__ key as the strict parser does', () => {
    const r = parseNative('{"__proto__":{"a":-0}}', DEFAULT_LIMITS);
    const value = r?.value as Record<string, { a: number }>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__']);
    expect(Object.is(value['__proto__']?.a, -0)).toBe(true);
  });

  it('answers as the strict parser on random JSON texts and on random junk', () => {
    const texts = fc.oneof(
      fc.json(),
      fc.jsonValue().map((v) => JSON.stringify(v, null, 1)),
      fc.string({
        unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '1', 'e', '-', '.', '\\', 'u', 'd', '8', ' ', 'a'),
      }),
    );
    const small = {
      ...DEFAULT_LIMITS,
      maxArgumentValues: 5,
      maxStringLength: 4,
      maxObjectProperties: 2,
      maxArrayItems: 2,
      maxArgumentDepth: 3,
    };
    fc.assert(
      fc.property(texts, (text) => {
        for (const limits of [DEFAULT_LIMITS, small]) {
          const native = parseNative(text, limits);
          if (native === undefined) continue;
          const strict = parseStrictJsonText(text, limits);
          expect(strict.ok).toBe(true);
          if (strict.ok) {
            expect(native.withinLimits).toBe(strict.value.withinLimits);
            expect(native.value).toStrictEqual(strict.value.value);
          }
        }
      }),
      { numRuns: 3000 },
    );
  });
});
