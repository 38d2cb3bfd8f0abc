// `toolgate proxy` in front of real servers from the npm registry, with the SDK's own client: every tool of
// server-everything and server-filesystem is admitted (none withheld but server-everything's one that runs only as a
// task, which the proxy cannot serve: test/proxy/task-support-announced.test.ts), valid calls pass, invalid ones are
// answered by the proxy, structured output is checked and passes, grants narrow the list.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from './http-fixture.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-proxy-real-'));
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  rmSync(dir, { recursive: true, force: true });
});

const textOf = (result: unknown): string =>
  (result as { content: { text: string }[] }).content.map((c) => c.text).join('');

/** An SDK client connected to the proxy in front of one package's server; its stderr is collected. */
async function through(pkg: string, options: string[], serverArgs: string[] = []) {
  const server = join(ROOT, 'node_modules/@modelcontextprotocol', pkg, 'dist/index.js');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/cli/main.ts', 'proxy', ...options, '--', process.execPath, server, ...serverArgs],
    cwd: ROOT,
    stderr: 'pipe',
  });
  const log = { stderr: '' };
  transport.stderr?.on('data', (c: Buffer) => {
    log.stderr += c.toString('utf8');
  });
  const client = new Client({ name: 'toolgate-test', version: '0' }, { capabilities: { sampling: {} } });
  clients.push(client);
  await client.connect(transport);
  return { client, log };
}

describe('toolgate proxy in front of real servers', () => {
  it('server-everything: all tools but the task-only one published, calls, output and sampling pass', async () => {
    const { client, log } = await through('server-everything', []);
    client.setRequestHandler(CreateMessageRequestSchema, () => ({
      role: 'assistant',
      content: { type: 'text', text: 'sampled' },
      model: 'test',
    }));
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-structured-content']));
    const withheld = 'withheld: simulate-research-query: its execution.taskSupport is "required"';
    expect(await eventually(() => log.stderr.includes(withheld), 15_000)).toBe(true);
    expect(log.stderr.match(/withheld/g)).toHaveLength(1);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'hi' } }))).toBe('Echo: hi');
    const bad = await client.callTool({ name: 'echo', arguments: { message: 5 } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toMatch(/message: expected string/);
    const structured = await client.callTool({ name: 'get-structured-content', arguments: { location: 'New York' } });
    expect(structured.isError).not.toBe(true);
    expect(structured.structuredContent).toBeDefined();
    // Resources and prompts are the server's own, passed through.
    expect((await client.listResources()).resources.length).toBeGreaterThan(0);
    expect((await client.listPrompts()).prompts.length).toBeGreaterThan(0);
    const sampled = await client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'x' } });
    expect(JSON.stringify(sampled)).toContain('sampled');
  }, 30_000);

  it('server-filesystem: --allow narrows the list; a call outside the grant never runs', async () => {
    writeFileSync(join(dir, 'a.txt'), 'hello');
    const { client } = await through('server-filesystem', ['--allow', 'read_*', '--allow', 'list_*'], [dir]);
    const names = (await client.listTools()).tools.map((t) => t.name).sort();
    expect(names).toEqual(
      expect.arrayContaining(['list_allowed_directories', 'list_directory', 'read_file', 'read_text_file']),
    );
    expect(names.every((n) => n.startsWith('read_') || n.startsWith('list_'))).toBe(true);
    expect(textOf(await client.callTool({ name: 'read_text_file', arguments: { path: join(dir, 'a.txt') } }))).toBe(
      'hello',
    );
    await expect(
      client.callTool({ name: 'write_file', arguments: { path: join(dir, 'b.txt'), content: 'x' } }),
    ).rejects.toMatchObject({ code: -32602 });
    expect(existsSync(join(dir, 'b.txt'))).toBe(false);
    const bad = await client.callTool({ name: 'read_text_file', arguments: { path: 5 } });
    expect(bad.isError).toBe(true);
  }, 30_000);
});
