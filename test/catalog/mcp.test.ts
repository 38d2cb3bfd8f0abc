import { describe, expect, it } from 'vitest';
import { admitMcpTools } from '../../src/catalog/mcp.js';
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
      { name: 'legacy', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' } },
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

  it.skipIf(SKIP_CORPUS)(
    `quarantines every tool of the real mcp-filesystem tools/list (the SDK emits draft-07)${SKIP_NOTE}`,
    async () => {
      const tools = loadSource('mcp-filesystem');
      expect(tools).toHaveLength(14);
      const r = await admitMcpTools({ tools }, { mode: 'quarantine', backend: () => () => 1 });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.value.accepted).toEqual([]);
      expect(r.value.rejected).toHaveLength(tools.length);
      expect(r.value.rejected.every((d) => d.error.message.includes('draft-07'))).toBe(true);
    },
  );
});
