// A hunt found the gemini profile passing schemas Gemini's API refuses with a 400, so providerPolicy 'quarantine'
// admitted tools that fail every request they are sent with: an array without items, a required name no property
// declares, properties on a schema that is not an object, and a Schema field holding a value of the wrong type.
// An empty properties map is refused by some models and not others: reported, never quarantined.
import { describe, expect, it } from 'vitest';
import { checkProvider } from '../../src/interop/check-provider.js';
import type { ProviderFinding } from '../../src/interop/profile.js';
import { admitBatch } from '../../src/index.js';
import { corpusTool, SKIP_CORPUS, SKIP_NOTE } from '../fixtures/tool-corpus.js';

const findings = (schema: unknown): readonly ProviderFinding[] => {
  const r = checkProvider(schema, 'gemini');
  if (!r.ok) throw new Error(`checkProvider failed: ${r.error.message}`);
  return r.value;
};
const brief = (schema: unknown): string[] => findings(schema).map((f) => `${f.effect} ${f.rule} ${f.schemaPath}`);
const object = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

// One row per shape: a schema and exactly the gemini findings it must raise.
const ROWS: { name: string; schema: unknown; expect: string[] }[] = [
  {
    name: 'an array without items is refused ("items: missing field")',
    schema: object({ tags: { type: 'array' } }),
    expect: ['rejects array-items /properties/tags'],
  },
  {
    name: 'an array of arrays whose inner array has no items is refused',
    schema: object({ rows: { type: 'array', items: { type: 'array' } } }),
    expect: ['rejects array-items /properties/rows/items'],
  },
  {
    name: 'a required name that properties does not declare is refused ("property is not defined")',
    schema: object({ search_query: { type: 'string' } }, { required: ['query'] }),
    expect: ['rejects required-undeclared /required/0'],
  },
  {
    name: "a nested object's required without properties names nothing declared",
    schema: object({ o: { type: 'object', required: ['x'], description: 'd' } }),
    expect: ['rejects required-undeclared /properties/o/required/0'],
  },
  {
    name: 'properties on a string schema is refused ("only allowed for OBJECT type")',
    schema: object({ data: { type: 'string', properties: { x: { type: 'string' } } } }),
    expect: ['rejects properties-non-object /properties/data/properties'],
  },
  {
    name: 'properties below the root on a schema with no type is refused',
    schema: object({ data: { properties: { page_id: { type: 'string' } }, required: ['page_id'] } }),
    expect: ['rejects properties-non-object /properties/data/properties'],
  },
  {
    name: 'a root with no type keeps its properties (hosts state type object on parameters), not its required',
    schema: { properties: { q: { type: 'string' } }, required: ['q', 'r'] },
    expect: ['rejects required-undeclared /required/1'],
  },
  {
    name: 'a root of another type with properties is refused',
    schema: { type: 'dict', properties: { q: { type: 'string' } } },
    expect: ['rejects properties-non-object /properties'],
  },
  {
    name: 'properties: {} on an object is unlisted, not refused: models differ',
    schema: object({}),
    expect: ['unlisted empty-properties /properties'],
  },
  {
    name: 'properties: {} on a nested object is unlisted too; an object without properties is nothing',
    schema: object({ o: { type: 'object', properties: {} }, p: { type: 'object' } }),
    expect: ['unlisted empty-properties /properties/o/properties'],
  },
  {
    name: 'nullable that is not a boolean is refused ("Invalid value")',
    schema: object({ a: { type: 'string', nullable: 'yes' } }),
    expect: ['rejects field-value /properties/a/nullable'],
  },
  {
    name: 'propertyOrdering that is not a list of strings is refused',
    schema: object({ a: { type: 'string' }, b: { type: 'object', propertyOrdering: 'a' } }, { propertyOrdering: [1] }),
    expect: ['rejects field-value /properties/b/propertyOrdering', 'rejects field-value /propertyOrdering'],
  },
  {
    name: 'a number where a string goes, a fraction where an integer goes, a non-string required entry',
    schema: object(
      { a: { type: 'array', items: { type: 'string' }, description: 5, maxItems: 1.5 } },
      { required: [1] },
    ),
    expect: [
      'rejects field-value /properties/a/description',
      'rejects field-value /properties/a/maxItems',
      'rejects field-value /required',
    ],
  },
  {
    name: 'only what proto3 JSON cannot read: an int64 or a double as a string and "true" for a boolean pass',
    schema: object({
      a: { type: 'array', items: { type: 'integer', minimum: '-1.5', maximum: 'Infinity' }, minItems: '2' },
      b: { type: 'string', nullable: 'true', example: { any: ['value'] }, minLength: 'two' },
    }),
    expect: ['rejects field-value /properties/b/minLength'],
  },
];

describe('the gemini profile reports what Gemini refuses with a 400', () => {
  it.each(ROWS)('$name', ({ schema, expect: expected }) => {
    expect(brief(schema).sort()).toEqual([...expected].sort());
  });
});

describe("providerPolicy 'quarantine' for gemini", () => {
  const tool = (name: string, inputSchema: unknown) => ({ name, description: 'd', inputSchema, backend: () => 1 });
  it('quarantines a tool Gemini refuses and keeps a tool without arguments', async () => {
    const r = await admitBatch(
      [
        tool('wolfram', object({ search_query: { type: 'string' } }, { required: ['query'] })),
        tool('tags', object({ tags: { type: 'array' } })),
        tool('me', object({})),
      ],
      { mode: 'quarantine', provider: 'gemini', providerPolicy: 'quarantine' },
    );
    expect(r.ok ? r.value.accepted : r.error.message).toEqual(['me']);
    if (!r.ok) return;
    expect(r.value.rejected.map((d) => d.name).sort()).toEqual(['tags', 'wolfram']);
    expect(r.value.providerFindings['me']?.map((f) => f.rule)).toEqual(['empty-properties']);
  });
});

// Real tools of ../shared/tool-schemas that Gemini refuses (or some models do) for these reasons.
const CORPUS: { tool: string; rule: string; at: string }[] = [
  { tool: 'anthropic-cookbook/wolfram_alpha', rule: 'required-undeclared', at: '/required/0' },
  { tool: 'anthropic-cookbook/print_summary', rule: 'required-undeclared', at: '/required/5' },
  {
    tool: 'anthropic-cookbook/batch_tool',
    rule: 'properties-non-object',
    at: '/properties/invocations/items/properties',
  },
  { tool: 'github-mcp-server/get_me', rule: 'empty-properties', at: '/properties' },
  { tool: 'mcp-python-sdk/read_profile', rule: 'empty-properties', at: '/properties' },
  { tool: 'openhands/request_condensation', rule: 'empty-properties', at: '/properties' },
];

describe.skipIf(SKIP_CORPUS)(`the gemini profile on real corpus schemas${SKIP_NOTE}`, () => {
  it.each(CORPUS)('$tool: $rule at "$at"', ({ tool, rule, at }) => {
    expect(
      findings(corpusTool(tool).inputSchema)
        .filter((f) => f.rule === rule)
        .map((f) => f.schemaPath),
    ).toEqual([at]);
  });
});
