// kill(2) reads a pid of 0 as the caller's own process group and -1 as every process it may signal. A test that read
// a pid file the moment it was created, still empty, got `Number('')`, 0, and its SIGKILL ended the whole run:
// vitest, npm and CI's shell (exit 137, twice about seven minutes in). These guard the one way tests signal a
// process (test/exec/alive.ts) and toolgate's own (signalProcess): whatever could reach pid 0, 1 or -1 runs in a
// child that leads a process group of its own, so a guard that regressed ends that child, not the run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkedPid, readPid } from './alive.js';

const ROOT = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-pids-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs an ES module text in a new process group (and session); what it printed, and how it ended. */
async function inOwnGroup(code: string): Promise<{ out: string; code: number | null; signal: string | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  return await new Promise((resolve) => child.on('close', (c, s) => resolve({ out, code: c, signal: s })));
}

/** Every tracked code file that calls process.kill, but for a re-raise of the process's own signal. */
function killers(): string[] {
  const tracked = execFileSync('git', ['ls-files', 'src', 'test', 'bench', 'scripts', 'compliance', 'examples'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return tracked
    .split('\n')
    .filter((file) => /\.(ts|mts|mjs|js)$/.test(file) && existsSync(join(ROOT, file)))
    .filter((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .some((line) => line.includes('process.kill(') && !line.includes('process.kill(process.pid,')),
    );
}

describe('pids a test signals', () => {
  it('only two files call process.kill: test/exec/alive.ts and src/exec/process-group.ts', () => {
    expect(killers().sort()).toEqual(['src/exec/process-group.ts', 'test/exec/alive.ts']);
  });

  it.each([0, -0, 1, -1, -12345, Number.NaN, 1.5, Number.MAX_VALUE])('checkedPid refuses %s', (pid) => {
    expect(() => checkedPid(pid)).toThrow(/not a pid a test may signal/);
  });

  it('a pid file read while still empty is waited for, not read as 0', async () => {
    const file = join(dir, 'late.pid');
    writeFileSync(file, '');
    setTimeout(() => writeFileSync(file, String(process.pid)), 150);
    expect(await readPid(file)).toBe(process.pid);
  });

  it('a pid file that never holds a pid is an error that names what it holds', async () => {
    const file = join(dir, 'empty.pid');
    writeFileSync(file, ' 0\n');
    await expect(readPid(file, 200)).rejects.toThrow(`no pid in ${file} after 200 ms (it holds "0")`);
  });

  it('killQuietly, isAlive and survivors refuse pid 0 before any signal', async () => {
    const code =
      "import { isAlive, killQuietly, survivors } from './test/exec/alive.ts';\n" +
      'const refused = (f) => { try { f(); return false } catch { return true } };\n' +
      'const quiet = refused(() => killQuietly(0)), alive = refused(() => isAlive(0));\n' +
      'const gone = await survivors([0], 10).then(() => false, () => true);\n' +
      'console.log(JSON.stringify([quiet, alive, gone]));';
    expect(await inOwnGroup(code)).toEqual({ out: '[true,true,true]\n', code: 0, signal: null });
  });
});

describe("toolgate's own signals", () => {
  it('never reach pid 0, 1 or -1: stopGroup, escapedDescendants and signalProcess leave them alone', async () => {
    const code =
      "import { escapedDescendants, signalProcess, stopGroup } from './src/exec/process-group.ts';\n" +
      'const reports = [await stopGroup(0, 10), await stopGroup(-0, 10), await stopGroup(1, 10)];\n' +
      "const sent = [signalProcess(0, 'SIGTERM'), signalProcess(-0, 'SIGTERM'), signalProcess(-1, 0)];\n" +
      'const found = [escapedDescendants(0).length, escapedDescendants(1).length];\n' +
      'console.log(JSON.stringify({ reports, sent, found, self: signalProcess(process.pid, 0) }));';
    const report = { escaped: 0, searched: false };
    const printed = { reports: [report, report, report], sent: [false, false, false], found: [0, 0], self: true };
    expect(await inOwnGroup(code)).toEqual({ out: `${JSON.stringify(printed)}\n`, code: 0, signal: null });
  });
});
