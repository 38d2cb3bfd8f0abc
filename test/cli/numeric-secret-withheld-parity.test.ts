// A server given a numeric secret (`--api-key 12345678`) that writes it into a schema as a number (`"default":
// 12345678`) had that number published as the string "<redacted>": the schema's type changed under the client
// (a `maximum` would no longer be JSON Schema). The proxy now withholds such a tool, with its reason, and check
// and lock say the same (src/proxy/unpublishable.ts, src/exec/mask-secrets.ts `retypes`).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RawCli } from './raw-cli.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const KEY = '12345678';
const SERVER = [process.execPath, join(ROOT, 'test/cli/fixtures/numeric-secret-server.mjs'), '--api-key', KEY];
const REASON =
  'its definition holds a value given to the server as a number: masked, that number would become a string';
const BY_PROXY = 'by toolgate proxy whatever its options (unusable through it)';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-numeric-secret-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a tool holding a secret as a number', () => {
  it('the proxy withholds it, names why, and publishes no "<redacted>" number', async () => {
    const cli = new RawCli('proxy', ['--', ...SERVER]);
    try {
      await cli.request('init', 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '0' },
      });
      cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const list = await cli.request('list', 'tools/list', {});
      expect((list.result?.tools ?? []).map((t) => t.name)).toEqual(['plain']);
      expect(JSON.stringify(list)).not.toContain('redacted');
      expect(cli.stderr).toContain(`withheld: keyed: ${REASON}\n`);
      expect(cli.stderr).not.toContain(KEY);
    } finally {
      cli.kill();
      await cli.exited;
    }
  });

  it('check --mcp says withheld with the same reason, in text and JSON', async () => {
    const json = await runInProcess(['check', '--mcp', SERVER.join(' '), '--format', 'json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as { catalogs: { tools: { name: string; verdict: string }[] }[] };
    const tools = report.catalogs[0]?.tools;
    expect(tools?.map(({ name, verdict }) => [name, verdict])).toEqual([
      ['plain', 'accepted'],
      ['keyed', 'withheld'],
    ]);
    const text = await runInProcess(['check', '--mcp', SERVER.join(' ')]);
    expect(text.out).toContain(`  withheld    keyed  ${BY_PROXY}: ${REASON}\n`);
    expect(text.out).not.toContain(KEY);
  });

  it('lock --mcp and lock --config pin it and name it withheld', async () => {
    const out = join(dir, 'mcp.lock.json');
    const run = await runInProcess(['lock', '--mcp', SERVER.join(' '), '--out', out]);
    expect(run.code).toBe(0);
    expect(run.out).toBe(`wrote ${out}: 2 tools pinned\n  pinned, withheld by toolgate proxy: keyed: ${REASON}\n`);
    expect(readFileSync(out, 'utf8')).not.toContain(KEY);
    const config = join(dir, 'mcp.json');
    const [command, ...args] = SERVER;
    writeFileSync(config, JSON.stringify({ mcpServers: { t: { command, args } } }));
    const both = join(dir, 'config.lock.json');
    const configRun = await runInProcess(['lock', '--config', config, '--out', both]);
    expect(configRun.out).toContain(`  pinned, withheld by toolgate proxy: server "t": keyed: ${REASON}\n`);
  });
});
