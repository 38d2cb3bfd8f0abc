// `check` says "withheld" of a tool whose x-mcp-header annotations break MCP 2026-07-28's rules: `toolgate proxy`
// withholds such a tool (a client on Streamable HTTP must leave it out), so a check that accepted it would promise a
// tool the proxy never publishes. It was a warning beside "accepted"; now the verdict is the proxy's, with its
// reason (src/cli/check-withheld.ts); the catalog stays admitted and the exit status 0, as the proxy still starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-mcp-header-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tool = (name: string, region: Record<string, unknown>) => ({
  name,
  inputSchema: { type: 'object', properties: { region } },
});
const LISTED = {
  tools: [
    tool('fine', { type: 'string', 'x-mcp-header': 'Region' }),
    tool('spaced', { type: 'string', 'x-mcp-header': 'Re gion' }),
    tool('numeric', { type: 'number', 'x-mcp-header': 'Region' }),
    { name: 'nested', inputSchema: { anyOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] } },
  ],
};
const file = join(dir, 'tools-list.json');
writeFileSync(file, JSON.stringify(LISTED));

interface Report {
  catalogs: { tools: { name: string; verdict: string; reason?: string }[] }[];
}

describe('check and x-mcp-header', () => {
  it('says withheld of each tool the proxy would withhold for its x-mcp-header, and of no other', async () => {
    const r = await runInProcess(['check', '--format', 'json', '--mcp-list', file]);
    expect(r.code).toBe(0);
    const tools = (JSON.parse(r.out) as Report).catalogs[0]?.tools ?? [];
    expect(tools.map((t) => `${t.name} ${t.verdict}`)).toEqual([
      'fine accepted',
      'spaced withheld',
      'numeric withheld',
      'nested withheld',
    ]);
    expect(tools[1]?.reason).toContain('is not an HTTP field-name token');
  });

  it('says so in text, one line per tool, headed withheld', async () => {
    const r = await runInProcess(['check', '--mcp-list', file]);
    expect(r.code).toBe(0);
    expect(r.out.split('\n').filter((l) => l.startsWith('  withheld ') && l.includes('x-mcp-header'))).toHaveLength(3);
  });
});
