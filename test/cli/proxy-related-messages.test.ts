// A server's messages that belong to a client's request reach the client on that request's own stream, before
// its answer (MCP, "Transports": a client stops listening for a request's progress once the answer came, so a
// progress notification sent on the GET stream could arrive after it and be lost). Guards the conformance suite's
// tools-call-with-progress scenario through `toolgate proxy --listen`: an HTTP upstream (related by the upstream
// request's stream) and a command upstream (related by the progress token), the SDK client with its GET stream
// open, many calls so that a race shows.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallToolResultSchema, type Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { startHttpServer, startProxy, stopAll } from './http-fixture.js';

const RECORDING = join(new URL('../..', import.meta.url).pathname, 'test/cli/fixtures/recording-server.mjs');
const clients: Client[] = [];

afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  await stopAll();
});

/** Calls the `progress` tool `times` times through the proxy at `url`; the progress counts each call saw. */
async function progressCounts(url: string, times: number): Promise<number[]> {
  const client = new Client({ name: 'progress-test', version: '0' });
  clients.push(client);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  // Let the client's GET stream open, so a message not tied to its request has somewhere else to go.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const counts: number[] = [];
  for (let i = 0; i < times; i++) {
    const seen: Progress[] = [];
    await client.request(
      { method: 'tools/call', params: { name: 'progress', arguments: {}, _meta: { progressToken: `t${i}` } } },
      CallToolResultSchema,
      { onprogress: (p) => seen.push(p) },
    );
    counts.push(seen.length);
  }
  return counts;
}

describe('progress notifications reach the client before the answer they belong to', () => {
  it('through --listen from an HTTP upstream', async () => {
    const upstream = await startHttpServer({ WITH_PROGRESS: '1' });
    const proxy = await startProxy(['--listen', '0', '--url', upstream.url]);
    expect(await progressCounts(proxy.url, 10)).toEqual(Array(10).fill(3));
  }, 60_000);

  it('through --listen from a command upstream', async () => {
    const proxy = await startProxy(['--listen', '0', '--env', 'WITH_PROGRESS=1', '--', process.execPath, RECORDING]);
    expect(await progressCounts(proxy.url, 10)).toEqual(Array(10).fill(3));
  }, 60_000);
});
