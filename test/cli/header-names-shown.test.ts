// How a config's header names are shown (a hunt's finds): wrap quoted a name that is not an HTTP token whole, and a
// whole `Authorization: Bearer <token>` line written as the name put the token on stderr; and a long name given
// twice was echoed whole by wrap, check --config and lock --config (900,000 characters, 1.8 MB on stderr).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkHeader } from '../../src/mcp/http-headers.js';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-header-names-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TOKEN = 'sk-live-0123456789abcdef';
const LONG = 'A'.repeat(100_000);

let n = 0;
/** A config file of one URL server with `headers`; its path. */
function configFile(headers: Record<string, string>): string {
  const file = join(dir, `config-${++n}.json`);
  writeFileSync(file, JSON.stringify({ mcpServers: { r: { url: 'https://h.example/mcp', headers } } }));
  return file;
}

describe('a header name in a message', () => {
  it.each([
    ['a header line written as the name', `Authorization: Bearer ${TOKEN}`, 'x', []],
    ['a long name given twice', LONG.toLowerCase(), 'y', [LONG]],
    ['a long name with a bad value', LONG, 'a\u0000b', []],
  ])('%s: shown clipped, a value never', (_, name, value, earlier) => {
    const why = checkHeader(name, value, earlier, '"headers"') ?? '';
    expect(why).not.toBe('');
    expect(why).not.toContain(TOKEN);
    expect(why.length).toBeLessThan(200);
  });

  it.each([
    ['wrap', ['wrap', '--launcher', 'tg']],
    ['check --config', ['check', '--timeout', '2', '--config']],
    ['lock --config', ['lock', '--config']],
  ])('%s names a bad header without its value or its whole length', async (_, words) => {
    for (const headers of [{ [`Authorization: Bearer ${TOKEN}`]: '' }, { [LONG]: 'x', [LONG.toLowerCase()]: 'y' }]) {
      const file = configFile(headers);
      const args = words[0] === 'wrap' ? ['wrap', file, ...words.slice(1)] : [...words, file];
      const r = await runInProcess(args);
      expect(r.code).not.toBe(0);
      expect(r.err).toMatch(/HTTP header name|is given twice/);
      expect(r.err).not.toContain(TOKEN);
      expect(r.err.length).toBeLessThan(1_000);
    }
  });
});
