// A config that names no server is a usage error naming the file, for check (text and JSON) and lock: check exited 2
// printing nothing (its JSON report said "admitted": true) and lock wrote an empty lock (a hunt of the docs' promises:
// "exit 2 ... the message names the option, file or command").
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-config-no-server-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a config of no server', () => {
  it.each([
    ['mcpServers', '{"mcpServers":{}}'],
    ['servers', '{"servers":{}}'],
    ['JSONC with a comment only', '{\n/* none yet */\n"mcpServers":{}}'],
  ])('%s: check and lock say so, exit 2, nothing written', async (_, text) => {
    const file = join(dir, 'empty.json');
    writeFileSync(file, text);
    const check = await runInProcess(['check', '--config', file]);
    expect(check.code).toBe(2);
    expect(check.err).toContain(`${file} names no server`);
    const json = await runInProcess(['check', '--config', file, '--format', 'json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.out)).toMatchObject({ admitted: false, error: { kind: 'usage' } });
    const out = join(dir, 'empty.lock.json');
    const lock = await runInProcess(['lock', '--config', file, '--out', out]);
    expect(lock.code).toBe(2);
    expect(lock.err).toContain('names no server');
    expect(existsSync(out)).toBe(false);
  });
});
