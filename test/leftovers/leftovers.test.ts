// The end-of-run check (global-setup.ts) fails a run that leaves a temp file or a process behind, names each,
// and removes them: a vitest of its own runs leaky.fixture.ts, as an outer run in a process group of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAlive, killQuietly, survivors } from '../exec/alive.js';
import { RUN_MARK } from './global-setup.js';
import { HAS_PROC } from './processes.js';

const ROOT = join(import.meta.dirname, '../..');
const temp = mkdtempSync(join(tmpdir(), 'toolgate-leftovers-'));
const leaked: number[] = [];
afterAll(() => {
  for (const pid of leaked) killQuietly(pid);
  rmSync(temp, { recursive: true, force: true });
});

/** Runs vitest on the leaky fixture; its exit status and output. */
function runLeaky(): Promise<{ status: number | null; out: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temp };
  delete env[RUN_MARK];
  const child = spawn(
    process.execPath,
    [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/leftovers/leaky.config.ts'],
    { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  child.stdout.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr.on('data', (b: Buffer) => (out += b.toString()));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, out })));
}

describe.skipIf(!HAS_PROC)('the leftover check at the end of a run [skipped without /proc: Linux only]', () => {
  it('fails the run naming the temp folder and every process left, then removes them', async () => {
    const { status, out } = await runLeaky();
    leaked.push(...(/LEAKED ([\d ]+)/.exec(out)?.[1] ?? '').split(' ').map(Number).filter(Boolean));
    expect(leaked, out).toHaveLength(3);
    expect(status, out).toBe(1);
    expect(out).toContain('LEFTOVERS: the tests left behind');
    expect(out).toMatch(/a temp file or folder: \S+toolgate-leaky-/);
    for (const pid of leaked) expect(out, `pid ${pid}`).toContain(`a process: ${pid} `);
    expect(await survivors(leaked, 5_000)).toEqual([]);
    expect(leaked.filter(isAlive)).toEqual([]);
    // The run's own folder went with them.
    expect(readdirSync(temp).filter((n) => n.startsWith('toolgate-test-run-'))).toEqual([]);
  }, 120_000);
});
