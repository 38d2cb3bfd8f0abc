// A tool root without `type` is published with `"type": "object"` stated (MCP and every provider require it). A
// draft-07 root `$ref` had it added beside the `$ref`, where draft-07 ignores it and toolgate refuses it (the engine
// applies it): the proxy, toolsFor and the adapters published a tool that toolgate itself, downstream, would not
// admit ("draft-07 ignores keywords beside "$ref" ("type")"). Each form published here is admitted again and
// gives the original's verdicts.
import { describe, expect, it } from 'vitest';
import { admitMcpTools, validate, validateSchema } from '../../src/index.js';
import { withObjectType } from '../../src/schema/tool-root.js';

const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';
const DIALECTS = { dialects: ['2020-12', 'draft-07', '2019-09'] } as const;
const A = { type: 'object', properties: { x: { type: 'string' } }, required: ['x'] };

const roots: [string, Record<string, unknown>][] = [
  ['a 2020-12 root without type', { properties: { x: { type: 'string' } } }],
  ['a draft-07 root $ref', { $schema: DRAFT_07, $ref: '#/definitions/A', definitions: { A } }],
  ['a draft-07 root $ref with a title', { $schema: DRAFT_07, title: 't', $ref: '#/definitions/A', definitions: { A } }],
  [
    'a draft-07 root $ref to a definition with a title the root has too (allOf)',
    { $schema: DRAFT_07, title: 'r', $ref: '#/definitions/A', definitions: { A: { ...A, title: 'a' } } },
  ],
  [
    'a draft-07 root $ref to a definition that refers to another',
    {
      $schema: DRAFT_07,
      $ref: '#/definitions/A',
      definitions: {
        A: { type: 'object', properties: { x: { $ref: '#/definitions/S' } }, required: ['x'] },
        S: { type: 'string' },
      },
    },
  ],
  [
    'a 2019-09 root $ref (its siblings apply)',
    { $schema: 'https://json-schema.org/draft/2019-09/schema', $ref: '#/$defs/A', $defs: { A } },
  ],
  ['a 2020-12 root $ref', { $ref: '#/$defs/A', $defs: { A } }],
];
const samples = [{}, { x: 'a' }, { x: 1 }, { x: 'a', y: 2 }];

describe('withObjectType: the root as published', () => {
  it.each(roots)('%s: admitted again, with the same verdicts', (_, root) => {
    expect(validateSchema(root, DIALECTS).ok).toBe(true);
    const published = withObjectType(root);
    expect(published['type']).toBe('object');
    const again = validateSchema(published, DIALECTS);
    expect(again.ok ? 'admitted' : again.error.message).toBe('admitted');
    for (const s of samples) expect(validate(published, s, DIALECTS).ok).toBe(validate(root, s, DIALECTS).ok);
  });

  it('publishes a draft-07 root $ref to one plain definition as it, leaving the caller object as it was', () => {
    const root = Object.freeze({ $schema: DRAFT_07, $ref: '#/definitions/A', definitions: { A } });
    expect(withObjectType(root)).toEqual({ $schema: DRAFT_07, definitions: { A }, ...A });
  });

  // Where the definition could read differently at the root (its own $id, definitions or $ref, a member the root
  // has too, another type) or the root has more beside the $ref, it goes into an allOf.
  it.each([
    ['its own $id', { $ref: '#/definitions/A', definitions: { A: { ...A, $id: 'http://x.test/a' } } }],
    ['its own definitions', { $ref: '#/definitions/A', definitions: { A: { ...A, definitions: {} } } }],
    ['a $ref of its own', { $ref: '#/definitions/A', definitions: { A: { $ref: '#/definitions/B' }, B: A } }],
    ['a title the root has too', { title: 'r', $ref: '#/definitions/A', definitions: { A: { ...A, title: 'a' } } }],
    ['the root more beside it', { $ref: '#/definitions/A', properties: {}, definitions: { A } }],
    ['an escaped name', { $ref: '#/definitions/A~1B', definitions: { 'A/B': A } }],
  ])('a draft-07 root $ref to a definition with %s goes into an allOf', (_, root) => {
    const published = withObjectType({ $schema: DRAFT_07, ...root });
    expect(published['allOf']).toEqual([{ $ref: root.$ref }]);
    expect(published['$ref']).toBeUndefined();
  });

  it('keeps a root that states its type as it is', () => {
    expect(withObjectType({ type: 'object', $ref: '#/definitions/A' })).toEqual({
      type: 'object',
      $ref: '#/definitions/A',
    });
  });
});

describe('a draft-07 root $ref published by admitMcpTools is admitted again downstream', () => {
  it.each(['mcp', 'openai', 'anthropic'] as const)('toolsFor(%s)', async (format) => {
    const listing = { tools: [{ name: 'a', inputSchema: roots[1]?.[1] }] };
    const first = await admitMcpTools(listing, { backend: () => () => 1 });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const tools = first.value.toolsFor(format) as unknown as Record<string, unknown>[];
    const schema =
      format === 'mcp'
        ? tools[0]?.['inputSchema']
        : format === 'anthropic'
          ? tools[0]?.['input_schema']
          : (tools[0]?.['function'] as Record<string, unknown> | undefined)?.['parameters'];
    const again = await admitMcpTools({ tools: [{ name: 'a', inputSchema: schema }] }, { backend: () => () => 1 });
    expect(again.ok ? 'admitted' : again.error.message).toBe('admitted');
  });
});
