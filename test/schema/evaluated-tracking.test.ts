// Ajv 2020 generates its own evaluated-property tracking for every schema, and that code throws on
// valid schemas ("Cannot set properties of undefined" when an `anyOf`/`oneOf`/`if` branch that failed
// was the only one to create the tracking variable, and a later keyword of the same schema writes to
// it). toolgate computes annotations itself (src/schema/engine/unevaluated.ts), so that code is no longer
// generated. Eleven of the cases below threw inside validate before (the first twelve but the
// second); the others pin neighbouring shapes (prefixItems, unevaluated*, recursion) of that code.
// Verdicts follow Core §7.7.1 (annotations only from subschemas that validated), §11.2, §11.3.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { createEngine } from '../../src/schema/engine/ajv-2020.js';

type Case = readonly [name: string, schema: object, args: unknown, valid: boolean];

const obj = (o: object): object => ({ type: 'object', ...o });
const arr = (o: object): object => ({ type: 'object', properties: { x: o }, required: ['x'] });
const failingB = { properties: { b: true }, required: ['b'] };

const CASES: readonly Case[] = [
  [
    'anyOf branch with unevaluatedProperties fails, patternProperties follows',
    obj({
      anyOf: [{ properties: { b: true }, unevaluatedProperties: false }, true],
      patternProperties: { '^a': true },
    }),
    { a: null },
    true,
  ],
  [
    'anyOf branch with unevaluatedProperties passes, patternProperties follows',
    obj({
      anyOf: [{ properties: { b: true }, unevaluatedProperties: false }, true],
      patternProperties: { '^a': true },
    }),
    { b: null },
    true,
  ],
  [
    'anyOf first branch fails on required, patternProperties follows',
    obj({ anyOf: [failingB, true], patternProperties: { '^a': true } }),
    { a: null },
    true,
  ],
  [
    'anyOf branch fails, patternProperties subschema still asserts',
    obj({ anyOf: [failingB, true], patternProperties: { '^a': { type: 'string' } } }),
    { a: null },
    false,
  ],
  [
    'oneOf first branch fails, patternProperties follows',
    obj({ oneOf: [failingB, true], patternProperties: { '^a': true } }),
    { a: null },
    true,
  ],
  [
    'oneOf with two failing branches before the passing one',
    obj({ oneOf: [failingB, { properties: { c: true }, required: ['c'] }, true], patternProperties: { '^a': true } }),
    { a: 1 },
    true,
  ],
  [
    'if fails, then declared the tracking, patternProperties follows',
    obj({ if: failingB, then: { properties: { c: true }, required: ['c'] }, patternProperties: { '^a': true } }),
    { a: 1 },
    true,
  ],
  [
    'if passes, then fails',
    obj({ if: { required: ['a'] }, then: failingB, patternProperties: { '^a': true } }),
    { a: 1 },
    false,
  ],
  [
    '$ref to a schema whose anyOf branch fails, patternProperties beside the $ref',
    obj({ $defs: { d: { anyOf: [failingB, true] } }, $ref: '#/$defs/d', patternProperties: { '^a': true } }),
    { a: null },
    true,
  ],
  [
    '$ref target holds both the failing anyOf branch and patternProperties',
    obj({
      $defs: { d: { anyOf: [failingB, true], patternProperties: { '^a': true } } },
      properties: { x: { $ref: '#/$defs/d' } },
    }),
    { x: { a: null } },
    true,
  ],
  [
    'anyOf branch fails through dependentSchemas, patternProperties follows',
    obj({
      anyOf: [{ dependentSchemas: { b: { properties: { c: true }, required: ['c'] } } }, true],
      patternProperties: { '^a': true },
    }),
    { a: null, b: 1 },
    true,
  ],
  [
    'not beside an anyOf whose branch fails',
    obj({
      not: failingB,
      anyOf: [{ properties: { d: true }, required: ['d'] }, true],
      patternProperties: { '^a': true },
    }),
    { a: 1 },
    true,
  ],
  [
    'unevaluatedProperties after the failing anyOf branch sees only the passing one',
    obj({
      anyOf: [failingB, { properties: { a: true } }],
      patternProperties: { '^z': true },
      unevaluatedProperties: false,
    }),
    { a: 1, z: 1 },
    true,
  ],
  [
    'unevaluatedProperties: a failing branch evaluates nothing',
    obj({ anyOf: [{ properties: { b: true, q: true }, required: ['b'] }, true], unevaluatedProperties: false }),
    { q: 1 },
    false,
  ],
  [
    'prefixItems in a failing anyOf branch evaluates nothing',
    arr({ anyOf: [{ prefixItems: [true], minItems: 5 }, true], unevaluatedItems: false }),
    { x: [1] },
    false,
  ],
  [
    'prefixItems in a passing anyOf branch evaluates its items',
    arr({ anyOf: [{ prefixItems: [true] }, true], unevaluatedItems: false }),
    { x: [1] },
    true,
  ],
  [
    'items after an anyOf branch with prefixItems applies to every item',
    arr({ anyOf: [{ prefixItems: [true], minItems: 5 }, true], items: { type: 'null' } }),
    { x: [1, null] },
    false,
  ],
  [
    'prefixItems in a passing if evaluates its items without then/else',
    arr({ if: { prefixItems: [{ type: 'string' }] }, then: { prefixItems: [true, true] }, unevaluatedItems: false }),
    { x: ['a', 1] },
    true,
  ],
  [
    'prefixItems in a failing if evaluates nothing',
    arr({ if: { prefixItems: [{ type: 'string' }] }, then: { prefixItems: [true, true] }, unevaluatedItems: false }),
    { x: [1, 1] },
    false,
  ],
  [
    'recursive $ref under anyOf: the inner object has an unevaluated property',
    obj({
      $defs: {
        n: {
          anyOf: [failingB, { properties: { c: { $ref: '#/$defs/n' } } }],
          unevaluatedProperties: false,
        },
      },
      $ref: '#/$defs/n',
    }),
    { c: { b: 1, z: 1 } },
    false,
  ],
  [
    'recursive $ref under anyOf: every property evaluated',
    obj({
      $defs: {
        n: {
          anyOf: [failingB, { properties: { c: { $ref: '#/$defs/n' } } }],
          unevaluatedProperties: false,
        },
      },
      $ref: '#/$defs/n',
    }),
    { c: { b: 1 } },
    true,
  ],
];

