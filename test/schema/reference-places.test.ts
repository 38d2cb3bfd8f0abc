// A `$ref` lands only on a subschema the gates read (src/schema/reference-places.ts): one into an unknown keyword's
// value, `default`, `examples` or a map of names is refused; `definitions` is walked as the meta-schemas read it.
import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';
import { validateSchema } from '../../src/index.js';

const D7 = 'http://json-schema.org/draft-07/schema#';
const D19 = 'https://json-schema.org/draft/2019-09/schema';
const ALL = { dialects: ['2020-12', '2019-09', 'draft-07'] } as const;
const REDOS = { type: 'string', pattern: '^(a+)+$' };
/** An object schema whose `x` refers to `ref`, with `rest` beside. */
const refTo = (ref: string, rest: object, dialect?: string): object => ({
  ...(dialect === undefined ? {} : { $schema: dialect }),
  type: 'object',
  properties: { x: { $ref: ref } },
  ...rest,
});

describe('a reference into a value no gate reads is refused (Core §9.4.2)', () => {
  it.each([
    ['an unknown keyword (2020-12)', refTo('#/foo', { foo: REDOS }), 'foo'],
    ['an unknown keyword, escaped (2020-12)', refTo('#/a~1b', { 'a/b': REDOS }), 'a/b'],
    [
      'a default value',
      refTo('#/properties/y/default', { properties: { x: { $ref: '#/properties/y/default' }, y: { default: REDOS } } }),
      'default',
    ],
    ['an examples item', refTo('#/examples/0', { examples: [REDOS] }), 'examples'],
    ['a map of names', refTo('#/properties', {}), 'properties'],
    ['an unknown keyword of a subschema', refTo('#/$defs/a/x-more', { $defs: { a: { 'x-more': REDOS } } }), 'x-more'],
    ['an unknown keyword (2019-09)', refTo('#/foo', { foo: REDOS }, D19), 'foo'],
    ['an unknown keyword (draft-07)', refTo('#/foo', { foo: REDOS }, D7), 'foo'],
    [
      'a draft-07 reference to an unknown keyword with $ref siblings',
      refTo('#/foo', { foo: { $ref: '#/definitions/s', maxLength: 1 }, definitions: { s: { type: 'string' } } }, D7),
      'foo',
    ],
  ])('%s', (_, schema, keyword) => {
    const r = validateSchema(schema, ALL);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.class).toBe('unsupported_capability');
    expect(r.error.message).toContain(`it points into the value of "${keyword}"`);
    expect(r.error.violations[0]?.schemaPath ?? r.error.violations[0]?.path).toBeDefined();
  });

  it('a document of the registry: its unknown keyword is as unread as the root one', () => {
    const r = validateSchema(refTo('https://x.example/d#/foo', {}), {
      schemaRegistry: { 'https://x.example/d': { $id: 'https://x.example/d', foo: REDOS } },
    });
    expect(!r.ok && r.error.class).toBe('unsupported_capability');
  });
});

describe('definitions are subschemas in every dialect: gated, and followed', () => {
  it.each([
    ['2020-12 (no $schema: pydantic v1, OpenAI)', undefined],
    ['2019-09', D19],
    ['draft-07', D7],
  ])('%s: an exponential pattern there is refused as it is in place', (_, dialect) => {
    const r = validateSchema(refTo('#/definitions/s', { definitions: { s: REDOS } }, dialect), ALL);
    expect(!r.ok && r.error.message).toContain('regular expression ^(a+)+$ is refused');
  });

  it('a property named __proto__ there is enforced (the rewrite reaches it)', () => {
    const r = validateSchema(
      refTo('#/definitions/s', {
        definitions: {
          s: JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'),
        },
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.validateJSON('{"x":{"__proto__":1}}').ok).toBe(false);
    expect(r.value.validateJSON('{"x":{"__proto__":"s"}}').ok).toBe(true);
  });

  it('a format no checker asserts there is refused under formatAssertion', () => {
    const r = validateSchema(refTo('#/definitions/s', { definitions: { s: { type: 'string', format: 'int32' } } }), {
      formatAssertion: true,
    });
    expect(!r.ok && r.error.class).toBe('unsupported_capability');
  });

  it.each([
    ['#/definitions/s', { definitions: { s: { type: 'integer' } } }],
    ['#/$defs/s', { $defs: { s: { type: 'integer' } } }],
    ['#/properties/y', { properties: { x: { $ref: '#/properties/y' }, y: { type: 'integer' } } }],
    ['#/$defs/list/items', { $defs: { list: { items: { type: 'integer' } } } }],
  ])('%s is followed', (ref, rest) => {
    const r = validateSchema(refTo(ref, rest));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.validate({ x: 3 }).ok).toBe(true);
    expect(r.value.validate({ x: 'a' }).ok).toBe(false);
  });

  it('an MCP tool of pydantic v1 shape with an exponential pattern in definitions is not admitted', async () => {
    const tool = { name: 't', inputSchema: refTo('#/definitions/s', { definitions: { s: REDOS } }) };
    const r = await admitMcpTools({ tools: [tool] }, { backend: () => () => 1 });
    expect(r.ok).toBe(false);
  });
});
