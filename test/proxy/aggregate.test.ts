// The gateway (startProxy's `servers`, `proxy --config`): two stdio servers and one HTTP server behind one MCP
// server, driven by the SDK client: names, routing, validation per server, allow/deny on published names, what
// is not aggregated (-32601), a slow server delaying only its own calls. Nothing is left running.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { McpError, ProgressNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { type ProxyOptions, startProxy as start } from '../../src/proxy/index.js';
import { childrenOf, eventually } from '../cli/http-fixture.js';
import { isAlive, survivors } from '../exec/alive.js';
import { connectClient, httpServer, stdioServer, textOf } from './aggregate-fixture.js';

let web: Awaited<ReturnType<typeof httpServer>>;
beforeAll(async () => {
  web = await httpServer('web');
});
afterAll(async () => {
  await web.close();
});

// Every proxy a test starts is closed after it, even when an assertion failed first: nothing is left running.
const running: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.close()));
});
const startProxy: typeof start = async (options: ProxyOptions) => {
  const started = await start(options);
  if (started.ok) running.push(started.value);
  return started;
};

/** The error code a client call rejected with. */
async function codeOf(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
    return undefined;
  } catch (e) {
    return e instanceof McpError ? e.code : -1;
  }
}

describe('one gateway for several servers', () => {
  it("names a server's tool as the model called it in what replaces a result (--max-result)", async () => {
    const started = await startProxy({
      servers: { alpha: stdioServer('alpha') },
      listen: { port: 0 },
      maxResultBytes: 10,
    });
    if (!started.ok) throw new Error(started.error.message);
    const { client } = await connectClient(started.value.url as string);
    const big = await client.callTool({ name: 'alpha__echo', arguments: { text: 'x'.repeat(50) } });
    expect(big.isError).toBe(true);
    expect(textOf(big)).toMatch(
      /^error: tool alpha__echo ran but its result \(\d+ bytes\) is over --max-result, 10 bytes$/,
    );
    await client.close();
  });

  it('publishes <server>__<tool>, routes, validates per server, grants by published name', async () => {
    const lines: string[] = [];
    const started = await startProxy({
      servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta'), web: { url: web.url } },
      listen: { port: 0 },
      deny: ['beta__s*', '*__grow', '*__crash', '*__ask', '*__spoof'],
      onLog: (l) => lines.push(l),
    });
    if (!started.ok) throw new Error(started.error.message);
    const proxy = started.value;
    const { client } = await connectClient(proxy.url as string);
    expect(client.getServerVersion()?.name).toBe('toolgate-gateway');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(['alpha__echo', 'alpha__slow', 'beta__echo', 'web__echo']);
    expect(proxy.tools).toEqual(names);
    expect(proxy.withheld).toContain('beta__slow: not granted by --allow/--deny');

    expect(textOf(await client.callTool({ name: 'alpha__echo', arguments: { text: 'hi' } }))).toBe('alpha:hi');
    expect(textOf(await client.callTool({ name: 'beta__echo', arguments: { text: 'hi' } }))).toBe('beta:hi');
    expect(textOf(await client.callTool({ name: 'web__echo', arguments: { text: 'hi' } }))).toBe('web:hi');
    // Refused by the gateway, per server's schema: never reaches the server.
    const invalid = await client.callTool({ name: 'web__echo', arguments: { text: 7 } });
    expect(invalid.isError).toBe(true);
    // Named as the model called it: the server's own name is one the model was never shown.
    expect(textOf(invalid)).toBe('error: invalid arguments for web__echo:\n$.text: expected string, got integer');
    // Unknown, withheld, and the server's own name unprefixed: one answer.
    for (const name of ['gamma__echo', 'beta__slow', 'echo', 'alpha__'])
      expect(await codeOf(client.callTool({ name, arguments: {} }))).toBe(-32602);
    // Resources and prompts are not aggregated: -32601, never sent to some server.
    expect(await codeOf(client.listPrompts())).toBe(-32601);
    expect(await codeOf(client.getPrompt({ name: 'alpha__greet' }))).toBe(-32601);
    expect(await codeOf(client.listResources())).toBe(-32601);
    expect(await codeOf(client.readResource({ uri: 'file:///alpha/readme' }))).toBe(-32601);
    // The gateway declares logging and answers setLevel itself (a level for every server's log messages).
    expect(await codeOf(client.setLoggingLevel('debug'))).toBeUndefined();
    await client.ping();

    // A slow server delays only its own calls.
    const t0 = performance.now();
    const slow = client.callTool({ name: 'alpha__slow', arguments: { ms: 1500 } });
    const quick = await client.callTool({ name: 'beta__echo', arguments: { text: 'fast' } });
    const quickMs = performance.now() - t0;
    expect(textOf(quick)).toBe('beta:fast');
    expect(quickMs).toBeLessThan(1000);
    expect(textOf(await slow)).toBe('alpha:slept 1500');
    // A server's progress reaches the client for that server's call.
    let progressed = 0;
    const onprogress = (): void => {
      progressed++;
    };
    await client.callTool({ name: 'beta__echo', arguments: { text: 'p' } }, undefined, { onprogress });
    await client.callTool({ name: 'alpha__slow', arguments: { ms: 10 } }, undefined, { onprogress });
    expect(progressed).toBe(1);

    const children = childrenOf(process.pid);
    expect(children.length).toBeGreaterThanOrEqual(2);
    await client.close();
    await proxy.close();
    expect(await survivors(children, 3000)).toEqual([]);
    expect(lines.some((l) => l.includes('listening on'))).toBe(true);
  });

  it('a tool whose published name breaks the rule fails its server, or is withheld (leave-out)', async () => {
    const long = 'x'.repeat(60);
    const lines: string[] = [];
    const failing = await startProxy({
      servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta', '--bad-name') },
      listen: { port: 0 },
      onLog: (l) => lines.push(l),
    });
    if (!failing.ok) throw new Error(failing.error.message);
    expect(failing.value.tools.some((t) => t.startsWith('beta__'))).toBe(false);
    expect(failing.value.tools).toContain('alpha__echo');
    expect(failing.value.withheld.some((w) => w.startsWith('beta: server not served'))).toBe(true);
    expect(lines.join('\n')).toContain(`beta__${long}: validation: its published name`);
    await failing.value.close();

    const leaving = await startProxy({
      servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta', '--bad-name') },
      listen: { port: 0 },
      badTools: 'leave-out',
    });
    if (!leaving.ok) throw new Error(leaving.error.message);
    expect(leaving.value.tools).toContain('beta__echo');
    expect(leaving.value.tools.some((t) => t.includes(long))).toBe(false);
    const withheld = leaving.value.withheld.find((w) => w.startsWith(`beta__${long}`));
    expect(withheld).toContain('does not match ^[A-Za-z0-9_-]{1,64}$');
    await leaving.value.close();
  });

  it('a server that fails to start is named and the others served; --mode strict refuses the start', async () => {
    const lines: string[] = [];
    const started = await startProxy({
      servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta', '--fail-start') },
      listen: { port: 0 },
      onLog: (l) => lines.push(l),
    });
    if (!started.ok) throw new Error(started.error.message);
    expect(started.value.tools).toContain('alpha__echo');
    expect(started.value.withheld.some((w) => w.startsWith('beta: server not served'))).toBe(true);
    expect(lines.join('\n')).toMatch(/server "beta: .*" .*refusing to start/s);
    await started.value.close();

    const strict = await startProxy({
      servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta', '--fail-start') },
      listen: { port: 0 },
      mode: 'strict',
    });
    expect(strict.ok).toBe(false);
    if (!strict.ok) expect(strict.error.message).toContain('beta');
  });

  it('a server that exits is withdrawn and comes back through admission; list_changed re-lists one', async () => {
    const lines: string[] = [];
    const started = await startProxy({
      servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta') },
      listen: { port: 0 },
      onLog: (l) => lines.push(l),
    });
    if (!started.ok) throw new Error(started.error.message);
    const { client, changes } = await connectClient(started.value.url as string);
    expect(textOf(await client.callTool({ name: 'alpha__crash', arguments: {} }))).toBe('alpha:crashing');
    expect(await eventually(() => changes() >= 1)).toBe(true);
    expect(await eventually(() => lines.some((l) => l.includes('restart 1 in 0.5 s')))).toBe(true);
    // Back after its backoff, admitted again: a second list_changed.
    expect(await eventually(() => changes() >= 2, 8000)).toBe(true);
    expect(textOf(await client.callTool({ name: 'alpha__echo', arguments: { text: 'back' } }))).toBe('alpha:back');
    expect(textOf(await client.callTool({ name: 'beta__echo', arguments: { text: 'still' } }))).toBe('beta:still');

    // beta's own list_changed: beta re-admitted alone, its new tool published.
    const before = changes();
    await client.callTool({ name: 'beta__grow', arguments: {} });
    expect(await eventually(() => changes() > before)).toBe(true);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('beta__grown');
    expect(names).not.toContain('alpha__grown');
    expect(textOf(await client.callTool({ name: 'beta__grown', arguments: { n: 2 } }))).toBe('beta:grown 2');
    const children = childrenOf(process.pid);
    await client.close();
    await started.value.close();
    expect(await survivors(children, 3000)).toEqual([]);
  });

  it('--listen: each session has its own connection to every server; --stateless shares one set', async () => {
    const sessions = await startProxy({
      servers: { alpha: stdioServer('alpha'), web: { url: web.url } },
      listen: { port: 0 },
    });
    if (!sessions.ok) throw new Error(sessions.error.message);
    const running = (): number => childrenOf(process.pid).filter(isAlive).length;
    const before = running();
    const one = await connectClient(sessions.value.url as string);
    const two = await connectClient(sessions.value.url as string);
    // One alpha process per session.
    expect(running()).toBe(before + 2);
    expect(textOf(await one.client.callTool({ name: 'alpha__echo', arguments: { text: '1' } }))).toBe('alpha:1');
    expect(textOf(await two.client.callTool({ name: 'web__echo', arguments: { text: '2' } }))).toBe('web:2');
    await one.client.close();
    await two.client.close();
    await sessions.value.close();

    const shared = await startProxy({
      servers: { alpha: stdioServer('alpha'), web: { url: web.url } },
      listen: { port: 0, stateless: true },
    });
    if (!shared.ok) throw new Error(shared.error.message);
    const a = await connectClient(shared.value.url as string);
    const b = await connectClient(shared.value.url as string);
    expect(textOf(await a.client.callTool({ name: 'alpha__echo', arguments: { text: 'a' } }))).toBe('alpha:a');
    expect(textOf(await b.client.callTool({ name: 'web__echo', arguments: { text: 'b' } }))).toBe('web:b');
    // Stateless: no server-to-client request reaches any client (it could reach another's).
    const asked = await a.client.callTool({ name: 'alpha__ask', arguments: { q: 'x' } });
    expect(asked.isError).toBe(true);
    const children = childrenOf(process.pid);
    await a.client.close();
    await b.client.close();
    await shared.value.close();
    expect(await survivors(children, 3000)).toEqual([]);
  });

  it('--grants: each client sees and calls only its granted published names; another is an unknown tool', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-gateway-grants-'));
    const token = 'gateway-token-0123456789';
    vi.stubEnv('GATEWAY_CI_TOKEN', token);
    try {
      const grants = join(dir, 'grants.json');
      const client = { name: 'ci', tokenEnv: 'GATEWAY_CI_TOKEN', allow: ['beta__*'], deny: ['beta__s*'] };
      writeFileSync(grants, JSON.stringify({ clients: [client] }));
      const started = await startProxy({
        servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta') },
        listen: { port: 0, grants },
      });
      if (!started.ok) throw new Error(started.error.message);
      const sdk = new Client({ name: 'gateway-grants', version: '0' });
      const headers = { Authorization: `Bearer ${token}` };
      await sdk.connect(
        new StreamableHTTPClientTransport(new URL(started.value.url as string), { requestInit: { headers } }),
      );
      const names = (await sdk.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(['beta__echo', 'beta__grow', 'beta__crash', 'beta__ask']);
      expect(textOf(await sdk.callTool({ name: 'beta__echo', arguments: { text: 'g' } }))).toBe('beta:g');
      for (const name of ['alpha__echo', 'beta__slow'])
        expect(await codeOf(sdk.callTool({ name, arguments: { text: 'g', ms: 1 } }))).toBe(-32602);
      await sdk.close();
    } finally {
      vi.unstubAllEnvs();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--grants: tells a client of a tools/list_changed only when its own granted names changed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-gateway-changed-'));
    const tokens = {
      GATEWAY_CI_TOKEN: 'gateway-ci-token-0123456789',
      GATEWAY_DEV_TOKEN: 'gateway-dev-token-012345678',
    };
    for (const [name, value] of Object.entries(tokens)) vi.stubEnv(name, value);
    try {
      const grants = join(dir, 'grants.json');
      // beta__grow adds beta__grown: outside ci's grant, inside dev's.
      const clients = [
        { name: 'ci', tokenEnv: 'GATEWAY_CI_TOKEN', allow: ['beta__echo', 'beta__grow'] },
        { name: 'dev', tokenEnv: 'GATEWAY_DEV_TOKEN', allow: ['beta__*'] },
      ];
      writeFileSync(grants, JSON.stringify({ clients }));
      const started = await startProxy({
        servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta') },
        listen: { port: 0, grants },
      });
      if (!started.ok) throw new Error(started.error.message);
      const url = started.value.url as string;
      const ci = await connectClient(url, { Authorization: `Bearer ${tokens.GATEWAY_CI_TOKEN}` });
      const dev = await connectClient(url, { Authorization: `Bearer ${tokens.GATEWAY_DEV_TOKEN}` });
      for (const { client } of [ci, dev]) {
        await client.callTool({ name: 'beta__grow', arguments: {} });
        await client.listTools();
      }
      expect(await eventually(() => dev.changes() === 1)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([ci.changes(), dev.changes()]).toEqual([0, 1]);
      expect((await ci.client.listTools()).tools.map((t) => t.name)).toEqual(['beta__echo', 'beta__grow']);
      await ci.client.close();
      await dev.client.close();
      await started.value.close();
    } finally {
      vi.unstubAllEnvs();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("passes a server's progress only for a call that went to that server, never another server's token", async () => {
    const started = await startProxy({
      servers: { alpha: stdioServer('alpha'), beta: stdioServer('beta') },
      listen: { port: 0 },
    });
    if (!started.ok) throw new Error(started.error.message);
    const { client } = await connectClient(started.value.url as string);
    const seen: unknown[] = [];
    client.setNotificationHandler(ProgressNotificationSchema, async (n) => {
      seen.push(n.params.progress);
    });
    const slow = client.callTool({ name: 'beta__slow', arguments: { ms: 800 }, _meta: { progressToken: 'tok' } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(textOf(await client.callTool({ name: 'alpha__spoof', arguments: { token: 'tok' } }))).toBe('alpha:spoofed');
    await slow;
    expect(seen).toEqual([1]);
    await client.close();
  });
});
