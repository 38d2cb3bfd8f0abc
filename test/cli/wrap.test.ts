// `toolgate wrap`: every server of an MCP client config routed through `toolgate proxy` and back, in the shapes
// Claude Desktop, Claude Code (its project config) and VS Code (servers) write; and a wrapped stdio entry really
// started as a client starts an mcpServers entry (the MCP SDK's stdio client) through the built proxy.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const BIN = join(ROOT, 'dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Writes `doc` as a config file (two-space JSON with a final newline, as clients write it); its path. */
function configFile(doc: unknown, text = `${JSON.stringify(doc, null, 2)}\n`): string {
  const file = join(dir, `config-${++n}.json`);
  writeFileSync(file, text);
  return file;
}

const CLAUDE_DESKTOP = {
  globalShortcut: 'Ctrl+Space',
  mcpServers: {
    files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
    github: {
      command: 'docker',
      args: ['run', '-i', 'ghcr.io/github/github-mcp-server'],
      env: { GITHUB_TOKEN: 's3cret-token' },
    },
  },
};
const CLAUDE_CODE = {
  mcpServers: {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's own ${VAR} syntax, carried as written
    api: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } },
    local: { type: 'stdio', command: '/usr/local/bin/server', args: [], env: {} },
  },
};
const VS_CODE = {
  inputs: [{ type: 'promptString', id: 'key', password: true }],
  servers: {
    remote: { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { 'X-Api-Key': 'literal-key-value' }, dev: {} },
    plain: { command: 'node', args: ['server.js'] },
  },
};

/** wrap, wrap again, undo: the bytes each time. */
async function roundTrip(file: string): Promise<{ wrapped: string; again: string; undone: string; err: string }> {
  const first = await runInProcess(['wrap', file, '--launcher', 'toolgate']);
  const wrappedFile = configFile(undefined, first.out);
  const again = await runInProcess(['wrap', wrappedFile, '--launcher', 'toolgate']);
  const undone = await runInProcess(['wrap', '--undo', wrappedFile]);
  return { wrapped: first.out, again: again.out, undone: undone.out, err: first.err + again.err + undone.err };
}

