// toolgate's own unevaluatedProperties / unevaluatedItems (src/schema/unevaluated.ts): the
// interactions on which Ajv's built-in keywords give wrong verdicts (Core §11.2, §11.3).
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';

const verdict = (schema: object, args: unknown): boolean | string => {
  const compiled = validateSchema(schema);
  if (!compiled.ok) return `compile ${compiled.error.class}: ${compiled.error.message}`;
  return compiled.value.validate(args).ok;
};

const wrap = (items: object): object => ({ type: 'object', properties: { a: items }, required: ['a'] });

describe('unevaluated keywords', () => {
  it.each([
    [
      'contains evaluates the items it matches',
      wrap({ contains: { type: 'string' }, unevaluatedItems: false }),
      { a: ['x', 'y'] },
      true,
    ],
    [
      'an item contains does not match is unevaluated',
      wrap({ contains: { type: 'string' }, unevaluatedItems: false }),
      { a: ['x', 1] },
      false,
    ],
    [
      'minContains: 0 still evaluates matching items',
      wrap({ contains: { type: 'string' }, minContains: 0, unevaluatedItems: false }),
      { a: ['x'] },
      true,
    ],
    [
      'items inside a passing anyOf branch evaluate every item',
      wrap({ anyOf: [{ items: { type: 'string' } }, true], unevaluatedItems: false }),
      { a: ['x'] },
      true,
    ],
    [
      'items inside a failing anyOf branch evaluate nothing',
      wrap({ anyOf: [{ items: { type: 'string' } }, true], unevaluatedItems: false }),
      { a: [1] },
      false,
    ],
  ])('unevaluatedItems: %s', (_name, schema, args, expected) => {
    expect(verdict(schema, args)).toBe(expected);
  });

  const ifOnly = {
    type: 'object',
    if: { properties: { foo: { const: 'then' } }, required: ['foo'] },
    unevaluatedProperties: false,
  };
  it.each([
    ['if without then/else: a passing if evaluates its properties', ifOnly, { foo: 'then' }, true],
    ['if without then/else: a failing if evaluates nothing', ifOnly, { foo: 'else' }, false],
    [
      'a nested unevaluatedProperties: true evaluates everything',
      { type: 'object', allOf: [{ unevaluatedProperties: true }], unevaluatedProperties: false },
      { x: 1 },
      true,
    ],
    [
      'properties reached through $ref count as evaluated',
      { type: 'object', $defs: { d: { properties: { x: true } } }, $ref: '#/$defs/d', unevaluatedProperties: false },
      { x: 1 },
      true,
    ],
    [
      'a property no applicator evaluated fails',
      { type: 'object', $defs: { d: { properties: { x: true } } }, $ref: '#/$defs/d', unevaluatedProperties: false },
      { y: 1 },
      false,
    ],
    [
      'an unevaluated property is checked against the subschema',
      { type: 'object', properties: { x: true }, unevaluatedProperties: { type: 'string' } },
      { x: 1, y: 'ok' },
      true,
    ],
  ])('unevaluatedProperties: %s', (_name, schema, args, expected) => {
    expect(verdict(schema, args)).toBe(expected);
  });

  it('reports the unevaluated property where the model can read it', () => {
    const compiled = validateSchema({ type: 'object', properties: { x: true }, unevaluatedProperties: false });
    expect(compiled.ok).toBe(true);
    if (!compiled.ok) return;
    const r = compiled.value.validate({ x: 1, extra: 2 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.violations.map((v) => v.keyword)).toContain('unevaluatedProperties');
  });
});
