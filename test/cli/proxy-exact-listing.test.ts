// A tools/list page is read with JSON.parse, which rounded `"minimum":9007199254740993` to ...992 and kept the
// second of two `required`: the proxy published and enforced other schemas than the server wrote, and forwarded
// `{"n":9007199254740992}`, which the server's own bound refuses. Each tool's text is now read exactly too
// (src/mcp/exact-listing.ts): such a tool is a malformed tool, failing start-up or withheld with --bad-tools
// leave-out, as docs/proxy.md's table says.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = process.execPath;
const SERVER = join(ROOT, 'test/cli/fixtures/inexact-list-server.mjs');
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
});

/** The proxy in front of the fixture, with `options`, through the MCP SDK's client; its stderr as it comes. */
async function connect(options: string[]) {
  const args = ['--import', 'tsx', 'src/cli/main.ts', 'proxy', ...options, NODE, SERVER];
  const transport = new StdioClientTransport({ command: NODE, args, cwd: ROOT, stderr: 'pipe' });
  const log = { stderr: '' };
  transport.stderr?.on('data', (c: Buffer) => {
    log.stderr += c.toString('utf8');
  });
  const client = new Client({ name: 'toolgate-test', version: '0' });
  clients.push(client);
  await client.connect(transport);
  return { client, log };
}

describe('proxy: tools whose definitions JSON readers read differently', () => {
  it('a key given twice is a malformed tool: start-up fails, naming each tool with what and where', async () => {
    const run = await runInProcess(['proxy', '--timeout', '10', NODE, SERVER]);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/\n {2}twice: validation: .*duplicate key "required" at line 1 column \d+/);
    expect(run.err).toMatch(
      /\n {2}bounded: unsupported_capability: .*number 9007199254740993 would be received as 9007199254740992/,
    );
    expect(run.err).not.toMatch(/\n {2}echo: /);
  }, 20_000);

  it('a number it cannot enforce as written withholds its tool in quarantine; no call reaches the server', async () => {
    const { client, log } = await connect(['--env', 'NUMBERS_ONLY=1']);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    // Refused by the proxy as a tool it does not publish (-32602): nothing reached the server.
    await expect(client.callTool({ name: 'bounded', arguments: { n: 9007199254740992 } })).rejects.toThrow(
      /unknown tool: bounded/,
    );
    expect((await client.callTool({ name: 'echo', arguments: { msg: 'hi' } })).content).toEqual([
      { type: 'text', text: 'RAN echo' },
    ]);
    expect(log.stderr).toMatch(/withheld: bounded: unsupported_capability: a number in its definition cannot be/);
  }, 20_000);

  it('with --bad-tools leave-out the malformed one is withheld too', async () => {
    const { client, log } = await connect(['--bad-tools', 'leave-out']);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
    expect(log.stderr).toMatch(/withheld: twice: validation: .*duplicate key "required"/);
  }, 20_000);

  it('over --url too: the page an HTTP server answers with is read the same way', async () => {
    // A raw Streamable HTTP server (no SDK, which would write the text again): one session, JSON answers.
    const tools =
      '[{"name":"echo","inputSchema":{"type":"object"}},' +
      '{"name":"twice","inputSchema":{"type":"object","required":["n"],"required":[]}}]';
    const server = createServer((req, res) => {
      if (req.method !== 'POST') return void res.writeHead(req.method === 'DELETE' ? 200 : 405).end();
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        const m = JSON.parse(body) as { id?: number; method: string };
        if (m.id === undefined) return void res.writeHead(202).end();
        const result =
          m.method === 'initialize'
            ? '{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}'
            : m.method === 'tools/list'
              ? `{"tools":${tools}}`
              : '{}';
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' });
        res.end(`{"jsonrpc":"2.0","id":${m.id},"result":${result}}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
      const run = await runInProcess(['proxy', '--timeout', '10', '--url', url]);
      expect(run.code).toBe(1);
      expect(run.err).toMatch(/\n {2}twice: validation: .*duplicate key "required"/);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }, 20_000);
});
