// `--header` (check, lock, proxy --url) and a --config server's `headers` (the proxy's gateway) check each name
// against the names before it; against every earlier one in turn, 20,000 headers took 34 s (`--header`) and
// 26 s (`headers`): each is now looked up in a set of the names seen.
import { describe, expect, it } from 'vitest';
import { parseHeaderOptions } from '../../src/cli/header-option.js';
import { upstreamOf } from '../../src/proxy/upstream-options.js';

const COUNT = 50_000;
const items = Array.from({ length: COUNT }, (_, i) => `X-H${i}: v`);
const URL = 'https://h.example/mcp';

describe('many headers are read in bounded time', () => {
  it('--header', () => {
    const began = performance.now();
    const r = parseHeaderOptions(items, {});
    expect(r.ok).toBe(true);
    // About 0.2 s; the search against every earlier name took minutes for these.
    expect(performance.now() - began).toBeLessThan(10_000);
  });

  it("a --config server's headers", () => {
    const headers = Object.fromEntries(items.map((item) => item.split(': ')));
    const began = performance.now();
    expect(upstreamOf({ url: URL, headers }, 'servers.s.').ok).toBe(true);
    expect(performance.now() - began).toBeLessThan(10_000);
  });

  it('a name given twice, ignoring case, is still refused by both', () => {
    const cli = parseHeaderOptions(['X-A: 1', 'X-B: 2', 'x-a: 3'], {});
    expect(cli.ok ? '' : cli.error.message).toBe('--header x-a is given twice');
    const config = upstreamOf({ url: URL, headers: { 'X-A': '1', 'x-A': '2' } }, 'servers.s.');
    expect(config.ok ? '' : config.error.message).toBe('servers.s.headers x-A is given twice');
  });
});
