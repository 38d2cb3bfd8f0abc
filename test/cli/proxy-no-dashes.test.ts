// `toolgate proxy [options] <command> [args...]` without "--": MCP Inspector splits its own
// arguments at the first "--", and an mcpServers entry is an argument list, so the first word that is neither an
// option nor an option's value starts the server's command. Tested with the argument lists those clients pass,
// through the MCP SDK's own stdio client.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { proxySettings } from '../../src/cli/proxy-options.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const NODE = process.execPath;
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-no-dashes-'));
const clients: Client[] = [];
afterAll(async () => {
  for (const c of clients) await c.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('proxy: the server command starts at the first word that is not an option', () => {
  it.each([
    ['no "--"', ['--allow', 'read_*', 'node', 's.js', '--mode', 'x'], ['node', 's.js', '--mode', 'x']],
    ['"--" still works', ['--allow', 'read_*', '--', 'node', 's.js'], ['node', 's.js']],
    ['a "--" after the command is the command\'s', ['--env', 'K=V', 'node', '--', '-x'], ['node', '--', '-x']],
    ['switches take no word', ['--stateless', '--listen', '0', 'node', '-y', 'pkg'], ['node', '-y', 'pkg']],
    ['inline values take no word', ['--mode=strict', '--timeout=3', 'npx', '-y', 'pkg'], ['npx', '-y', 'pkg']],
    [
      'npx -y as Inspector passes it',
      ['npx', '-y', '@scope/server', '--port', '1'],
      ['npx', '-y', '@scope/server', '--port', '1'],
    ],
  ])('%s', (_, argv, words) => {
    const read = proxySettings(argv);
    expect(read.ok && read.value.words).toEqual(words);
  });

  it('reads the options before the command and none after it', () => {
    const read = proxySettings(['--allow', 'read_*', '--mode', 'strict', 'node', 's.js', '--mode', 'lenient']);
    expect(read.ok && read.value.mode).toBe('strict');
    expect(read.ok && read.value.grants.granted('write_file')).toBe(false);
  });

  it("a --help after the command is the server's, not toolgate's", async () => {
    const r = await runInProcess(['proxy', '/nonexistent/mcp-server', '--help']);
    expect(r.out).toBe('');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/could not be started/);
  });

  it('an mcpServers entry without "--" runs behind the proxy for the MCP SDK client', async () => {
    writeFileSync(join(dir, 'a.txt'), 'hello');
    // As a client config holds it: { "command": "toolgate", "args": [...] }; the server's own option (node's
    // --no-warnings) comes after the command and is not read as toolgate's.
    const entry = { args: ['proxy', '--allow', 'read_*', '--allow', 'list_*', NODE, '--no-warnings', FILESYSTEM, dir] };
    const transport = new StdioClientTransport({
      command: NODE,
      args: ['--import', 'tsx', 'src/cli/main.ts', ...entry.args],
      cwd: ROOT,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'toolgate-test', version: '0' });
    clients.push(client);
    await client.connect(transport);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('read_text_file');
    expect(names.every((n) => n.startsWith('read_') || n.startsWith('list_'))).toBe(true);
    const read = await client.callTool({ name: 'read_text_file', arguments: { path: join(dir, 'a.txt') } });
    expect(JSON.stringify(read)).toContain('hello');
  }, 30_000);
});
