// A tool whose definition holds a member named `__proto__` (JSON.parse makes it an own member) is withheld by the
// proxy (src/proxy/admission.ts), since it publishes definitions as listed. guardClient's listTools hands the host
// the listing objects as listed too: such a tool was admitted and handed on with the member (a hunt's find). Now it
// is a malformed tool, refused by the same rule (src/mcp/exact-listing.ts protoTools).
import { describe, expect, it } from 'vitest';
import { guardClient } from '../../src/adapters/mcp-client.js';
import { rawServerClient } from './raw-server.js';

const PLAIN = { name: 'plain', inputSchema: { type: 'object' } };

describe('guardClient and a listed tool holding __proto__', () => {
  it.each([
    ['at the top', '{"name":"bad","inputSchema":{"type":"object"},"__proto__":{"x":1}}', '(at $.__proto__'],
    [
      'in its inputSchema',
      '{"name":"bad","inputSchema":{"type":"object","properties":{"__proto__":{}}}}',
      'inputSchema',
    ],
    [
      'in its annotations',
      '{"name":"bad","inputSchema":{"type":"object"},"annotations":{"__proto__":{}}}',
      'annotations',
    ],
  ])('%s: left out or failing the batch, never listed', async (_, text, where) => {
    const client = await rawServerClient([PLAIN, JSON.parse(text)], () => ({ content: [] }));
    const left = guardClient(client, { badTools: 'leave-out' });
    const admitted = await left.admit();
    if (!admitted.ok) throw new Error(admitted.error.message);
    expect(admitted.value.accepted).toEqual(['plain']);
    const rejected = admitted.value.rejected.map((d) => d.error.message);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toContain('a member named "__proto__"');
    expect(rejected[0]).toContain(where);
    expect((await left.listTools()).tools.map((t) => t.name)).toEqual(['plain']);
    const bad = await left.callTool({ name: 'bad', arguments: {} });
    expect(bad.isError).toBe(true);
    const strict = guardClient(client);
    expect((await strict.admit()).ok).toBe(false);
    expect((await strict.listTools()).tools).toEqual([]);
    await client.close();
  });
});
