// A server's cancellation of its own request to the client is passed on rebuilt (docs/proxy.md: `requestId`, and
// `reason` when it is a string): the gateway (--config) passed on every member the server put in it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = join(ROOT, 'test/cli/fixtures/cancel-junk-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-server-cancel-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const config = join(dir, 'config.json');
writeFileSync(config, JSON.stringify({ mcpServers: { a: { command: process.execPath, args: [SERVER] } } }));

/** The proxy with `args`, called once by a client that can sample; the cancellation it passes on. */
async function cancellationOf(args: string[], tool: string): Promise<unknown> {
  const proxy = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'proxy', ...args], { cwd: ROOT });
  const send = (m: object): boolean => proxy.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...m })}\n`);
  try {
    const lines = createInterface({ input: proxy.stdout });
    send({
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: { sampling: {} },
        clientInfo: { name: 't', version: '1' },
      },
    });
    for await (const line of lines) {
      const m = JSON.parse(line) as { id?: unknown; method?: string; params?: unknown };
      if (m.id === 1) {
        send({ method: 'notifications/initialized' });
        send({ id: 2, method: 'tools/call', params: { name: tool, arguments: {} } });
      }
      if (m.method === 'notifications/cancelled') return m.params;
      if (m.id === 2) return 'answered without a cancellation';
    }
    return 'ended';
  } finally {
    proxy.kill();
  }
}

describe("a server's cancellation of its request to the client", () => {
  it.each([
    ['a single server', ['--', process.execPath, SERVER], 'ask'],
    ['a gateway (--config)', ['--config', config], 'a__ask'],
  ])(
    'is passed on rebuilt by %s',
    async (_, args, tool) => {
      const params = await cancellationOf(args, tool);
      expect(params).toEqual({ requestId: expect.any(Number), reason: 'r' });
    },
    30_000,
  );
});
