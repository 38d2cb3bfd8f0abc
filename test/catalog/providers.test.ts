import { describe, expect, it } from 'vitest';
import { preflight, type PreflightedTool } from '../../src/catalog/preflight.js';
import { providerToolsOf, shapeTools } from '../../src/catalog/providers.js';

function tool(descriptor: object): PreflightedTool {
  const r = preflight({ backend: () => 1, ...descriptor });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const weather = {
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
};
const tools = providerToolsOf([
  tool({ name: 'weather', description: 'Weather now', inputSchema: weather }),
  tool({ name: 'add', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }),
]);

describe('provider tool shapes', () => {
  it('sorts by name', () => {
    expect(tools.map((t) => t.name)).toEqual(['add', 'weather']);
  });

  it('gives the OpenAI function shape, strict only for a schema in the openai-strict subset', () => {
    expect(shapeTools(tools, 'openai')).toEqual([
      { type: 'function', function: { name: 'add', parameters: { type: 'object' } } },
      {
        type: 'function',
        function: { name: 'weather', description: 'Weather now', parameters: weather, strict: true },
      },
    ]);
  });

  it('gives the flat Responses API shape with strict always stated', () => {
    expect(shapeTools(tools, 'openai-responses')).toEqual([
      { type: 'function', name: 'add', parameters: { type: 'object' }, strict: false },
      { type: 'function', name: 'weather', description: 'Weather now', parameters: weather, strict: true },
    ]);
  });

  it('states the root type "object" where the schema leaves it implicit; nothing else changes', () => {
    const implicit = providerToolsOf([
      tool({ name: 'open', inputSchema: { properties: { q: {} } } }),
      tool({ name: 'listed', inputSchema: { type: ['object'], required: ['q'] } }),
    ]);
    expect(shapeTools(implicit, 'anthropic').map((t) => t.input_schema)).toEqual([
      { type: 'object', required: ['q'] },
      { type: 'object', properties: { q: {} } },
    ]);
    // The bundle's own copy is the descriptor's, as given.
    expect(implicit.map((t) => t.inputSchema)).toEqual([
      { type: ['object'], required: ['q'] },
      { properties: { q: {} } },
    ]);
  });

  it('gives the Anthropic shape', () => {
    expect(shapeTools(tools, 'anthropic')).toEqual([
      { name: 'add', input_schema: { type: 'object' } },
      { name: 'weather', description: 'Weather now', input_schema: weather },
    ]);
  });

  it('gives the MCP shape, annotations included', () => {
    expect(shapeTools(tools, 'mcp')).toEqual([
      { name: 'add', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
      { name: 'weather', description: 'Weather now', inputSchema: weather },
    ]);
  });

  it('keeps the schema byte-for-byte and hands out fresh, editable copies', () => {
    const [a, b] = [shapeTools(tools, 'anthropic'), shapeTools(tools, 'anthropic')];
    expect(JSON.stringify(a[1]?.input_schema)).toBe(JSON.stringify(weather));
    expect(a[1]?.input_schema).not.toBe(b[1]?.input_schema);
    (a[1]?.input_schema as Record<string, unknown>)['additionalProperties'] = true;
    expect(JSON.stringify(shapeTools(tools, 'anthropic')[1]?.input_schema)).toBe(JSON.stringify(weather));
  });

  it('gives no tools for an unknown format (fails closed rather than guessing a shape)', () => {
    expect(shapeTools(tools, 'gemini' as 'mcp')).toEqual([]);
  });
});
