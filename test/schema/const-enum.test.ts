// const and enum compare JSON values as data (Validation §6.1.2, §6.1.3, §4.2.2): an argument whose
// own members are named like Object.prototype methods is compared, never called.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate, type SchemaOptions } from '../../src/index.js';
import { jsonEqual } from '../../src/schema/engine/const-enum.js';
import { equalityKey } from '../../src/schema/engine/unique-items.js';

const D07 = 'http://json-schema.org/draft-07/schema#';
const D2019 = 'https://json-schema.org/draft/2019-09/schema';
const LEGACY: SchemaOptions = { dialects: ['2020-12', '2019-09', 'draft-07'] };
const MEMBERS = ['toString', 'valueOf', 'constructor', 'hasOwnProperty', 'isPrototypeOf', '__proto__'];

const verdict = (schema: object, args: unknown, options?: SchemaOptions): string => {
  const r = validate(schema, args, options);
  return r.ok ? 'valid' : r.error.class;
};
// Built with defineProperty semantics, so "__proto__" is an own key like any other.
const own = (name: string, value: unknown): Record<string, unknown> => Object.fromEntries([[name, value]]);

describe('const/enum with an argument that has own members named like Object.prototype methods', () => {
  const dialects: [string, Record<string, unknown>, SchemaOptions | undefined][] = [
    ['2020-12', {}, undefined],
    ['2019-09', { $schema: D2019 }, LEGACY],
    ['draft-07', { $schema: D07 }, LEGACY],
  ];
  describe.each(dialects)('%s', (_, root, options) => {
    const schemaOf = (sub: object): object => ({ ...root, type: 'object', properties: { x: sub } });
    it.each(MEMBERS)('own member %s: an equal value is valid, a different one is a validation failure', (m) => {
      for (const [member, other] of [
        ['a', 'b'],
        [{}, { y: 1 }],
        [[1], [2]],
      ]) {
        expect(verdict(schemaOf({ const: own(m, member) }), { x: own(m, member) }, options)).toBe('valid');
        expect(verdict(schemaOf({ enum: [1, own(m, member)] }), { x: own(m, member) }, options)).toBe('valid');
        expect(verdict(schemaOf({ const: own(m, member) }), { x: own(m, other) }, options)).toBe('validation');
        expect(verdict(schemaOf({ enum: [1, own(m, member)] }), { x: own(m, other) }, options)).toBe('validation');
      }
    });
  });

  it('the reported case: const {"toString":"a"} accepts {"toString":"a"}', () => {
    expect(verdict({ properties: { x: { const: { toString: 'a' } } } }, { x: { toString: 'a' } })).toBe('valid');
  });

  it('a null-prototype argument object equals the same const object', () => {
    const args = Object.assign(Object.create(null) as object, {
      x: Object.assign(Object.create(null) as object, { a: 1 }),
    });
    expect(verdict({ properties: { x: { const: { a: 1 } } } }, args)).toBe('valid');
  });

  it('numbers compare by value: 1 equals 1.0, 0 equals -0, nested too', () => {
    expect(verdict({ properties: { x: { const: { n: [0, 1.0] } } } }, { x: { n: [-0, 1] } })).toBe('valid');
    expect(verdict({ properties: { x: { enum: [-0, 'a'] } } }, { x: 0 })).toBe('valid');
    expect(verdict({ properties: { x: { const: [1, 2] } } }, { x: [2, 1] })).toBe('validation');
    expect(verdict({ properties: { x: { const: {} } } }, { x: [] })).toBe('validation');
    expect(verdict({ properties: { x: { const: null } } }, { x: {} })).toBe('validation');
  });

  it('a long enum (past the inline comparisons) answers the same, containers and -0 included', () => {
    const long = [...Array.from({ length: 40 }, (_, i) => `v${i}`), 0, { toString: 'a' }, [1]];
    const schema = { properties: { x: { enum: long } } };
    for (const x of ['v39', -0, 0, { toString: 'a' }, [1.0]]) expect(verdict(schema, { x })).toBe('valid');
    for (const x of ['v40', 1, { toString: 'b' }, [], null]) expect(verdict(schema, { x })).toBe('validation');
  });

  it('error messages still name the allowed values', () => {
    const r = validate({ properties: { x: { enum: ['a', { toString: 'b' }] } } }, { x: 'c' });
    expect(r.ok ? '' : r.error.message).toContain('"c" is not one of ["a",{"toString":"b"}]');
  });
});

describe('jsonEqual agrees with the uniqueItems equality key on JSON values', () => {
  it('random pairs from a small domain (so that many are equal) and self-copies', () => {
    const json = fc.letrec((tie) => ({
      v: fc.oneof(
        { maxDepth: 3 },
        fc.constantFrom(0, -0, 1, 1.5, 'a', '', true, null),
        fc.array(tie('v'), { maxLength: 2 }),
        fc
          .uniqueArray(fc.tuple(fc.constantFrom('a', 'toString', '__proto__'), tie('v')), {
            selector: (e) => e[0],
            maxLength: 2,
          })
          .map((e) => Object.fromEntries(e)),
      ),
    })).v;
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(jsonEqual(a, structuredClone(a))).toBe(true);
        expect(jsonEqual(a, b)).toBe(equalityKey(a) === equalityKey(b));
      }),
      { seed: 8, numRuns: 2000 },
    );
  });
});
