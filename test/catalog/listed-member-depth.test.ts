// A review's find: annotations were bounded at 1,000 levels, but a listed tool's other members (`execution`,
// `_meta`, `title`, any other) were not, and guardClient's listTools passed them on: a host's JSON.stringify of the
// listing threw past about 4,100 levels. Such a tool is a broken descriptor now, at the same bound.
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { admitMcpTools } from '../../src/index.js';

const deep = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = { a: v };
  return v;
};
const backend = () => () => ({ content: [] });

describe('a listed tool member nested past 1,000 levels', () => {
  it.each(['execution', '_meta', 'title', 'x-extra'])('%s: refused as a broken descriptor', async (member) => {
    const tools = [{ name: 't', inputSchema: { type: 'object' }, [member]: deep(5000) }];
    const r = await admitMcpTools({ tools }, { backend });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const violation = r.error.violations[0];
    expect(violation?.code).toBe('descriptor_invalid');
    expect(violation?.message).toContain(`${member} is nested more than 1000 levels deep`);
  });

  it('999 levels of execution pass; guardClient lists nothing JSON.stringify cannot write', async () => {
    const tools = [{ name: 't', inputSchema: { type: 'object' }, execution: deep(999) }];
    expect((await admitMcpTools({ tools }, { backend })).ok).toBe(true);
    const client = {
      listTools: async () => ({ tools: [{ name: 'deep', inputSchema: { type: 'object' }, execution: deep(5000) }] }),
      callTool: async () => ({ content: [] }),
    };
    const listed = await guardClient(client as never).listTools();
    expect(() => JSON.stringify(listed)).not.toThrow();
    expect((listed as { tools: unknown[] }).tools).toEqual([]);
  });
});
