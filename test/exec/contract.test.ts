import { describe, expect, it } from 'vitest';
import { checkContract, inferSchema } from '../../src/exec/contract.js';
import { parseTemplates } from '../../src/exec/template.js';

// {city} sits after author text; {days} starts its element and is safe only through its `minimum` (see
// option-injection.test.ts).
const templates = parseTemplates(['--city={city}', '{days}']);
if (!templates.ok) throw new Error('fixture');
const good = {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1, description: 'x' }, days: { type: ['integer'], minimum: 1 } },
  required: ['city', 'days'],
  additionalProperties: false,
};

describe('checkContract', () => {
  it('accepts a closed object of required scalar properties, each used', () => {
    const r = checkContract(good, templates.value);
    expect(r.ok && Object.fromEntries(r.value)).toEqual({ city: 'string', days: 'integer' });
  });

  it.each([
    [
      'a placeholder that is no property',
      { ...good, properties: { city: good.properties.city }, required: ['city'] },
      'placeholder {days} is not a property',
    ],
    [
      'a property no template uses',
      { ...good, properties: { ...good.properties, extra: { type: 'string' } }, required: ['city', 'days', 'extra'] },
      '"extra" is used by no argument template',
    ],
    ['an optional property', { ...good, required: ['city'] }, '"days" must be required'],
    ['an open object', { ...good, additionalProperties: true }, '"additionalProperties": false'],
    [
      'additionalProperties left out',
      { type: 'object', properties: good.properties, required: good.required },
      '"additionalProperties": false',
    ],
    ['patternProperties at the root', { ...good, patternProperties: { '^x': {} } }, 'patternProperties'],
    [
      'a union type',
      { ...good, properties: { ...good.properties, days: { type: ['integer', 'string'] } } },
      '"days" must declare a single scalar type',
    ],
    [
      'an object-typed property',
      { ...good, properties: { ...good.properties, days: { type: 'object' } } },
      '"days" must declare a single scalar type',
    ],
    [
      'a property without type',
      { ...good, properties: { ...good.properties, days: { enum: [1, 2] } } },
      '"days" must declare a single scalar type',
    ],
    [
      'a boolean property schema',
      { ...good, properties: { ...good.properties, days: true } },
      '"days" must declare a single scalar type',
    ],
    ['a non-object root type', { ...good, type: 'array' }, '"type": "object"'],
    [
      'no root type',
      { properties: good.properties, required: good.required, additionalProperties: false },
      '"type": "object"',
    ],
    ['a boolean root', true, 'must be an object schema'],
  ])('refuses %s', (_why, schema, message) => {
    const r = checkContract(schema, templates.value);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.class).toBe('validation');
      expect(r.error.message).toContain(message);
    }
  });

  it('lists every broken rule, not only the first', () => {
    const r = checkContract({ type: 'object', properties: { city: { type: 'string' } } }, templates.value);
    expect(r.ok ? 0 : r.error.violations.length).toBe(3);
  });
});

describe('inferSchema', () => {
  const afterEnd = parseTemplates(['--city={city}', '--', '{days}']);
  if (!afterEnd.ok) throw new Error('fixture');

  it('makes each placeholder a required string and closes the object', () => {
    const schema = inferSchema(afterEnd.value);
    expect(schema).toEqual({
      type: 'object',
      properties: { city: { type: 'string' }, days: { type: 'string' } },
      required: ['city', 'days'],
      additionalProperties: false,
    });
    expect(checkContract(schema, afterEnd.value).ok).toBe(true);
  });

  it('is refused when an inferred string starts an argument with no "--" before it', () => {
    const r = checkContract(inferSchema(templates.value), templates.value);
    expect(r.ok ? [] : r.error.violations.map((v) => [v.keyword, v.schemaPath])).toEqual([
      ['option-injection', '/properties/days'],
    ]);
  });
});
