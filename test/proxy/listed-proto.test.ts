// A tool listed with a member named `__proto__` anywhere in its definition is withheld: it is published as listed,
// and a client that merges it would take the member as a prototype. Admission walks a tool for one only when the
// text of some page of the listing could hold one (the name spelled, or a `\u` escape, the only other way to
// write its letters): a listing whose text holds neither is not walked at all.
import { describe, expect, it } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import type { Peer } from '../../src/mcp/peer.js';
import { admitUpstream } from '../../src/proxy/admission.js';
import type { Published } from '../../src/proxy/published.js';

/** A tool as text: `extra` is added to its definition as written. */
const toolText = (name: string, extra = ''): string =>
  `{"name":"${name}","inputSchema":{"type":"object","properties":{"q":{"type":"string"}}}${extra}}`;

/** Admits one page whose `tools` are these texts, as the proxy reads it: the line and what JSON.parse made of it. */
async function admitted(tools: readonly string[], withLine = true): Promise<Published> {
  const settings = proxySettings(['--url', 'http://127.0.0.1:9/mcp']);
  if (!settings.ok) throw new Error(settings.error.message);
  const line = `{"jsonrpc":"2.0","id":1,"result":{"tools":[${tools.join(',')}]}}`;
  const message = JSON.parse(line) as { result: unknown };
  const reply = withLine ? { result: message.result, line, message } : { result: message.result };
  const upstream = { request: () => ({ id: 1, reply: Promise.resolve(reply) }) } as unknown as Peer;
  const result = await admitUpstream(upstream, settings.value);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const withheldReason = (p: Published, name: string): string | undefined =>
  p.withheld.find((w) => w.name === name)?.reason;

describe('a listed tool with a member named __proto__', () => {
  it.each<[string, string]>([
    ['spelled in its annotations', ',"annotations":{"__proto__":{"readOnlyHint":true}}'],
    ['written with a \\u escape in its _meta', ',"_meta":{"a":{"\\u005f_proto__":{"x":1}}}'],
    ['written with escapes only, in a member of its own', ',"x":{"\\u005f\\u005fproto\\u005f\\u005f":1}'],
  ])('is withheld when the member is %s, and the others are published', async (_how, extra) => {
    const published = await admitted([toolText('plain'), toolText('carrier', extra)]);
    expect([...published.tools.keys()]).toEqual(['plain']);
    expect(withheldReason(published, 'carrier')).toMatch(/a member named "__proto__" \(at .+\) is never forwarded/);
  });

  it('is withheld when the page came without its text (every tool is walked then)', async () => {
    const published = await admitted([toolText('plain'), toolText('carrier', ',"_meta":{"__proto__":{}}')], false);
    expect([...published.tools.keys()]).toEqual(['plain']);
    expect(withheldReason(published, 'carrier')).toMatch(/never forwarded/);
  });

  it('is not there in a listing whose text spells neither the name nor an escape: all are published', async () => {
    const published = await admitted([toolText('a'), toolText('b', ',"annotations":{"title":"B"}')]);
    expect([...published.tools.keys()]).toEqual(['a', 'b']);
    expect(published.withheld).toEqual([]);
  });
});
