// Found by a newcomer: `serve --exec` with a program that is not there started, listed its tool, and answered every
// call "could not start ...: ENOENT". It is a start-up error now, judged on the PATH the program is given.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../../src/cli/serve.js';
import { findProgram } from '../../src/exec/program-lookup.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-serve-program-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'runs'), '#!/bin/sh\n', { mode: 0o755 });
writeFileSync(join(dir, 'plain'), 'not a program\n');
chmodSync(join(dir, 'plain'), 0o644);
mkdirSync(join(dir, 'folder'));
const bin = join(dir, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
// A file of the name that is not executable comes first on the PATH: the search goes on past it, as execvp's does.
const shadow = join(dir, 'shadow');
mkdirSync(shadow);
writeFileSync(join(shadow, 'tool'), 'x', { mode: 0o644 });

const PATH = `${shadow}:${bin}`;

describe.skipIf(process.platform === 'win32')('a served program is looked for at start-up', () => {
  it.each([
    ['a path to an executable file', join(dir, 'runs'), PATH, 'ok'],
    ['a name on the PATH, past a file of that name that is not executable', 'tool', PATH, 'ok'],
    ['a name on no folder of the PATH', 'no-such-tool', PATH, 'is not on the PATH it is given'],
    ['a path to nothing', join(dir, 'missing'), PATH, 'does not exist'],
    ['a path to a file that is not executable', join(dir, 'plain'), PATH, 'is not executable'],
    ['a path to a folder', join(dir, 'folder'), PATH, 'is a directory'],
    ['a name when the PATH is empty: unknown, not refused', 'no-such-tool', '', 'ok'],
  ])('%s', (_why, program, path, expected) => {
    const r = findProgram(program, path === '' ? {} : { PATH: path });
    expect(r.ok ? 'ok' : r.error.message).toContain(expected);
  });

  it('the message names the program and never the PATH (the host’s)', () => {
    const r = findProgram('no-such-tool', { PATH });
    expect(r.ok ? 'ok' : r.error.message).toBe(
      'the program "no-such-tool" is not on the PATH it is given: no executable file of that name',
    );
    expect(r.ok ? '' : r.error.message).not.toContain(bin);
  });

  it('toolgate serve exits 2 before it serves, naming the tool', async () => {
    let err = '';
    const code = await serveCommand(['--name', 'now', '--exec', 'datee-no-such-program'], {
      out: () => undefined,
      err: (t: string) => {
        err += t;
      },
    } as never);
    expect(code).toBe(2);
    expect(err).toBe(
      'toolgate serve: validation: tool "now": the program "datee-no-such-program" is not on the PATH it is ' +
        'given: no executable file of that name\n',
    );
  });
});
