// A tools/list page whose `nextCursor` is not a string (MCP: a Cursor is a string) was read as the listing's end: the
// later pages went unread and a partial catalog was published as whole, where check and guardClient refuse the
// page (a hunt's find). The proxy's start-up fails on it now, naming the member; a string cursor's page is read.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-cursor-type-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two pages: `read` with the cursor CURSOR (JSON), then `exec`, asked with any cursor. */
const PAGES = `const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: {} },
      serverInfo: { name: 'pages', version: '1' } } });
  else if (m.method === 'tools/list' && m.params?.cursor === undefined)
    write({ id: m.id, result: { tools: [{ name: 'read', inputSchema: { type: 'object' } }],
      nextCursor: JSON.parse(process.env.CURSOR) } });
  else if (m.method === 'tools/list')
    write({ id: m.id, result: { tools: [{ name: 'exec', inputSchema: { type: 'object' } }] } });
  else write({ id: m.id, result: {} });
});`;
const script = join(dir, 'pages.cjs');
writeFileSync(script, PAGES);

describe('a tools/list page whose nextCursor is not a string', () => {
  it.each(['5', 'null', 'true', '{}', '[]', '""'])(
    'nextCursor %s fails start-up, naming it',
    async (cursor) => {
      const lines: string[] = [];
      const upstream = { command: process.execPath, args: [script], env: { CURSOR: cursor } };
      const started = await startProxy({ upstream, onLog: (line) => void lines.push(line) });
      if (started.ok) await started.value.close();
      if (cursor === '""') {
        // An empty string is a cursor (MCP gives it no meaning): the second page is asked for and read.
        expect(started.ok).toBe(true);
        expect(lines.join('\n')).toContain('2 of 2 tools published');
        return;
      }
      expect(started.ok).toBe(false);
      expect(lines.join('\n')).toContain('tools/list failed: "nextCursor" is no string');
    },
    30_000,
  );
});
