// toolgate's own unevaluatedProperties / unevaluatedItems (src/schema/engine/unevaluated.ts): the
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

  // Core §11 read directly, beyond the official suite.
  const properties = (o: object): object => ({ type: 'object', ...o, unevaluatedProperties: false });
  const ifElse = properties({
    if: { properties: { a: { const: 1 } }, required: ['a'] },
    then: { properties: { b: true } },
    else: { properties: { c: true } },
  });
  const oneOf = properties({
    oneOf: [
      { properties: { a: true }, required: ['a'] },
      { properties: { b: true }, required: ['b'] },
    ],
  });
  it.each([
    [
      '§11.3: only names at its own instance location count, not nested ones',
      properties({ properties: { a: { type: 'object', properties: { b: true } } } }),
      { a: { c: 1 } },
      true,
    ],
    [
      '§11.3: a name evaluated only inside a child object is unevaluated here',
      properties({ properties: { a: { type: 'object', properties: { c: true } } } }),
      { a: {}, c: 1 },
      false,
    ],
    [
      '§7.7.1: annotations inside "not" are dropped, even under double negation',
      properties({ not: { not: { properties: { a: true } } } }),
      { a: 1 },
      false,
    ],
    [
      '§10.2.2.4: dependentSchemas evaluates only when its property is present (present)',
      properties({ properties: { a: true }, dependentSchemas: { a: { properties: { b: true } } } }),
      { a: 1, b: 1 },
      true,
    ],
    [
      '§10.2.2.4: dependentSchemas evaluates only when its property is present (absent)',
      properties({ properties: { a: true }, dependentSchemas: { a: { properties: { b: true } } } }),
      { b: 1 },
      false,
    ],
    ['§10.2.1.3: oneOf keeps the annotations of its one valid branch', oneOf, { a: 1 }, true],
    ['§10.2.1.3: a name no oneOf branch evaluated fails', oneOf, { a: 1, c: 1 }, false],
    ['§10.2.2.2: a failing "if" drops its annotations, "else" gives its own', ifElse, { a: 2, c: 1 }, false],
    ['§10.2.2.1: a passing "if" and its "then" both give annotations', ifElse, { a: 1, b: 1 }, true],
    [
      '§11.3: the result of a nested unevaluatedProperties subschema is an annotation too',
      properties({ allOf: [{ properties: { a: true }, unevaluatedProperties: { type: 'number' } }] }),
      { a: 1, b: 2 },
      true,
    ],
    [
      '§11.3: a nested unevaluatedProperties that fails makes its branch fail',
      properties({ allOf: [{ properties: { a: true }, unevaluatedProperties: { type: 'number' } }] }),
      { a: 1, b: 'x' },
      false,
    ],
  ])('Core: %s', (_name, schema, args, expected) => {
    expect(verdict(schema, args)).toBe(expected);
  });

  const list = (o: object): object => wrap({ ...o, unevaluatedItems: false });
  const capped = list({ contains: { type: 'string' }, maxContains: 2 });
  it.each([
    [
      '§11.2: prefixItems longer than the array evaluates every item',
      list({ prefixItems: [true, true, true] }),
      { a: [1] },
      true,
    ],
    ['§11.2: contains with maxContains evaluates every matching item', capped, { a: ['x', 'y'] }, true],
    ['§11.2: an item contains does not match stays unevaluated under maxContains', capped, { a: ['x', 1] }, false],
    ['§6.4.4: too many matches fail maxContains whatever is evaluated', capped, { a: ['x', 'y', 'z'] }, false],
    [
      '§11.2: a nested unevaluatedItems: true evaluates every item',
      list({ allOf: [{ unevaluatedItems: true }] }),
      { a: [1, 'x'] },
      true,
    ],
  ])('Core: %s', (_name, schema, args, expected) => {
    expect(verdict(schema, args)).toBe(expected);
  });

  // A property name is validated at its object's location: two names must never share a result.
  const names = {
    type: 'object',
    $defs: { name: { anyOf: [{ $ref: '#/$defs/short' }, { pattern: '^x' }] }, short: { maxLength: 1 } },
    propertyNames: { $ref: '#/$defs/name' },
    unevaluatedProperties: true,
  };
  it.each([
    ['every name valid', { a: 1, xb: 2 }, true],
    ['a valid name first, an invalid one second', { a: 1, bb: 2 }, false],
    ['an invalid name first, a valid one second', { bb: 2, a: 1 }, false],
  ])('propertyNames under unevaluated*: %s', (_name, args, expected) => {
    expect(verdict(names, args)).toBe(expected);
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
