// A listed tool without an `inputSchema` member is told it is missing, not "got null" as if it were null: MCP
// requires the member ("Tools", Tool), so both are refused, each in its own words. admitBatch's absent schema
// still admits any object; its null one says null.
import { describe, expect, it } from 'vitest';
import { admitBatch } from '../../src/catalog/admission.js';
import { admitMcpTools } from '../../src/catalog/mcp.js';

const MISSING = /inputSchema is missing/;
const NULL = /got null/;

/** The message of the one diagnostic of `name` in a failed admission. */
const messageOf = (r: Awaited<ReturnType<typeof admitMcpTools>>, name: string): string => {
  if (r.ok) throw new Error('admitted');
  return r.error.diagnostics.find((d) => d.name === name)?.error.message ?? '';
};

describe('a tool without inputSchema, or with a null one', () => {
  it.each<[string, Record<string, unknown>, RegExp, RegExp]>([
    ['absent', { name: 'x' }, MISSING, NULL],
    ['undefined (a host object)', { name: 'x', inputSchema: undefined }, MISSING, NULL],
    ['null', { name: 'x', inputSchema: null }, NULL, MISSING],
  ])('admitMcpTools: %s is refused in its own words', async (_how, tool, said, unsaid) => {
    const r = await admitMcpTools({ tools: [tool] }, { backend: () => () => 1 });
    const message = messageOf(r, 'x');
    expect(message).toMatch(said);
    expect(message).not.toMatch(unsaid);
    if (!r.ok) expect(r.error.diagnostics[0]?.stage).toBe('schema');
  });

  it('admitMcpTools in quarantine: a missing one fails the batch, said as missing', async () => {
    const tools = [{ name: 'a' }, { name: 'b', inputSchema: { type: 'object' } }];
    const r = await admitMcpTools({ tools }, { mode: 'quarantine', backend: () => () => 1 });
    // A validation problem fails the batch even in quarantine, as a null schema did.
    expect(messageOf(r, 'a')).toMatch(MISSING);
  });

  it('admitBatch: an absent schema admits any object; a null one says null', async () => {
    const open = await admitBatch([{ name: 'x', backend: () => 1 }]);
    expect(open.ok).toBe(true);
    const r = await admitBatch([{ name: 'x', backend: () => 1, inputSchema: null }]);
    expect(messageOf(r, 'x')).toMatch(NULL);
  });
});
