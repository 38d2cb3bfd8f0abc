// startProxy (the front createProxyHandler mounts too) with the MCP SDK client closed as MCP Inspector and
// LangChain's MultiServerMCPClient.close() close it: transport closed, no DELETE. At maxSessions the next client
// is served by ending the forgotten session and its server, not refused with 503.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { survivors } from '../exec/alive.js';
import { childrenOf, eventually } from '../cli/http-fixture.js';

const RECORDING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');

describe('startProxy: sessions clients forget', () => {
  it('a client closed without DELETE gives its slot to the next one at maxSessions', async () => {
    const lines: string[] = [];
    const started = await startProxy({
      upstream: { command: process.execPath, args: [RECORDING] },
      listen: { port: 0, maxSessions: 1 },
      onLog: (line) => lines.push(line),
    });
    if (!started.ok) throw new Error(started.error.message);
    const proxy = started.value;
    const before = childrenOf(process.pid);
    const first = new Client({ name: 'forgetful', version: '0' });
    await first.connect(new StreamableHTTPClientTransport(new URL(proxy.url as string)));
    expect((await first.listTools()).tools.length).toBeGreaterThan(0);
    const firstServers = childrenOf(process.pid).filter((p) => !before.includes(p));
    expect(firstServers).toHaveLength(1);
    // What MultiServerMCPClient.close() does: the transport closes (its GET stream with it), no DELETE is sent.
    await first.close();
    // The proxy sees the GET stream's connection close a moment later.
    await eventually(() => false, 300);
    const second = new Client({ name: 'next', version: '0' });
    await second.connect(new StreamableHTTPClientTransport(new URL(proxy.url as string)));
    expect((await second.listTools()).tools.length).toBeGreaterThan(0);
    expect(await survivors(firstServers, 3000)).toEqual([]);
    expect(lines.some((l) => /session \w{8} ended: unused longest/.test(l))).toBe(true);
    await second.close();
    await proxy.close();
    expect(await proxy.closed).toBe(0);
  }, 30_000);
});
