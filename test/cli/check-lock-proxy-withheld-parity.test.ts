// `check` said "accepted" (exit 0) and `lock` pinned, without a word, tools `toolgate proxy` never publishes: one
// whose `execution.taskSupport` is "required" (server-everything's simulate-research-query: check said 16 admitted,
// the proxy published 15), one with invalid `x-mcp-header` annotations (a lint warning only), one holding a
// `__proto__` member. check now says "withheld" with the proxy's reason, in text and JSON, the catalog still
// admitted as the proxy still starts; lock still pins every listed tool (proxy --lock compares them all) and names
// those the proxy withholds (src/proxy/unpublishable.ts, src/cli/check-withheld.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs fixture, run as the server and imported here for its tools
import { TOOLS } from './fixtures/task-support-server.mjs';
import { RawCli } from './raw-cli.js';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = `${process.execPath} ${join(ROOT, 'test/cli/fixtures/task-support-server.mjs')}`;
const TASK_ONLY = 'its execution.taskSupport is "required": the proxy does not forward task-augmented calls';
const HEADER =
  'its x-mcp-header at #/properties/n is on a property whose "type" is not string, integer or boolean ' +
  '(MCP 2026-07-28, "Tools", x-mcp-header)';
/** What the proxy publishes and withholds of the fixture's tools, and why. */
const PUBLISHED = ['plain', 'maybe'];
const WITHHELD = [
  { name: 'slow', reason: TASK_ONLY },
  { name: 'headed', reason: HEADER },
];
/** What check's text says before the proxy's reason. */
const BY_PROXY = 'by toolgate proxy whatever its options (unusable through it)';
const dir = mkdtempSync(join(tmpdir(), 'toolgate-parity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface JsonTool {
  name: string;
  verdict: string;
  reason?: string;
}

describe('check, lock and the proxy say the same of what the proxy publishes', () => {
  it('the proxy publishes plain and maybe, and names slow and headed as withheld', async () => {
    const cli = new RawCli('proxy', ['--', ...SERVER.split(' ')]);
    try {
      await cli.request('init', 'initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '0' },
      });
      cli.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
      const list = await cli.request('list', 'tools/list', {});
      expect((list.result?.tools ?? []).map((t) => t.name)).toEqual(PUBLISHED);
      for (const w of WITHHELD) expect(cli.stderr).toContain(`withheld: ${w.name}: ${w.reason}\n`);
    } finally {
      cli.kill();
      await cli.exited;
    }
  });

  it('check --mcp says withheld with the proxy reason, in text and JSON, and exits 0 (the proxy starts)', async () => {
    const json = await runInProcess(['check', '--mcp', SERVER, '--format', 'json']);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out) as {
      admitted: boolean;
      summary: Record<string, number>;
      catalogs: { tools: JsonTool[] }[];
    };
    const tools = report.catalogs[0]?.tools ?? [];
    expect(tools.filter((t) => t.verdict === 'accepted').map((t) => t.name)).toEqual(PUBLISHED);
    expect(tools.filter((t) => t.verdict === 'withheld').map(({ name, reason }) => ({ name, reason }))).toEqual(
      WITHHELD,
    );
    expect(report.admitted).toBe(true);
    expect(report.summary).toMatchObject({ accepted: 2, withheld: 2, rejected: 0, quarantined: 0 });
    const text = await runInProcess(['check', '--mcp', SERVER]);
    expect(text.code).toBe(0);
    // The line says what withheld means: no option publishes it (a newcomer's find: the reason alone did not).
    for (const w of WITHHELD) expect(text.out).toContain(`  withheld    ${w.name}  ${BY_PROXY}: ${w.reason}\n`);
    expect(text.out).toContain('summary: 2 accepted, 2 withheld by toolgate proxy, 0 quarantined, 0 rejected;');
  });

  it('lock --mcp pins every listed tool and names those the proxy withholds', async () => {
    const out = join(dir, 'mcp.lock.json');
    const run = await runInProcess(['lock', '--mcp', SERVER, '--out', out]);
    expect(run.code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(out, 'utf8')).tools).sort()).toEqual(
      (TOOLS as { name: string }[]).map((t) => t.name).sort(),
    );
    expect(run.out).toBe(
      `wrote ${out}: 4 tools pinned\n` +
        WITHHELD.map((w) => `  pinned, withheld by toolgate proxy: ${w.name}: ${w.reason}\n`).join(''),
    );
  });

  it('lock --config names them per server', async () => {
    const config = join(dir, 'mcp.json');
    const [command, ...args] = SERVER.split(' ');
    writeFileSync(config, JSON.stringify({ mcpServers: { t: { command, args } } }));
    const out = join(dir, 'config.lock.json');
    const run = await runInProcess(['lock', '--config', config, '--out', out]);
    expect(run.code).toBe(0);
    expect(run.out).toBe(
      `wrote ${out}: 4 tools of 1 server pinned\n` +
        WITHHELD.map((w) => `  pinned, withheld by toolgate proxy: server "t": ${w.name}: ${w.reason}\n`).join(''),
    );
  });

  it('a saved listing holding a __proto__ member: withheld by check as by the proxy', async () => {
    const file = join(dir, 'proto.json');
    const proto = '{"name":"p","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}}}}';
    writeFileSync(file, `{"tools":[${proto}]}`);
    const run = await runInProcess(['check', '--mcp-list', file]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(
      `  withheld    p  ${BY_PROXY}: a member named "__proto__" (at $.inputSchema.properties.__proto__) is ` +
        'never forwarded\n',
    );
  });
});
