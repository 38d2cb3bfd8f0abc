import { describe, expect, it } from 'vitest';
import { paramHeaderProblem } from '../../src/mcp/param-header-rules.js';

const obj = (properties: object, more: object = {}) => ({ type: 'object', properties, ...more });
const str = (header: unknown, more: object = {}) => ({ type: 'string', 'x-mcp-header': header, ...more });

describe('x-mcp-header rules (MCP 2026-07-28, "Tools", x-mcp-header)', () => {
  it.each([
    ['no annotation', obj({ a: { type: 'string' } })],
    ['a string', obj({ region: str('Region') })],
    [
      'an integer and a boolean',
      obj({ n: { type: 'integer', 'x-mcp-header': 'N' }, b: { type: 'boolean', 'x-mcp-header': 'B' } }),
    ],
    ['nested through properties', obj({ limits: obj({ n: { type: 'integer', 'x-mcp-header': 'N' } }) })],
    ['a nullable string', obj({ a: { type: ['string', 'null'], 'x-mcp-header': 'A' } })],
    ['token punctuation', obj({ a: str("x!#$%&'*+-.^_`|~9") })],
    ['a property named x-mcp-header', obj({ 'x-mcp-header': { type: 'string' } })],
    ['the annotation as data in a default', obj({ a: { type: 'object', default: { 'x-mcp-header': 'A' } } })],
    ['not an object', true],
  ])('accepts %s', (_, schema) => {
    expect(paramHeaderProblem(schema)).toBeUndefined();
  });

  it.each([
    ['on the root', { type: 'string', 'x-mcp-header': 'R' }, 'is not on a property'],
    ['under anyOf', obj({}, { anyOf: [obj({ a: str('A') })] }), 'at #/anyOf/0/properties/a is not on a property'],
    ['under items', obj({ list: { type: 'array', items: obj({ a: str('A') }) } }), 'is not on a property'],
    ['under $defs', obj({}, { $defs: { a: str('A') } }), 'is not on a property'],
    ['under patternProperties', obj({}, { patternProperties: { '^a': str('A') } }), 'is not on a property'],
    ['under if', obj({}, { if: obj({ a: str('A') }) }), 'is not on a property'],
    ['empty', obj({ a: str('') }), 'not an HTTP field-name token'],
    ['with a space', obj({ a: str('Re gion') }), 'not an HTTP field-name token'],
    ['with a line break', obj({ a: str('A\r\nX-Evil: 1') }), 'not an HTTP field-name token'],
    ['with a colon', obj({ a: str('A:B') }), 'not an HTTP field-name token'],
    ['not a string', obj({ a: str(7) }), 'not an HTTP field-name token'],
    ['on a number', obj({ a: { type: 'number', 'x-mcp-header': 'A' } }), 'is not string, integer or boolean'],
    ['on an object', obj({ a: { type: 'object', 'x-mcp-header': 'A' } }), 'is not string, integer or boolean'],
    ['without a type', obj({ a: { enum: ['x'], 'x-mcp-header': 'A' } }), 'is not string, integer or boolean'],
    ['on null alone', obj({ a: { type: ['null'], 'x-mcp-header': 'A' } }), 'is not string, integer or boolean'],
    ['twice, case-insensitively', obj({ a: str('Region'), b: str('region') }), '"region" is given twice'],
  ])('refuses one %s', (_, schema, why) => {
    const problem = paramHeaderProblem(schema);
    expect(problem).toContain(why);
    expect(problem).toMatch(/\(MCP 2026-07-28, "Tools", x-mcp-header\)$/);
  });
});
