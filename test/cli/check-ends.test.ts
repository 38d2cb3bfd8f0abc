// `check --mcp` ends, and leaves no server behind: a server whose own process keeps its pipes open (which kept
// check running for good), and a check told to stop (SIGTERM) while the server has not answered tools/list.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedPid, isAlive, killQuietly, readPid } from '../exec/alive.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const SERVER = join(ROOT, 'test/cli/fixtures/pipe-holding-server.mjs');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-check-ends-'));
const started: number[] = [];

afterAll(() => {
  for (const pid of started) killQuietly(pid);
  rmSync(dir, { recursive: true, force: true });
});

/** The fixture's pids: the server's, and the process it left holding its pipes (once that one wrote it). */
async function pidsOf(file: string): Promise<{ server: number; held: number }> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      const { server, heldFile } = JSON.parse(readFileSync(file, 'utf8')) as { server: number; heldFile: string };
      return { server: checkedPid(server), held: await readPid(heldFile) };
    } catch (error) {
      // Not written yet, or written in part: the server writes it once it started.
      if (Date.now() >= until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('check --mcp ends', () => {
  it('exits once the server is done, even though a process of its own still holds its pipes', async () => {
    const pidFile = join(dir, 'held.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'check', '--env', `PID_FILE=${pidFile}`, '--mcp', `node ${SERVER}`],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // Not ended in 20 s: it would wait for the held process (60 s); it is stopped, and the test fails.
    const code = await new Promise<number | null | 'running'>((resolve) => {
      const timer = setTimeout(() => resolve('running'), 20_000);
      child.on('exit', (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    if (code === 'running') child.kill('SIGKILL');
    const { held } = await pidsOf(pidFile);
    started.push(held);
    expect(code).toBe(0);
  }, 30_000);

  it('stops the server when told to stop mid-listing, and exits 143 on SIGTERM', async () => {
    const pidFile = join(dir, 'hang.json');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'check', '--env', `PID_FILE=${pidFile}`, '--env', 'MODE=hang'].concat([
        '--timeout',
        '30',
        '--mcp',
        `node ${SERVER}`,
      ]),
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    // The server has started (and check waits for its tools/list) once it wrote its pids.
    const { server, held } = await pidsOf(pidFile);
    started.push(server, held);
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    for (let i = 0; i < 40 && isAlive(server); i++) await new Promise((r) => setTimeout(r, 50));
    expect(isAlive(server)).toBe(false);
  }, 30_000);
});
