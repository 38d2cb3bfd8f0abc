// `check <folder>` reads a symbolic link as what it leads to: a linked catalog skipped would let the folder pass
// unchecked (fail open). A dangling `.json` link is an input not checked; a link back up the tree is read once.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-folder-links-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BAD = [{ name: 'bad', inputSchema: { type: 'object', dependencies: {} } }];
const GOOD = [{ name: 'good', inputSchema: { type: 'object', additionalProperties: false } }];

describe.skipIf(process.platform === 'win32')('check on a folder with links', () => {
  it('checks a linked catalog and a linked folder, and fails on them', async () => {
    const real = join(dir, 'real');
    const folder = join(dir, 'folder');
    mkdirSync(real);
    mkdirSync(folder);
    writeFileSync(join(real, 'bad.json'), JSON.stringify(BAD));
    writeFileSync(join(folder, 'good.json'), JSON.stringify(GOOD));
    symlinkSync(join(real, 'bad.json'), join(folder, 'linked.json'));
    symlinkSync(real, join(folder, 'sub'));
    symlinkSync(folder, join(folder, 'loop'));
    const r = await runInProcess(['check', folder]);
    expect(r.code).toBe(1);
    expect(r.out).toContain(`${join(folder, 'linked.json')}: not admitted`);
    expect(r.out).toContain(`${join(folder, 'sub', 'bad.json')}: not admitted`);
    expect(r.out).toContain('2 rejected');
  });

  it('reports a dangling .json link as not checked', async () => {
    const folder = join(dir, 'dangling');
    mkdirSync(folder);
    writeFileSync(join(folder, 'good.json'), JSON.stringify(GOOD));
    symlinkSync(join(folder, 'nowhere.json'), join(folder, 'gone.json'));
    const r = await runInProcess(['check', folder]);
    expect(r.code).toBe(1);
    expect(r.err + r.out).toContain(`${join(folder, 'gone.json')}: cannot read (ENOENT)`);
  });
});
