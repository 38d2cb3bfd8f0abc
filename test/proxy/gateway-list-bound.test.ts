// A gateway's tools/list waited for every server's re-admission under way, without a bound of its own: one server
// answering each re-listing just under --timeout, and announcing a change during each (three rounds), held every
// client's tools/list 87 s at the defaults, past the 60 s the MCP SDK's client waits, so no tool of any server could
// be listed (a hunt's find). It now waits at most as long as the gateway waits for its servers at start (5 s), lists
// a server still re-admitting with its tools admitted last, and tells the client tools/list_changed when that
// re-admission ends with other tools.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { START_WAIT_MS } from '../../src/proxy/servers.js';
import { connectClient, stdioServer } from './aggregate-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-gateway-list-bound-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Lists `t` at once, and announces a change 300 ms later; every later listing is answered after DELAY ms with `t`
 * and `t2`, with AGAIN=1 announcing another change during each.
 */
const SLOW = `let lists = 0;
const object = { type: 'object' };
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
const changed = () => write({ method: 'notifications/tools/list_changed' });
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'slow', version: '1' } } });
  else if (m.method === 'tools/list') {
    lists++;
    if (lists === 1) {
      write({ id: m.id, result: { tools: [{ name: 't', inputSchema: object }] } });
      setTimeout(changed, 300);
      return;
    }
    if (process.env.AGAIN === '1') changed();
    const tools = [{ name: 't', inputSchema: object }, { name: 't2', inputSchema: object }];
    setTimeout(() => write({ id: m.id, result: { tools } }), Number(process.env.DELAY));
  } else write({ id: m.id, result: {} });
});`;

const script = join(dir, 'slow.cjs');
writeFileSync(script, SLOW);
const slow = (env: Record<string, string>) => ({ command: process.execPath, args: [script], env });

/** A gateway of a well-behaved server `a` and the slow `s`, its SDK client connected past the change. */
async function gateway(env: Record<string, string>) {
  const started = await startProxy({ servers: { a: stdioServer('a'), s: slow(env) }, listen: { port: 0 } });
  if (!started.ok) throw new Error(started.error.message);
  const connected = await connectClient(started.value.url as string);
  // The change came 300 ms after the first listing: s is re-admitting now.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return { ...connected, close: () => started.value.close() };
}

describe("a gateway's tools/list while one server re-lists slowly", () => {
  it('answers within a bound far below the slow listing, the slow server with the tools admitted last', async () => {
    // Each re-listing 25 s, a change announced during each: before the fix, 25 s to 75 s.
    const { client, close } = await gateway({ DELAY: '25000', AGAIN: '1' });
    const asked = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const listed = await Promise.race([
      client.listTools().then((r) => r.tools.map((t) => t.name)),
      new Promise<string>((resolve) => (timer = setTimeout(() => resolve('not answered within 15 s'), 15_000))),
    ]);
    clearTimeout(timer);
    expect(listed).toContain('a__echo');
    expect(listed).toContain('s__t');
    expect(listed).not.toContain('s__t2');
    // START_WAIT_MS (5 s) and the list's own way: a generous bound, far below the 25 s listing.
    expect(performance.now() - asked).toBeLessThan(START_WAIT_MS + 5000);
    await client.close();
    await close();
  }, 40_000);

  it('tells the client tools/list_changed once that re-admission ends with other tools', async () => {
    const { client, changes, close } = await gateway({ DELAY: String(START_WAIT_MS + 1500) });
    const before = changes();
    await client.listTools();
    for (let waited = 0; changes() === before && waited < 20_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(changes()).toBeGreaterThan(before);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('s__t2');
    await client.close();
    await close();
  }, 40_000);
});
