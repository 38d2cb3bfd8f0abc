// replaceWhole (src/cli/file-replace.ts): the temp file is created exclusively, and only a temp file it created is
// removed when the replacement fails; one that already existed (another's, EEXIST) was removed (a review's find).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keptOf, replaceWhole } from '../../src/cli/file-replace.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-file-replace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('replaceWhole', () => {
  it('replaces the target whole, with the mode given', () => {
    const target = join(dir, 'a.json');
    writeFileSync(target, 'old');
    replaceWhole(target, join(dir, 'a.tmp'), 'new', { ...keptOf(target), mode: 0o600 });
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(statSync(target).mode & 0o777).toBe(process.platform === 'win32' ? 0o666 : 0o600);
  });

  it('leaves a temp name that exists as it is, and the target too, when it cannot create it', () => {
    const target = join(dir, 'b.json');
    const temp = join(dir, 'someone.tmp');
    writeFileSync(target, 'old');
    writeFileSync(temp, 'theirs');
    expect(() => replaceWhole(target, temp, 'new', undefined)).toThrow(/EEXIST/);
    expect(readFileSync(temp, 'utf8')).toBe('theirs');
    expect(readFileSync(target, 'utf8')).toBe('old');
  });
});
