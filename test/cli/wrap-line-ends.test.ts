// `toolgate wrap` on a config with CRLF line ends (a Windows client's): the output keeps them, so the diff is the
// change and not every line, and wrap then --undo gives back a CRLF file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrap-eol-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DOC = { mcpServers: { files: { command: 'npx', args: ['-y', 'server'], env: { LOG_LEVEL: 'info' } } } };

describe('wrap keeps the line ends of the file', () => {
  it('writes CRLF for a CRLF config, and undo restores it byte for byte', async () => {
    const file = join(dir, 'crlf.json');
    const original = `${JSON.stringify(DOC, null, 2).replaceAll('\n', '\r\n')}\r\n`;
    writeFileSync(file, original);
    const printed = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(printed.code).toBe(0);
    expect(printed.out.split('\n').length).toBeGreaterThan(5);
    expect(printed.out).not.toMatch(/[^\r]\n/);
    expect(printed.out.endsWith('}\r\n')).toBe(true);
    expect((await runInProcess(['wrap', file, '--write', '--launcher', 'tg'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toMatch(/[^\r]\n/);
    expect((await runInProcess(['wrap', file, '--write', '--undo'])).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(original);
  });

  it('keeps LF for an LF config', async () => {
    const file = join(dir, 'lf.json');
    writeFileSync(file, `${JSON.stringify(DOC, null, 2)}\n`);
    const printed = await runInProcess(['wrap', file, '--launcher', 'tg']);
    expect(printed.out).not.toContain('\r');
    expect(printed.out.endsWith('}\n')).toBe(true);
  });
});
