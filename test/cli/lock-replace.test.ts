// `toolgate lock` over an existing lock: the new file takes the old one's place as wrap's does, its mode kept (a
// private or read-only lock is not made 0644 by the rename) and a link to a common lock kept, the common file updated.
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  existsSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-lock-replace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const listing = join(dir, 'list.json');
writeFileSync(listing, JSON.stringify({ tools: [{ name: 'search', inputSchema: { type: 'object' } }] }));

/** Giving a file to another user takes root: the owner test runs as root only, its name says so otherwise. */
const AS_ROOT = process.getuid?.() === 0;
const ROOT_NOTE = AS_ROOT ? '' : ' (skipped: only root can give a file to another user)';
const NOBODY = 65534;

describe('lock replaces a lock in place', () => {
  // The temp file renamed over the lock was the writer's: root's lock gave a user's lock to root.
  it.skipIf(!AS_ROOT)(`keeps the owner of the lock it replaces${ROOT_NOTE}`, async () => {
    const out = join(dir, 'owned.lock.json');
    expect((await runInProcess(['lock', '--mcp-list', listing, '--out', out])).code).toBe(0);
    chownSync(out, NOBODY, NOBODY);
    chmodSync(out, 0o600);
    expect((await runInProcess(['lock', '--mcp-list', listing, '--out', out])).code).toBe(0);
    expect(statSync(out)).toMatchObject({ uid: NOBODY, gid: NOBODY });
    expect(statSync(out).mode & 0o7777).toBe(0o600);
  });

  // A review's find: following a link to no file yet (the fix before this one) let a link a repository ships write the
  // lock, a server's descriptions in it, anywhere it led (`~/.bash_profile`). Such a link is refused, written nowhere.
  it.skipIf(process.platform === 'win32')(
    'refuses an --out that is a link to no file, and writes nothing',
    async () => {
      mkdirSync(join(dir, 'elsewhere'));
      const link = join(dir, 'dangling.lock.json');
      symlinkSync(join('elsewhere', 'profile'), link);
      const r = await runInProcess(['lock', '--mcp-list', listing, '--out', link]);
      expect(r.code).toBe(2);
      expect(r.err).toContain('a symbolic link to no file');
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
      expect(existsSync(join(dir, 'elsewhere', 'profile'))).toBe(false);
    },
  );

  it('keeps the mode of the lock it replaces', async () => {
    const out = join(dir, 'private.lock.json');
    expect((await runInProcess(['lock', '--mcp-list', listing, '--out', out])).code).toBe(0);
    chmodSync(out, 0o600);
    expect((await runInProcess(['lock', '--mcp-list', listing, '--out', out])).code).toBe(0);
    expect(statSync(out).mode & 0o777).toBe(0o600);
  });

  // replaceWhole created every temp file 0600 and gave it a mode only when replacing one: under umask 0022 a new
  // lock was -rw------- where the comment on lock-write.ts' replaced() promised the umask's mode.
  it.skipIf(process.platform === 'win32')('gives a new lock the mode the umask leaves (0644 under 0022)', async () => {
    const out = join(dir, 'new.lock.json');
    const umask = process.umask(0o022);
    try {
      expect((await runInProcess(['lock', '--mcp-list', listing, '--out', out])).code).toBe(0);
      expect(statSync(out).mode & 0o777).toBe(0o644);
      process.umask(0o077);
      const closed = join(dir, 'new-private.lock.json');
      expect((await runInProcess(['lock', '--mcp-list', listing, '--out', closed])).code).toBe(0);
      expect(statSync(closed).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(umask);
    }
  });

  it('writes a linked lock at its target and keeps the link', async () => {
    const common = join(dir, 'common.lock.json');
    expect((await runInProcess(['lock', '--mcp-list', listing, '--out', common])).code).toBe(0);
    writeFileSync(listing, JSON.stringify({ tools: [{ name: 'other', inputSchema: { type: 'object' } }] }));
    const link = join(dir, 'link.lock.json');
    symlinkSync(common, link);
    expect((await runInProcess(['lock', '--mcp-list', listing, '--out', link])).code).toBe(0);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(common, 'utf8')).toContain('"other"');
  });
});
