import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';

// MCP 2025-06-18, "Tools", "Output Schema": a server that declares an outputSchema MUST return structured results
// that conform to it, and clients SHOULD validate them. guardClient and the proxy did; a bundle from
// admitMcpTools read neither the schema nor the results against it, so a hostile server's structuredContent
// reached the host as the tool's answer and a schema toolgate cannot enforce was admitted.
const input = { type: 'object', properties: { q: { type: 'string' } } };
const output = {
  type: 'object',
  properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false } },
  required: ['pair'],
};
const listing = (outputSchema: unknown = output): object => ({
  tools: [
    { name: 'pair', inputSchema: input, outputSchema },
    { name: 'plain', inputSchema: input },
  ],
});
const answering = (result: unknown) => (): (() => unknown) => () => result;

async function callPair(result: unknown): Promise<{ text: unknown; isError: boolean; cls?: string }> {
  const bundle = await admitMcpTools(listing(), { backend: answering(result) });
  if (!bundle.ok) throw new Error(bundle.error.message);
  const r = await bundle.value.registry.call({ id: 'c1', name: 'pair', arguments: {} });
  return { text: r.content, isError: r.isError, ...(r.error === undefined ? {} : { cls: r.error.class }) };
}

describe('admitMcpTools holds each result to its tool outputSchema', () => {
  it('a result that conforms passes as it is (2020-12 read exactly: prefixItems with items false)', async () => {
    const r = await callPair({ content: [{ type: 'text', text: 'ok' }], structuredContent: { pair: ['a', 1] } });
    expect(r).toEqual({ text: 'ok', isError: false });
  });

  it.each([
    ['a structuredContent the schema refuses', { content: [], structuredContent: { pair: ['a', 1, 'extra'] } }],
    ['a structuredContent of the wrong type', { content: [], structuredContent: { pair: 'a' } }],
    ['no structuredContent at all', { content: [{ type: 'text', text: 'trust me' }] }],
    ['an isError result whose structuredContent breaks it', { isError: true, structuredContent: { pair: 5 } }],
  ])('%s: the model reads that the output broke its schema, the host has why', async (_, result) => {
    const r = await callPair(result);
    expect(r).toEqual({
      text: 'error: tool pair ran but its output does not match its output schema',
      isError: true,
      cls: 'validation',
    });
  });

  it('an isError result without structuredContent is the tool its own report', async () => {
    const r = await callPair({ isError: true, content: [{ type: 'text', text: 'disk full' }] });
    expect(r).toEqual({ text: 'error: disk full', isError: true, cls: 'execution_failure' });
  });

  it('a tool without an outputSchema is not held to one', async () => {
    const bundle = await admitMcpTools(listing(), { backend: answering({ content: [], structuredContent: 5 }) });
    expect(bundle.ok).toBe(true);
    if (!bundle.ok) return;
    const r = await bundle.value.registry.call({ id: 'c1', name: 'plain', arguments: {} });
    expect(r.isError).toBe(false);
  });
});

describe('admitMcpTools admits an outputSchema as it admits an inputSchema', () => {
  const unenforceable = { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' };
  it('strict: a tool whose outputSchema toolgate cannot enforce fails the listing', async () => {
    const r = await admitMcpTools(listing(unenforceable), { backend: answering({}) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.diagnostics.map((d) => [d.name, d.error.class, d.error.message.slice(0, 14)])).toEqual([
      ['pair', 'unsupported_capability', 'outputSchema: '],
    ]);
  });

  it('quarantine: that tool is left out, the others admitted', async () => {
    const r = await admitMcpTools(listing(unenforceable), { mode: 'quarantine', backend: answering({}) });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.accepted).toEqual(['plain']);
    expect(r.value.rejected.map((d) => d.name)).toEqual(['pair']);
  });

  // A hunt's find: batchError placed every schema diagnostic in the inputSchema, so a valid inputSchema beside a
  // 2019-09 outputSchema read `/tools/1/inputSchema/$schema`, the message naming the outputSchema.
  it('strict: an outputSchema violation is at /tools/<i>/outputSchema, one per refused schema of a tool', async () => {
    const tools = [
      { name: 'fine', inputSchema: input },
      { name: 'outonly', inputSchema: input, outputSchema: unenforceable },
      { name: 'both', inputSchema: unenforceable, outputSchema: unenforceable },
    ];
    const r = await admitMcpTools({ tools }, { dialects: ['2020-12'], backend: answering({}) });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/^strict batch admission failed: 2 tools not admitted;/);
    expect(r.error.violations.map((v) => [v.schemaPath, v.message.slice(0, 32)])).toEqual([
      ['/tools/2/inputSchema/$schema', 'tool "both": unsupported dialect'],
      ['/tools/2/outputSchema/$schema', 'tool "both": outputSchema: unsup'],
      ['/tools/1/outputSchema/$schema', 'tool "outonly": outputSchema: un'],
    ]);
    expect(r.error.diagnostics.map((d) => [d.index, d.member])).toEqual([
      [2, undefined],
      [2, 'outputSchema'],
      [1, 'outputSchema'],
    ]);
  });

  it('a broken outputSchema is a validation failure of its tool', async () => {
    const r = await admitMcpTools(listing({ type: 'objekt' }), { mode: 'quarantine', backend: answering({}) });
    expect(r.ok ? 'admitted' : r.error.diagnostics.map((d) => `${d.name} ${d.error.class}`)).toEqual([
      'pair validation',
    ]);
  });
});