describe('toolgate wrap', () => {
  it.each([
    ['Claude Desktop', CLAUDE_DESKTOP],
    ['Claude Code project', CLAUDE_CODE],
    ['VS Code servers', VS_CODE],
  ])('round-trips a %s config: wrap again = same bytes, undo = original bytes', async (_, doc) => {
    const file = configFile(doc);
    const r = await roundTrip(file);
    expect(r.wrapped).not.toBe(readFileSync(file, 'utf8'));
    expect(r.again).toBe(r.wrapped);
    expect(r.undone).toBe(readFileSync(file, 'utf8'));
    expect(r.err).toBe('');
  });

  it('moves a stdio command behind proxy with --env KEY, the value only in env; other members untouched', async () => {
    const r = await runInProcess(['wrap', configFile(CLAUDE_DESKTOP)]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out);
    expect(Object.keys(out)).toEqual(['globalShortcut', 'mcpServers']);
    expect(out.globalShortcut).toBe('Ctrl+Space');
    const github = out.mcpServers.github;
    // By default this installation's bin under this node, both absolute: toolgate is not on the registry yet.
    expect(github.command).toBe(process.execPath);
    expect(github.args).toEqual([
      BIN,
      'proxy',
      '--env',
      'GITHUB_TOKEN',
      'docker',
      'run',
      '-i',
      'ghcr.io/github/github-mcp-server',
    ]);
    expect(github.env).toEqual({ GITHUB_TOKEN: 's3cret-token' });
    expect(JSON.stringify(github.args)).not.toContain('s3cret');
    expect(JSON.stringify(github.toolgate)).not.toContain('s3cret');
  });

  it('routes a URL server with --url and --header "Name: env:VAR", the header value moved into env', async () => {
    const out = JSON.parse((await runInProcess(['wrap', configFile(VS_CODE), '--launcher', 'toolgate'])).out);
    const remote = out.servers.remote;
    expect(remote.type).toBe('stdio');
    expect(remote.command).toBe('toolgate');
    expect(remote.args).toEqual([
      'proxy',
      '--url',
      'env:TOOLGATE_URL',
      '--header',
      'X-Api-Key: env:TOOLGATE_HEADER_X_API_KEY',
    ]);
    expect(remote.env).toEqual({
      TOOLGATE_HEADER_X_API_KEY: 'literal-key-value',
      TOOLGATE_URL: 'http://127.0.0.1:9/mcp',
    });
    expect(remote.dev).toEqual({});
    expect(JSON.stringify(remote.args) + JSON.stringify(remote.toolgate)).not.toContain('literal-key-value');
    expect(Object.keys(out)).toEqual(['inputs', 'servers']);
  });

  it('leaves an unknown entry (and an SSE server) as it is and names it on stderr, exit 1', async () => {
    const doc = {
      mcpServers: {
        odd: { command: 'x', url: 'http://127.0.0.1:9/' },
        old: { type: 'sse', url: 'http://127.0.0.1:9/sse' },
        ok: { command: 'node', args: ['s.js'] },
      },
    };
    const r = await runInProcess(['wrap', configFile(doc), '--launcher', 'toolgate']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('server "odd" left as it is: neither a "command" nor a "url"');
    expect(r.err).toContain('server "old" left as it is: type "sse"');
    const out = JSON.parse(r.out);
    expect(out.mcpServers.odd).toEqual(doc.mcpServers.odd);
    expect(out.mcpServers.old).toEqual(doc.mcpServers.old);
    expect(out.mcpServers.ok.args).toEqual(['proxy', 'node', 's.js']);
  });

  it('leaves an entry routed through toolgate proxy by hand as it is; undo names it', async () => {
    const doc = { mcpServers: { gated: { command: 'npx', args: ['-y', 'toolgate', 'proxy', 'node', 's.js'] } } };
    const file = configFile(doc);
    const wrapped = await runInProcess(['wrap', file]);
    expect(wrapped.out).toBe(readFileSync(file, 'utf8'));
    const undone = await runInProcess(['wrap', '--undo', file]);
    expect(undone.code).toBe(1);
    expect(undone.err).toContain('routed through toolgate proxy by hand');
  });

  it('--write replaces the file after a backup beside it, and never overwrites an existing backup', async () => {
    const file = configFile(CLAUDE_DESKTOP);
    const original = readFileSync(file, 'utf8');
    writeFileSync(`${file}.bak`, 'an older backup');
    const r = await runInProcess(['wrap', '--write', file]);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toContain(`backup ${file}.bak.2`);
    expect(readFileSync(`${file}.bak`, 'utf8')).toBe('an older backup');
    expect(readFileSync(`${file}.bak.2`, 'utf8')).toBe(original);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.files.args).toContain('proxy');
    const again = await runInProcess(['wrap', '--write', file]);
    expect(again.err).toContain('nothing to change');
    expect(existsSync(`${file}.bak.3`)).toBe(false);
    await runInProcess(['wrap', '--write', '--undo', file]);
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('refuses a file that is not a config, exit 2', async () => {
    const r = await runInProcess(['wrap', configFile({ tools: [] })]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no "mcpServers" or "servers" member');
  });

  it.skipIf(!existsSync(BIN))(
    'a wrapped stdio entry starts through the built proxy and serves tools ' +
      '(MCP SDK stdio client; skipped without npm run build)',
    async () => {
      const record = join(dir, 'record.jsonl');
      const doc = {
        mcpServers: { rec: { command: process.execPath, args: [RECORDING], env: { RECORD_FILE: record } } },
      };
      // Wrapped by the built bin itself, with its default launcher: this node and that bin, by absolute path.
      const wrapped = spawnSync(process.execPath, [BIN, 'wrap', configFile(doc)], { cwd: dir, encoding: 'utf8' });
      const out = JSON.parse(wrapped.stdout);
      expect(out.mcpServers.rec.args.slice(0, 2)).toEqual([BIN, 'proxy']);
      const entry = out.mcpServers.rec;
      // As a client runs an mcpServers entry: its command, its args, its env.
      const transport = new StdioClientTransport({ command: entry.command, args: entry.args, env: entry.env });
      const client = new Client({ name: 'wrap-test', version: '1' });
      try {
        await client.connect(transport);
        const tools = await client.listTools();
        expect(tools.tools.map((t) => t.name)).toContain('echo');
        const called = await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
        expect(called.isError).not.toBe(true);
        const refused = await client.callTool({ name: 'echo', arguments: { text: 1 } });
        expect(refused.isError).toBe(true);
        // The server got RECORD_FILE through --env: it recorded the one call that passed.
        expect(readFileSync(record, 'utf8').trim().split('\n')).toHaveLength(1);
      } finally {
        await client.close();
      }
    },
    30_000,
  );
});

// docs/cli.md shows wrap's output for examples/mcp-config.json; it went stale once (the URL moved into env and the
// page still showed it on the command line): the page's block is what wrap prints.
describe('toolgate wrap: the docs', () => {
  it("docs/cli.md's transcript of wrap examples/mcp-config.json is what wrap prints", async () => {
    const command = '$ npx toolgate wrap examples/mcp-config.json --launcher toolgate\n';
    const page = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
    const at = page.indexOf(command);
    expect(at).toBeGreaterThan(0);
    const shown = page.slice(at + command.length, page.indexOf('```', at));
    const r = await runInProcess(['wrap', join(ROOT, 'examples/mcp-config.json'), '--launcher', 'toolgate']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(shown);
  });
});
