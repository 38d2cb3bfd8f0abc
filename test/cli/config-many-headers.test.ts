// A config entry may hold up to 100,000 headers (readMcpConfig's bound): wrap and check --config read them each
// at the same cost. Each header was checked against every earlier one, and wrap numbered its env name by
// rebuilding the set of names taken: 20,000 headers took 104 s to wrap.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { wrapEntry } from '../../src/catalog/mcp-config-wrap.js';
import { configServers } from '../../src/cli/check-config.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-many-headers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COUNT = 20_000;
const headers = Object.fromEntries(Array.from({ length: COUNT }, (_, i) => [`X-H${i}`, 'v']));
const file = join(dir, 'config.json');
writeFileSync(file, JSON.stringify({ mcpServers: { s: { url: 'https://h.example/mcp', headers } } }));

describe('a config entry with many headers', () => {
  it('is wrapped in bounded time', async () => {
    const began = performance.now();
    const r = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(r.code).toBe(0);
    expect(performance.now() - began).toBeLessThan(5000);
    expect(r.out).toContain(`"X-H${COUNT - 1}: env:TOOLGATE_HEADER_X_H${COUNT - 1}"`);
  });

  it('is read by check --config in bounded time', () => {
    const many = join(dir, 'many.json');
    const all = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`X-H${i}`, 'v']));
    writeFileSync(many, JSON.stringify({ mcpServers: { s: { url: 'https://h.example/mcp', headers: all } } }));
    const began = performance.now();
    const read = configServers(many, 1000);
    expect(read.ok).toBe(true);
    // About 1.5 s for the 100,000 a config may hold; each checked against every earlier one: 3 s for 20,000,
    // over a minute for these.
    expect(performance.now() - began).toBeLessThan(15_000);
  });

  it('numbers env names of headers that map to one name, as before', () => {
    const entry = { url: 'https://h.example/mcp', headers: { 'X-A-2': 'a', 'X-A': 'b', X_A: 'c', 'X.A': 'd' } };
    const wrapped = wrapEntry('s', entry, ['tg']);
    expect(typeof wrapped).toBe('object');
    if (typeof wrapped === 'object')
      expect(Object.keys(wrapped['env'] as object)).toEqual([
        'TOOLGATE_HEADER_X_A_2',
        'TOOLGATE_HEADER_X_A',
        'TOOLGATE_HEADER_X_A_3',
        'TOOLGATE_HEADER_X_A_4',
        'TOOLGATE_URL',
      ]);
  });
});
