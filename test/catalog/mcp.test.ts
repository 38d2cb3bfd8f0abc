import { describe, expect, it } from 'vitest';
import { admitMcpTools, MCP_DEFAULT_DIALECTS } from '../../src/catalog/mcp.js';
import { loadSource, SKIP_CORPUS, SKIP_NOTE } from './real-catalog.js';

describe('admitMcpTools', () => {
  const listed = {
    tools: [
      {
        name: 'get_time',
        description: 'Time in a zone',
        inputSchema: { type: 'object', properties: { tz: { type: 'string' } }, required: ['tz'] },
        annotations: { readOnlyHint: true },
      },
      // 2019-09 is not among the MCP defaults (2020-12 and draft-07).
      { name: 'legacy', inputSchema: { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' } },
    ],
    nextCursor: undefined,
  };

  it('admits a tools/list result with a backend per tool, calling through the factory', async () => {
    const calls: unknown[] = [];
    const r = await admitMcpTools(listed, {
      mode: 'quarantine',
      backend: (tool) => (args: unknown) => {
        calls.push([tool.name, args]);
        return { ok: true };
      },
      revision: (tool) => `v-${tool.name}`,
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.accepted).toEqual(['get_time']);
    expect(r.value.rejected.map((d) => [d.name, d.revision, d.error.class])).toEqual([
      ['legacy', 'v-legacy', 'unsupported_capability'],
    ]);
    expect(r.value.toolsFor('mcp')).toEqual([
      {
        name: 'get_time',
        description: 'Time in a zone',
        inputSchema: listed.tools[0]?.inputSchema,
        annotations: { readOnlyHint: true },
      },
    ]);
    const out = await r.value.registry.call({ id: '1', name: 'get_time', arguments: { tz: 'UTC' } });
    expect(out.content).toBe('{"ok":true}');
    expect(calls).toEqual([['get_time', { tz: 'UTC' }]]);
  });

  it('fails strict mode for the same list', async () => {
    const r = await admitMcpTools(listed, { backend: () => () => 1 });
    expect(r.ok).toBe(false);
  });

  const malformed: { why: string; list: unknown }[] = [
    { why: 'not an object', list: [] },
    { why: 'without tools', list: { items: [] } },
    { why: 'with a tool lacking inputSchema (MCP requires it)', list: { tools: [{ name: 'x' }] } },
  ];
  it.each(malformed)('refuses a list $why', async ({ list }) => {
    const r = await admitMcpTools(list, { mode: 'quarantine', backend: () => () => 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.class).toBe('validation');
  });

  it('refuses options without a backend factory', async () => {
    const r = await admitMcpTools(listed, {} as Parameters<typeof admitMcpTools>[1]);
    expect(r.ok).toBe(false);
  });

  it('reads MCP schemas in 2020-12 and exact draft-07 by default; the library default stays 2020-12 only', () => {
    expect(MCP_DEFAULT_DIALECTS).toEqual(['2020-12', 'draft-07']);
    expect(Object.isFrozen(MCP_DEFAULT_DIALECTS)).toBe(true);
  });

  it('enforces a draft-07 tool with draft-07 semantics (array-form items), never as 2020-12', async () => {
    const draft07 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false } },
    };
    const r = await admitMcpTools({ tools: [{ name: 'pair', inputSchema: draft07 }] }, { backend: () => () => 'ok' });
    if (!r.ok) throw new Error(r.error.message);
    const call = (pair: unknown) => r.value.registry.call({ id: 'c', name: 'pair', arguments: { pair } });
    expect((await call(['a', 1])).isError).toBe(false);
    expect((await call(['a', 'b'])).content).toBe(
      'error: invalid arguments for pair:\n$.pair[1]: expected integer, got string',
    );
    expect((await call(['a', 1, 2])).isError).toBe(true);
  });

  it.skipIf(SKIP_CORPUS)(
    `admits every tool of the real mcp-filesystem tools/list (the SDK emits draft-07) by default${SKIP_NOTE}`,
    async () => {
      const tools = loadSource('mcp-filesystem');
      expect(tools).toHaveLength(14);
      const r = await admitMcpTools({ tools }, { backend: () => () => 1 });
      expect(r.ok && r.value.accepted).toHaveLength(14);
      // Naming the dialects replaces the default: 2020-12 alone refuses them all, per tool.
      const only2020 = await admitMcpTools(
        { tools },
        { mode: 'quarantine', dialects: ['2020-12'], backend: () => () => 1 },
      );
      expect(only2020.ok).toBe(true);
      if (!only2020.ok) return;
      expect(only2020.value.accepted).toEqual([]);
      expect(only2020.value.rejected).toHaveLength(tools.length);
      expect(only2020.value.rejected.every((d) => d.error.message.includes('draft-07'))).toBe(true);
    },
  );
});

// A tool's own icons were published as listed (a review's find: resources', prompts' and serverInfo's were checked),
// and a client loads an icon's src: a `javascript:` or `file:` one is refused as a broken descriptor.
describe("a listed tool's icons", () => {
  const object = { type: 'object' };
  it.each([
    ['javascript:', [{ src: 'javascript:alert(1)' }], /icons\/0 has a src that is not an https, http or data: URL/],
    ['file:, after a good one', [{ src: 'https://example.com/i.png' }, { src: 'file:///etc/passwd' }], /icons\/1/],
    ['not an array', { src: 'https://example.com/i.png' }, /icons is not an array/],
  ])('%s is refused', async (_, icons, message) => {
    const r = await admitMcpTools({ tools: [{ name: 't', inputSchema: object, icons }] }, { backend: () => () => 1 });
    expect(r.ok ? 'admitted' : r.error.message).toMatch(message);
  });

  it('https, http and data: sources pass', async () => {
    const icons = [
      { src: 'https://e.com/a.png' },
      { src: 'http://localhost/a.png' },
      { src: 'data:image/png;base64,AA' },
    ];
    const r = await admitMcpTools({ tools: [{ name: 't', inputSchema: object, icons }] }, { backend: () => () => 1 });
    expect(r.ok || r.error.message).toBe(true);
  });
});
