// A reader that goes away before the report ends (`toolgate check --format json <file> | head -c 10`): the
// write failed with EPIPE, unhandled, and node printed a stack trace and crashed. The run ends quietly now, with
// the exit status the run decided (1: the catalog is refused).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-closed-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a closed standard output', () => {
  it('check --format json into a reader that left: no stack trace, exit 1', async () => {
    const file = join(dir, 'tools.json');
    const tools = Array.from({ length: 3000 }, (_, i) => ({
      name: `t${i}`,
      inputSchema: { type: 'object', properties: { a: { type: 'strang' } } },
    }));
    writeFileSync(file, JSON.stringify(tools));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'check', '--format', 'json', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    // Read the first bytes, then leave, as `head -c 10` does.
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(err).not.toContain('EPIPE');
    expect(code).toBe(1);
  }, 60_000);

  // A review's find in the fix above: every failed write was ignored, so `check --format json` redirected to a
  // file on a full disk exited 0 with nothing written. Only EPIPE is quiet; any other failure is said and exits 2.
  it.skipIf(!existsSync('/dev/full'))(
    'a full disk (/dev/full; skipped where there is none): said, exit 2',
    () => {
      const file = join(dir, 'small.json');
      writeFileSync(file, JSON.stringify([{ name: 'ok', inputSchema: { type: 'object' } }]));
      const full = openSync('/dev/full', 'w');
      try {
        const run = spawnSync(
          process.execPath,
          ['--import', 'tsx', 'src/cli/main.ts', 'check', '--format', 'json', file],
          {
            stdio: ['ignore', full, 'pipe'],
            encoding: 'utf8',
            timeout: 60_000,
          },
        );
        expect(run.stderr).toContain('cannot write the output (ENOSPC)');
        expect(run.status).toBe(2);
      } finally {
        closeSync(full);
      }
    },
    60_000,
  );
});
