// `toolgate wrap` names each entry it leaves as it is; the name is the config's text, of any length and any
// character, so it is clipped and quoted as `check --config` shows it, never echoed whole.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrap-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('wrap names a server it leaves', () => {
  it('clips a long server name and quotes one with a quote or a line break', async () => {
    const file = join(dir, 'config.json');
    const long = 's'.repeat(100_000);
    writeFileSync(file, JSON.stringify({ mcpServers: { [long]: { foo: 1 }, 'a"\nb': { foo: 1 } } }));
    const r = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(r.code).toBe(1);
    const lines = r.err.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThan(300);
    expect(lines[1]).toContain('server "a\\"\\nb" left as it is');
  });

  it('clips a long env key and a long "type" in why an entry is left', async () => {
    const file = join(dir, 'members.json');
    const long = 'k-'.repeat(50_000);
    const doc = { mcpServers: { e: { command: 'x', env: { [long]: 'v' } }, t: { command: 'x', type: long } } };
    writeFileSync(file, JSON.stringify(doc));
    const r = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(r.code).toBe(1);
    const lines = r.err.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.length).toBeLessThan(300);
  });
});
