// The CLI reads its files (catalogs, schemas, client configs) as UTF-8 that must be valid. Before, a byte sequence
// UTF-8 does not allow became U+FFFD without a word: `wrap` rewrote a config's command with it (undo could not
// give the bytes back), and a schema's pattern or const was judged as something the file did not say.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readText } from '../../src/cli/io.js';
import { runInProcess } from './run-cli.js';

const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolgate-read-text-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

describe('readText', () => {
  it('refuses bytes UTF-8 does not allow, naming the file', () => {
    const path = file('bad.json', Buffer.from('{"mcpServers":{"s":{"command":"np\xff\xfex"}}}', 'latin1'));
    const r = readText(path);
    expect(r.ok || r.error.message).toBe(`${path}: not UTF-8 text (it holds a byte sequence UTF-8 does not allow)`);
  });

  it('reads valid UTF-8 as it is, a BOM kept (the JSON reader refuses it)', () => {
    const r = readText(file('bom.json', Buffer.from('\ufeff{"a":"é😀"}', 'utf8')));
    expect(r.ok && r.value).toBe('\ufeff{"a":"é😀"}');
  });

  it('wrap and check exit 2 on such a config, nothing rewritten', async () => {
    const path = file('cfg.json', Buffer.from('{"mcpServers":{"s":{"command":"np\xff\xfex"}}}', 'latin1'));
    for (const argv of [
      ['wrap', path, '--launcher', 'tg', '--write'],
      ['check', '--config', path],
    ]) {
      const run = await runInProcess(argv);
      expect([run.code, run.err]).toEqual([2, expect.stringContaining('not UTF-8 text')]);
    }
  });

  // Standard input is read as files are: `{"a":"\xff"}` was judged as `{"a":"\ufffd"}` and passed this schema.
  it('refuses standard input that is not UTF-8: validate --args - and check - exit 2', () => {
    const schema = file('s.json', Buffer.from('{"properties":{"a":{"const":"\ufffd"}}}', 'utf8'));
    const input = Buffer.from('{"a":"\xff"}', 'latin1');
    const tools = Buffer.from('[{"name":"t\xff","inputSchema":{"type":"object"}}]', 'latin1');
    for (const [argv, stdin] of [
      [['validate', '--schema', schema, '--args', '-'], input],
      [['check', '-'], tools],
    ] as const) {
      const run = spawnSync(process.execPath, [CLI, ...argv], { input: stdin, encoding: 'utf8' });
      expect([run.status, run.stderr]).toEqual([2, expect.stringContaining('<stdin>: not UTF-8 text')]);
    }
  });
});
