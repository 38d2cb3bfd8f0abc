// Schemas that accept every arguments object and the start-up summary, with the MCP
// SDK's own client and server classes. The older server-filesystem listed `{"$schema": "...draft-07..."}` alone:
// the SDK client refuses that tools/list outright, so the proxy publishes it with "type": "object" added (and still
// refuses non-object arguments), names such tools at start-up, and withholds them with --withhold-unconstrained.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = process.execPath;
const SERVER = join(ROOT, 'test/cli/fixtures/open-schema-server.mjs');
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
});

async function connect(args: string[]) {
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
const proxy = (options: string[]) => connect(['--import', 'tsx', 'src/cli/main.ts', 'proxy', ...options, NODE, SERVER]);
const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content.map((c) => c.text).join('');

describe('proxy: schemas that accept every arguments object', () => {
  it('the SDK client alone refuses the server\'s tools/list (why "type": "object" is added)', async () => {
    const { client } = await connect([SERVER]);
    await expect(client.listTools()).rejects.toThrow();
  }, 20_000);

  it('publishes them with "type": "object" added, names them, and keeps refusing non-object arguments', async () => {
    const { client, log } = await proxy([]);
    const tools = (await client.listTools()).tools;
    expect(tools.map((t) => t.name).sort()).toEqual(['console_messages', 'open', 'read_file', 'write_file']);
    expect(tools.find((t) => t.name === 'write_file')?.inputSchema).toEqual({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
    });
    // Nothing in the schema refuses it: forwarded as the server's own schema says.
    expect(textOf(await client.callTool({ name: 'write_file', arguments: { bogus: true } }))).toBe(
      'got {"bogus":true}',
    );
    const list = await client.request(
      { method: 'tools/call', params: { name: 'write_file', arguments: [1] as unknown as Record<string, unknown> } },
      CallToolResultSchema,
    );
    expect(list.isError).toBe(true);
    expect(textOf(list)).toMatch(/arguments must be a JSON object/);
    expect(log.stderr).toMatch(/server "open-schemas" 0\.6\.2 \(.*\): 4 of 4 tools published/);
    expect(log.stderr).toMatch(/accepts every arguments object .*: write_file, open\n/);
    expect(log.stderr).toMatch(/"type": "object" added .*: write_file\n/);
    expect(log.stderr).toMatch(/required and with a "default" .*: console_messages \(level\)\n/);
  }, 30_000);

  it('--withhold-unconstrained withholds them, the reason said once', async () => {
    const { client, log } = await proxy(['--withhold-unconstrained']);
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['console_messages', 'read_file']);
    await expect(client.callTool({ name: 'write_file', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    expect(log.stderr).toMatch(/withheld: write_file, open: its inputSchema accepts every arguments object/);
    expect(log.stderr.match(/accepts every arguments object/g)).toHaveLength(1);
  }, 30_000);

  it('--quiet keeps only the problems', async () => {
    const { client, log } = await proxy(['--quiet', '--deny', 'open']);
    expect((await client.listTools()).tools).toHaveLength(3);
    expect(log.stderr).not.toMatch(/tools published|"type": "object" added/);
    expect(log.stderr).toMatch(/withheld: open: not granted/);
    expect(log.stderr).toMatch(/accepts every arguments object .*: write_file\n/);
  }, 30_000);

  it('says so when no tool is published at all', async () => {
    const { client, log } = await proxy(['--deny', '*']);
    expect((await client.listTools()).tools).toEqual([]);
    expect(log.stderr).toMatch(/no tool published \(4 listed\)/);
    expect(log.stderr).toMatch(
      /withheld: write_file, open, read_file, console_messages: not granted by --allow\/--deny\n/,
    );
  }, 30_000);
});

describe('check names them (lint rule accepts-anything)', () => {
  it('in the text report', async () => {
    const r = await runInProcess(['check', '--mcp', `${NODE} ${SERVER}`]);
    expect(r.out).toMatch(/accepts-anything/);
  }, 30_000);
});
