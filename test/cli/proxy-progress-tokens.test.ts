// Two clients of one shared upstream session (`--stateless`) give the same progress token, as the MCP SDK does (a
// request's token is its id, and every client's first call has id 1). The proxy used to route progress by the
// client's token alone, so the second call's entry replaced the first's and the server's progress for one client
// went to the other (a leak across clients). Each request now goes upstream under a token of the proxy's, and its
// progress reaches its own client under the client's token.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy, stopAll } from './http-fixture.js';

const RECORDING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');
const clients: Client[] = [];

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await stopAll();
});

/** A connected SDK client of the proxy at `url`. */
async function clientOf(url: string): Promise<Client> {
  const client = new Client({ name: 'progress-tokens', version: '0' });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** The progress one call of the `progress` tool saw, every call given the same token. */
async function progressOf(client: Client, token: string): Promise<Progress[]> {
  const seen: Progress[] = [];
  await client.request(
    { method: 'tools/call', params: { name: 'progress', arguments: {}, _meta: { progressToken: token } } },
    CallToolResultSchema,
    { onprogress: (p) => seen.push(p) },
  );
  return seen;
}

describe('progress of a shared upstream session reaches only the client whose request it belongs to', () => {
  it('--stateless: two SDK clients calling at once, their first calls alike', async () => {
    const proxy = await startProxy([
      '--listen',
      '0',
      '--stateless',
      '--env',
      'WITH_PROGRESS=1',
      '--',
      process.execPath,
      RECORDING,
    ]);
    const [alice, bob] = await Promise.all([clientOf(proxy.url), clientOf(proxy.url)]);
    for (let round = 0; round < 5; round++) {
      const [a, b] = await Promise.all([progressOf(alice, 'same'), progressOf(bob, 'same')]);
      expect(a.map((p) => p.progress)).toEqual([0, 50, 100]);
      expect(b.map((p) => p.progress)).toEqual([0, 50, 100]);
    }
  }, 60_000);
});
