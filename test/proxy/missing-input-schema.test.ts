// The proxy's admission tells a listed tool without `inputSchema` that it is missing, and one with a null
// `inputSchema` that it is null (it said "got null" of both).
import { describe, expect, it } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import type { Peer } from '../../src/mcp/peer.js';
import { admitUpstream } from '../../src/proxy/admission.js';

/** Admits one page of these tool texts; the reason each withheld tool is given (--bad-tools leave-out). */
async function reasons(tools: readonly string[]): Promise<Map<string, string>> {
  const settings = proxySettings(['--url', 'http://127.0.0.1:9/mcp', '--bad-tools', 'leave-out']);
  if (!settings.ok) throw new Error(settings.error.message);
  const line = `{"jsonrpc":"2.0","id":1,"result":{"tools":[${tools.join(',')}]}}`;
  const message = JSON.parse(line) as { result: unknown };
  const upstream = { request: () => ({ id: 1, reply: Promise.resolve({ result: message.result, line, message }) }) };
  const result = await admitUpstream(upstream as unknown as Peer, settings.value);
  if (!result.ok) throw new Error(result.message);
  return new Map(result.value.withheld.map((w) => [w.name, w.reason]));
}

describe('proxy admission of a tool without inputSchema', () => {
  it('says "missing" of an absent inputSchema and "got null" of a null one', async () => {
    const said = await reasons([
      '{"name":"absent"}',
      '{"name":"nulled","inputSchema":null}',
      '{"name":"fine","inputSchema":{"type":"object"}}',
    ]);
    expect(said.get('absent')).toMatch(/inputSchema is missing/);
    expect(said.get('absent')).not.toMatch(/null/);
    expect(said.get('nulled')).toMatch(/got null/);
    expect(said.has('fine')).toBe(false);
  });
});
