// SLOW (about 1 minute: npm installs toolgate's dev dependencies in the clone to build it): installing from
// git. npm clones the repository, runs its "prepare" script (the build) and installs the result, so a git
// install has dist/ although dist/ is not committed. The repository here is a one-commit snapshot of the
// working tree, so the test checks what a push of this tree gives.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { npm, run, scratchDir, snapshotRepository } from './scratch.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('npm install from git [slow: clone, dev install, build]', () => {
  it('builds dist/ through "prepare" and installs a package that loads, and its bin, without dev dependencies', () => {
    const repo = scratchDir('git-repo');
    const consumer = scratchDir('git-consumer');
    dirs.push(repo, consumer);
    snapshotRepository(repo);
    expect(existsSync(join(repo, 'dist'))).toBe(false);
    npm(consumer, ['init', '-y']);
    npm(consumer, ['install', `git+file://${repo}`]);

    const installed = join(consumer, 'node_modules/toolgate');
    expect(existsSync(join(installed, 'dist/index.js'))).toBe(true);
    expect(existsSync(join(installed, 'dist/index.d.ts'))).toBe(true);
    expect(readdirSync(join(consumer, 'node_modules'))).not.toContain('vitest');
    const loaded = run(consumer, process.execPath, [
      '--input-type=module',
      '-e',
      "const { validate } = await import('toolgate'); console.log(validate({ type: 'object' }, {}).ok);",
    ]);
    expect([loaded.status, loaded.stdout]).toEqual([0, 'true\n']);
    // The build's second step bundled the bin with esbuild, a dev dependency there at "prepare" time.
    expect(readdirSync(join(installed, 'dist/cli'))).toEqual(['main.js']);
    const cli = run(consumer, join(consumer, 'node_modules/.bin/toolgate'), [
      'validate',
      '--schema',
      '{}',
      '--args',
      '{}',
    ]);
    expect([cli.status, cli.stdout]).toEqual([0, 'ok: arguments are valid for tool\n']);
  }, 300_000);
});
