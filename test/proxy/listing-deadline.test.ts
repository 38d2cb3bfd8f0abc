// --timeout bounded each tools/list page, not the listing: a server answering each of 100 pages just under it held
// an admission (and, in a gateway, every client's tools/list waiting for it) up to 100 times --timeout, 50 min at the
// defaults (a hunt's find). The whole listing, every page, is held to --timeout now: at start, and re-admitting.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startProxy } from '../../src/proxy/index.js';
import { connectClient, stdioServer } from './aggregate-fixture.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-listing-deadline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Ten tools/list pages, each answered 300 ms after it is asked: 3 s in all, each page well within 1 s. RELIST=1: the
 * first listing is one page at once, and a change is announced 300 ms later (the ten pages are the re-listing).
 */
const PAGES = `let lists = 0;
const write = (m) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0', ...m }) + '\\n');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.id === undefined) return;
  if (m.method === 'initialize')
    write({ id: m.id, result: { protocolVersion: '2025-06-18', capabilities: { tools: { listChanged: true } },
      serverInfo: { name: 'pages', version: '1' } } });
  else if (m.method === 'tools/list' && process.env.QUOTA === '1')
    write({ id: m.id, error: { code: -32001, message: 'backend quota exhausted, retry later' } });
  else if (m.method === 'tools/list') {
    const n = Number(m.params?.cursor ?? 0);
    if (n === 0 && ++lists === 1 && process.env.RELIST === '1') {
      write({ id: m.id, result: { tools: [{ name: 'first', inputSchema: { type: 'object' } }] } });
      setTimeout(() => write({ method: 'notifications/tools/list_changed' }), 300);
      return;
    }
    const more = n < 9 ? { nextCursor: String(n + 1) } : {};
    const page = { tools: [{ name: 't' + n, inputSchema: { type: 'object' } }], ...more };
    setTimeout(() => write({ id: m.id, result: page }), 300);
  } else write({ id: m.id, result: {} });
});`;

const script = join(dir, 'pages.cjs');
writeFileSync(script, PAGES);
const upstream = { command: process.execPath, args: [script] };
const OVERDUE = 'tools/list failed: the listing did not end within 1 s (--timeout)';

/** Waits until a line of `lines` holds `text`, 8 s at most (where ten pages would be admitted after 3 s). */
async function said(lines: readonly string[], text: string): Promise<string> {
  for (let waited = 0; !lines.join('\n').includes(text) && waited < 8000; waited += 100)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return lines.join('\n');
}

describe('a tools/list whose pages each come within --timeout but not all of them', () => {
  it('fails the single proxy start-up', async () => {
    const lines: string[] = [];
    const started = await startProxy({ upstream, timeoutSeconds: 1, onLog: (line) => void lines.push(line) });
    expect(started.ok).toBe(false);
    expect(lines.join('\n')).toContain(OVERDUE);
  }, 30_000);

  it("fails a gateway server's re-admission, the others served", async () => {
    const lines: string[] = [];
    const started = await startProxy({
      servers: { a: stdioServer('a'), p: { ...upstream, env: { RELIST: '1' } } },
      listen: { port: 0 },
      timeoutSeconds: 1,
      onLog: (line) => void lines.push(line),
    });
    if (!started.ok) throw new Error(started.error.message);
    const { client } = await connectClient(started.value.url as string);
    expect(await said(lines, OVERDUE)).toContain(`server p: re-admission failed, no tool published: ${OVERDUE}`);
    const listed = (await client.listTools()).tools.map((t) => t.name);
    expect(listed).toContain('a__echo');
    expect(listed.filter((name) => name.startsWith('p__'))).toEqual([]);
    await client.close();
    await started.value.close();
  }, 30_000);

  // Its own -32001 at once is its message, not the listing's deadline (a review's find: read as --timeout).
  it("shows a server's own -32001 as its message", async () => {
    const lines: string[] = [];
    const started = await startProxy({
      upstream: { ...upstream, env: { QUOTA: '1' } },
      timeoutSeconds: 10,
      onLog: (line) => void lines.push(line),
    });
    expect(started.ok).toBe(false);
    expect(lines.join('\n')).toContain('tools/list failed: backend quota exhausted, retry later');
    expect(lines.join('\n')).not.toContain('did not end within');
  }, 30_000);
});
