// A client on stdio that stops reading while its server floods it: what the proxy writes toward the client is
// bounded (src/proxy/stdio.ts, MAX_CLIENT_UNREAD). Past 64 MiB left unread, notifications and answers to it are
// dropped and the server's requests answered with an error unsent (src/mcp/peer.ts), said once on stderr; before,
// every message queued in the proxy's stdout (a flood of 64 KB log notifications held 765 MB after 7 s). A flood of
// requests meets the bound on what waits for the client's answer first (test/cli/proxy-server-asks.test.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from './http-fixture.js';
import { RawCli } from './raw-cli.js';

const FLOOD = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/flood-server.mjs');
const started: RawCli[] = [];

afterAll(async () => {
  for (const p of started) {
    p.child.kill('SIGTERM');
    await p.exited;
  }
});

/** A process's resident memory in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** A proxy in front of the flood server whose client, once initialized, calls `tool` and reads nothing more. */
async function floodedBy(tool: string): Promise<RawCli> {
  const proxy = new RawCli('proxy', ['--', process.execPath, FLOOD]);
  started.push(proxy);
  await proxy.initialize({ sampling: {} });
  proxy.child.stdout.pause();
  proxy.send({ jsonrpc: '2.0', id: 'flood', method: 'tools/call', params: { name: tool, arguments: {} } });
  return proxy;
}

describe('proxy on stdio bounds what a client that stopped reading is sent', () => {
  it('holds a bounded memory while its server floods log notifications', async () => {
    const proxy = await floodedBy('flood');
    expect(await eventually(() => /the client left over 64 MiB unread/.test(proxy.stderr), 15_000)).toBe(true);
    // Past the bound nothing more is kept: the proxy's memory stays within a few times the bound.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(rssOf(proxy.child.pid as number)).toBeLessThan(400 * 1024 * 1024);
    proxy.child.kill('SIGTERM');
    await proxy.exited;
  }, 30_000);
});
