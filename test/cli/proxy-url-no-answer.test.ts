// A Streamable HTTP server whose JSON body to a request is not that request's answer (a one-element batch, a body
// compressed unasked, the answer of another id): the proxy read the body, dropped what it could not take, counted
// the request answered all the same, and waited out --timeout (`did not answer "initialize" within 30 s`, and a
// call failed only after its timeout). The request now fails when its body is read, as one whose event stream ends
// without its answer does.
import { gzipSync } from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';
import { type PostServer, startPostServer } from './post-server.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NO_ANSWER = 'the MCP server closed the response without an answer';

type Body = 'batch' | 'gzip' | 'other id';

/** A server answering `wrong` (initialize or tools/call) with `body`, everything else as it should. */
function server(wrong: string, body: Body): Promise<PostServer> {
  return startPostServer((m, _req, res) => {
    if (m.id === undefined) return void res.writeHead(202).end();
    const result =
      m.method === 'initialize'
        ? { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'raw', version: '1' } }
        : m.method === 'tools/list'
          ? { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }
          : { content: [{ type: 'text', text: 'RAN' }] };
    const id = m.method === wrong && body === 'other id' ? Number(m.id) + 1000 : m.id;
    const text = JSON.stringify({ jsonrpc: '2.0', id, result });
    if (m.method === wrong && body === 'batch') return void res.writeHead(200, JSON_TYPE).end(`[${text}]`);
    if (m.method === wrong && body === 'gzip')
      return void res.writeHead(200, { ...JSON_TYPE, 'content-encoding': 'gzip' }).end(gzipSync(text));
    res.writeHead(200, JSON_TYPE).end(text);
  });
}
const JSON_TYPE = { 'content-type': 'application/json' };

const servers: PostServer[] = [];
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  for (const s of servers) s.close();
});

describe('proxy --url: a JSON body that is not its request answer fails the request at once', () => {
  it.each<Body>(['batch', 'gzip', 'other id'])(
    'initialize answered with a body of kind %s',
    async (body) => {
      const s = await server('initialize', body);
      servers.push(s);
      // A --timeout the test outlives: waiting it out is the failure this guards.
      const run = await runInProcess(['proxy', '--timeout', '60', '--url', `${s.origin}/mcp`]);
      expect(run.code).toBe(2);
      expect(run.err).toContain(`refused "initialize": ${NO_ANSWER}`);
      expect(run.err).not.toContain('did not answer');
    },
    30_000,
  );

  it.each<Body>(['batch', 'gzip', 'other id'])(
    'a call answered with a body of kind %s',
    async (body) => {
      const s = await server('tools/call', body);
      servers.push(s);
      const args = ['--import', 'tsx', 'src/cli/main.ts', 'proxy', '--timeout', '60', '--url', `${s.origin}/mcp`];
      const transport = new StdioClientTransport({ command: process.execPath, args, cwd: ROOT, stderr: 'pipe' });
      const client = new Client({ name: 'toolgate-test', version: '0' });
      clients.push(client);
      await client.connect(transport);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['echo']);
      await expect(client.callTool({ name: 'echo', arguments: {} }, undefined, { timeout: 30_000 })).rejects.toThrow(
        NO_ANSWER,
      );
    },
    40_000,
  );
});
