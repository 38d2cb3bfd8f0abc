// `toolgate wrap --write` on the file system: the new file keeps the original's mode and its link, the backup is
// created exclusively.
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const ROOT = new URL('../..', import.meta.url).pathname;

const dir = mkdtempSync(join(tmpdir(), 'toolgate-wrap-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DOC = { mcpServers: { gh: { command: 'docker', args: ['run'], env: { GITHUB_TOKEN: 's3cret' } } } };
let n = 0;
/** Giving a file to another user takes root: the owner tests run as root only, their names say so otherwise. */
const AS_ROOT = process.getuid?.() === 0;
const ROOT_NOTE = AS_ROOT ? '' : ' (skipped: only root can give a file to another user)';
const NOBODY = 65534;
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

  // The temp file renamed over the config was the writer's: root's wrap --write gave a user's config to root
  // (the user could no longer read their own client's config when it was 0600).
  it.skipIf(!AS_ROOT)(`keeps the owner of the config it replaces${ROOT_NOTE}`, async () => {
    const file = configFile();
    chownSync(file, NOBODY, NOBODY);
    chmodSync(file, 0o600);
    expect((await runInProcess(['wrap', file, '--write', '--launcher', 'tg'])).code).toBe(0);
    expect(statSync(file)).toMatchObject({ uid: NOBODY, gid: NOBODY });
    expect(statSync(file).mode & 0o7777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).mcpServers.gh.command).toBe('tg');
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

  // The backup was written beside the link: a config kept in a private folder (0700) behind a link in a shared one
  // had its secrets copied out to the shared one (a hunt's find). It goes beside the file it copies.
  it.skipIf(process.platform === 'win32')('backs a linked config up beside its target, not the link', async () => {
    const target = configFile();
    const link = join(dir, `public-link-${++n}.json`);
    symlinkSync(target, link);
    const r = await runInProcess(['wrap', link, '--write', '--launcher', 'tg']);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`backup ${target}.bak`);
    expect(() => lstatSync(`${link}.bak`)).toThrow();
    expect(JSON.parse(readFileSync(`${target}.bak`, 'utf8'))).toEqual(DOC);
  });

  // A write(2) may write part of its text (a disk nearly full, a file size limit) and say so by its count: the
  // count was not read, so a temp file holding the first part replaced the config and wrap said it was done.
  it.skipIf(process.platform === 'win32')(
    'refuses to replace the config with a part of it (exit 2, the original kept, no temp file)',
    () => {
      const servers = Object.fromEntries(
        Array.from({ length: 300 }, (_, i) => [`s${i}`, { command: 'node', args: ['/x/server.js', `v${i}`] }]),
      );
      const file = configFile({ mcpServers: servers });
      const before = readFileSync(file, 'utf8');
      // Under `ulimit -f 60` (60 KB) the original (32 KB) is copied, the wrapped text (92 KB) is not.
      const run = spawnSync(
        'bash',
        [
          '-c',
          'ulimit -f 60; exec "$0" --import tsx src/cli/main.ts wrap "$1" --write --launcher tg',
          process.execPath,
          file,
        ],
        { cwd: ROOT, encoding: 'utf8' },
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`cannot write ${file}`);
      expect(run.stderr).toContain(`its backup ${file}.bak was made first`);
      expect(readFileSync(file, 'utf8')).toBe(before);
      expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    },
    30_000,
  );

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
