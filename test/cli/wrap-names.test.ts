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

  // Found by a hunt: a JavaScript object lists names that look like indexes first, so wrap wrote "10" and "2"
  // before "zeta", --undo did not give the file back, and check --config reported them in that order.
  it("keeps the file's order of servers named like numbers: wrap, --undo and check --config", async () => {
    const file = join(dir, 'numbers.json');
    const text =
      '{\n  "mcpServers": {\n    "zeta": { "command": "node", "args": ["-e", "1"] },\n' +
      '    "10": { "command": "node", "args": ["-e", "1"] },\n' +
      '    "2": { "command": "node", "args": ["-e", "1"] }\n  }\n}\n';
    writeFileSync(file, text);
    const wrapped = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(wrapped.code).toBe(0);
    expect(Object.keys(JSON.parse(wrapped.out).mcpServers)).toEqual(['2', '10', 'zeta']);
    expect([...wrapped.out.matchAll(/^ {4}"([^"]+)":/gm)].map((m) => m[1])).toEqual(['zeta', '10', '2']);
    writeFileSync(file, wrapped.out);
    const undone = await runInProcess(['wrap', '--undo', file]);
    expect(undone.code).toBe(0);
    expect(JSON.parse(undone.out)).toEqual(JSON.parse(text));
    expect([...undone.out.matchAll(/^ {4}"([^"]+)":/gm)].map((m) => m[1])).toEqual(['zeta', '10', '2']);
    writeFileSync(file, text);
    const checked = await runInProcess(['check', '--config', file]);
    const named = [...(checked.out + checked.err).matchAll(/server "?(zeta|10|2)"?/g)].map((m) => m[1]);
    expect([...new Set(named)]).toEqual(['zeta', '10', '2']);
  }, 60_000);
});