describe("Ajv's own evaluated-property tracking is never generated", () => {
  it.each(CASES)('%s', (_name, schema, args, valid) => {
    const compiled = validateSchema(schema);
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const direct = compiled.value.validate(args);
    const text = compiled.value.validateJSON(JSON.stringify(args));
    for (const r of [direct, text]) {
      expect(r.ok ? 'valid' : r.error.class).toBe(valid ? 'valid' : 'validation');
    }
  });
});

describe("toolgate's engines generate no evaluated-property tracking", () => {
  it.each([false, true])('ownProperties %s: a compiled validator carries no "evaluated" record', (ownProperties) => {
    const ajv = createEngine({ formatAssertion: false, contentAssertion: false, ownProperties });
    const validate = ajv.compile({ anyOf: [failingB, true], patternProperties: { '^a': true } });
    // Ajv attaches `evaluated` to every validator it compiles with tracking on.
    expect(validate.evaluated).toBeUndefined();
    expect(validate({ a: null })).toBe(true);
  });
});

describe('2019-09 documents: Ajv tracking is never generated, and unevaluated* is refused', () => {
  const doc = (o: object): object => ({
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    type: 'object',
    ...o,
  });
  it('anyOf branch fails, patternProperties follows', () => {
    const compiled = validateSchema(doc({ anyOf: [failingB, true], patternProperties: { '^a': true } }), {
      dialects: ['2019-09'],
    });
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.value.validate({ a: null }).ok).toBe(true);
  });
  // Ajv's 2019-09 tracking collected annotations wrongly and kept some on the shared validator.
  it.each([
    ['oneOf with unevaluatedProperties', doc({ oneOf: [{ properties: { b: true } }], unevaluatedProperties: false })],
    ['unevaluatedItems under a property', doc({ properties: { a: { items: [true], unevaluatedItems: false } } })],
    // Ajv's tracking threw here at validation time ("Cannot set properties of undefined").
    [
      'unevaluatedProperties under then',
      doc({
        if: { oneOf: [{ type: 'null' }] },
        then: { unevaluatedProperties: {} },
        else: {},
        patternProperties: { '^a': {} },
      }),
    ],
    ['unevaluatedProperties inside if', doc({ if: { unevaluatedProperties: { type: 'null' } }, then: {}, else: {} })],
  ] as const)('%s is unsupported_capability, pointing to 2020-12', (_name, schema) => {
    const compiled = validateSchema(schema, { dialects: ['2019-09'] });
    expect(compiled.ok).toBe(false);
    if (compiled.ok) return;
    expect(compiled.error.class).toBe('unsupported_capability');
    expect(compiled.error.message).toMatch(/not supported for 2019-09.*2020-12/);
  });
});
