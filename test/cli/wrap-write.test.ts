// `toolgate wrap --write` on the file system: the new file keeps the original's mode and its link, the backup is
// created exclusively.
import { chmodSync, lstatSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrap-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DOC = { mcpServers: { gh: { command: 'docker', args: ['run'], env: { GITHUB_TOKEN: 's3cret' } } } };
let n = 0;
/** A config file holding `doc`; its path. */
function configFile(doc: unknown = DOC): string {
  const file = join(dir, `config-${++n}.json`);
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  return file;
}

describe('toolgate wrap --write', () => {
  it.skipIf(process.platform === 'win32')('keeps a private config private: the new file has the old mode', async () => {
    const file = configFile();
    chmodSync(file, 0o600);
    const umask = process.umask(0o022);
    try {
      expect((await runInProcess(['wrap', file, '--write', '--launcher', 'tg'])).code).toBe(0);
    } finally {
      process.umask(umask);
    }
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(`${file}.bak`).mode & 0o777).toBe(0o600);
  });

  it.skipIf(process.platform === 'win32')('writes a linked config at its target and keeps the link', async () => {
    const target = configFile();
    const link = join(dir, `link-${++n}.json`);
    symlinkSync(target, link);
    expect((await runInProcess(['wrap', link, '--write', '--launcher', 'tg'])).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(target);
    expect(JSON.parse(readFileSync(target, 'utf8')).mcpServers.gh.command).toBe('tg');
  });

  it.skipIf(process.platform === 'win32')(
    'never writes a backup through a dangling link; takes the next name',
    async () => {
      const file = configFile();
      const elsewhere = join(dir, `elsewhere-${++n}`);
      symlinkSync(elsewhere, `${file}.bak`);
      const r = await runInProcess(['wrap', file, '--write', '--launcher', 'tg']);
      expect(r.code).toBe(0);
      expect(r.err).toContain(`backup ${file}.bak.2`);
      expect(() => lstatSync(elsewhere)).toThrow();
      expect(JSON.parse(readFileSync(`${file}.bak.2`, 'utf8'))).toEqual(DOC);
    },
  );
});
