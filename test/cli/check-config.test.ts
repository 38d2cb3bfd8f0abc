// `toolgate check --config <file>`: every server of an MCP client config started (stdio, each with its own env)
// or reached (URL, with its own headers), one report per server and the totals; a server that fails is reported
// by name and the others still run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, startHttpServer, stopAll } from './http-fixture.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const RECORDING = join(ROOT, 'test/cli/fixtures/recording-server.mjs');
const FILESYSTEM = join(ROOT, 'node_modules/@modelcontextprotocol/server-filesystem/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-check-config-'));
const TOKEN = 'Bearer config-header-secret-1234';
let http: Running;
beforeAll(async () => {
  http = await startHttpServer({ REQUIRE_AUTH: TOKEN });
});
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** A config file in the temp dir; its path. */
function configFile(name: string, doc: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(doc, null, 2));
  return file;
}

describe('check --config', () => {
  it('checks every server of an mcpServers config, each with its env and headers; a failing one is named', async () => {
    const file = configFile('claude.json', {
      mcpServers: {
        recording: { command: process.execPath, args: [RECORDING], env: { RECORD_FILE: join(dir, 'rec.jsonl') } },
        files: { command: process.execPath, args: [FILESYSTEM, dir] },
        remote: { type: 'http', url: http.url, headers: { Authorization: TOKEN } },
        broken: { command: join(dir, 'no-such-server') },
        odd: { url: 42 },
      },
    });
    const r = await runInProcess(['check', '--mode', 'quarantine', '--config', file, '--timeout', '10']);
    for (const name of ['recording', 'files', 'remote']) expect(r.out).toContain(`${file}: server "${name}": admitted`);
    expect(r.out + r.err).toContain(`${file}: server "broken"`);
    expect(r.out + r.err).toContain(`${file}: server "odd": not a server entry toolgate can start`);
    expect(r.out + r.err).not.toContain('config-header-secret-1234');
    expect(r.code).toBe(1);
  }, 60_000);

  it('reads a VS Code servers config as JSON, exit 0 when every catalog is admitted', async () => {
    const file = configFile('mcp.json', {
      servers: { remote: { type: 'http', url: http.url, headers: { Authorization: TOKEN } } },
    });
    const r = await runInProcess(['check', '--mode', 'quarantine', '--config', file, '--format', 'json']);
    const report = JSON.parse(r.out);
    expect(JSON.stringify(report)).toContain(`${file}: server \\"remote\\"`);
    expect(r.out).not.toContain('config-header-secret-1234');
    expect(r.code).toBe(0);
  }, 30_000);

  it('a header the server refuses fails that server only, its value never shown', async () => {
    const file = configFile('bad-token.json', {
      mcpServers: { remote: { url: http.url, headers: { Authorization: 'Bearer wrong-token-value-5678' } } },
    });
    const r = await runInProcess(['check', '--config', file]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`${file}: server "remote": the MCP server answered HTTP 401`);
    expect(r.err).not.toContain('wrong-token-value-5678');
  }, 30_000);

  it('a file that is not a config is a usage error, exit 2', async () => {
    const r = await runInProcess(['check', '--config', configFile('not.json', { tools: [] })]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('no "mcpServers" or "servers" member');
  });
});
