// The one MCP tools/list pager (src/catalog/mcp-pages.ts), used by guardClient and `toolgate check --mcp`.
import { describe, expect, it } from 'vitest';
import { listAllPages, type ToolsPage } from '../../src/catalog/mcp-pages.js';

/** A server answering from a table of pages keyed by cursor ('' for the first request). */
const server =
  (pages: Record<string, ToolsPage<string>>, asked: (string | undefined)[] = []) =>
  async (cursor: string | undefined): Promise<ToolsPage<string>> => {
    asked.push(cursor);
    return pages[cursor ?? ''] ?? { tools: [] };
  };

describe('listAllPages', () => {
  it('follows nextCursor until it is absent, in order', async () => {
    const asked: (string | undefined)[] = [];
    const r = await listAllPages(
      server(
        { '': { tools: ['a'], nextCursor: 'p2' }, p2: { tools: ['b', 'c'], nextCursor: 'p3' }, p3: { tools: [] } },
        asked,
      ),
      10,
    );
    expect(r).toEqual({ ok: true, value: ['a', 'b', 'c'] });
    expect(asked).toEqual([undefined, 'p2', 'p3']);
  });

  it('refuses a cursor returned twice instead of paging forever', async () => {
    const r = await listAllPages(
      server({ '': { tools: ['a'], nextCursor: 'x' }, x: { tools: ['b'], nextCursor: 'x' } }),
      100,
    );
    expect(r.ok ? undefined : [r.error.class, r.error.message]).toEqual([
      'execution_failure',
      'tools/list returned cursor "x" twice',
    ]);
  });

  it('stops after maxPages pages of fresh cursors', async () => {
    let n = 0;
    const r = await listAllPages(async () => ({ tools: [n], nextCursor: `c${n++}` }), 5);
    expect(n).toBe(5);
    expect(r.ok ? undefined : [r.error.class, r.error.message]).toEqual([
      'execution_failure',
      'tools/list had more than 5 pages',
    ]);
  });
});
