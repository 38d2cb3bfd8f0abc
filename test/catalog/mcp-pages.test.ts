// The one MCP tools/list pager (src/catalog/mcp-pages.ts), used by guardClient and `toolgate check --mcp`.
import { describe, expect, it } from 'vitest';
import { listAllPages, MAX_LISTED_TOOLS, MAX_LISTING_BYTES, type ToolsPage } from '../../src/catalog/mcp-pages.js';

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

describe('listAllPages bounds the whole listing, not one page', () => {
  const many = (n: number, tag: string): string[] => Array.from({ length: n }, (_, i) => `${tag}${i}`);

  it('refuses more than MAX_LISTED_TOOLS tools across pages, and a 60,000-tool page without overflow', async () => {
    const across = await listAllPages(
      server({ '': { tools: many(6000, 'a'), nextCursor: 'p2' }, p2: { tools: many(6000, 'b') } }),
      100,
    );
    expect(across.ok ? 'listed' : [across.error.kind, across.error.limit]).toEqual(['limit', 'maxListedTools']);
    const one = await listAllPages(server({ '': { tools: many(60_000, 'c') } }), 100);
    expect(one.ok ? 'listed' : one.error.limit).toBe('maxListedTools');
    expect((await listAllPages(server({ '': { tools: many(MAX_LISTED_TOOLS, 'd') } }), 100)).ok).toBe(true);
  });

  it('refuses pages whose bytes together pass MAX_LISTING_BYTES', async () => {
    const half = MAX_LISTING_BYTES / 2 + 1;
    const r = await listAllPages(
      server({ '': { tools: ['a'], nextCursor: 'p2', bytes: half }, p2: { tools: ['b'], bytes: half } }),
      100,
    );
    expect(r.ok ? 'listed' : r.error.limit).toBe('maxListingBytes');
  });
});

describe('listAllPages charges the cursors it holds', () => {
  it('refuses cursors of megabytes once together they pass MAX_LISTING_BYTES, pages of unknown size too', async () => {
    let pages = 0;
    const big = 9_000_000;
    const r = await listAllPages(async () => ({ tools: [], nextCursor: `${pages++}`.padEnd(big, 'x') }), 100);
    expect(r.ok ? 'listed' : r.error.limit).toBe('maxListingBytes');
    expect(pages).toBe(Math.ceil((MAX_LISTING_BYTES + 1) / big));
  });
});
