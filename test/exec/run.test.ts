import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runProgram } from '../../src/exec/run.js';

const node = process.execPath;
const limits = { timeoutMs: 10_000, maxOutputBytes: 1 << 20 };

describe('runProgram', () => {
  it('passes argv verbatim, without a shell', async () => {
    const argv = ['a b', '"q"', "'s'", '$(echo hi)', 'x; ls', 'line1\nline2', '*', ''];
    const r = await runProgram(
      node,
      ['-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', ...argv],
      limits,
    );
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(argv);
  });

  it('reports a non-zero exit status and keeps stderr apart', async () => {
    const r = await runProgram(node, ['-e', 'console.log("out"); console.error("bad"); process.exit(3)'], limits);
    expect(r).toMatchObject({ status: 3, stdout: 'out\n', stderr: 'bad\n', timedOut: false });
  });

  it('kills the whole process tree on timeout', async () => {
    // The child starts a grandchild that writes a marker file after 1.5 s; killing only the child would let it.
    const marker = join(mkdtempSync(join(tmpdir(), 'toolgate-run-')), 'grandchild-alive');
    const grandchild = `setTimeout(() => require('fs').writeFileSync(${JSON.stringify(marker)}, 'x'), 1500)`;
    const script =
      `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: ` +
      `'ignore' }); setInterval(() => {}, 1000);`;
    // No wall-clock bound here: timedOut and the absent marker prove the kill; timing would make it flaky.
    const r = await runProgram(node, ['-e', script], { ...limits, timeoutMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(r.status).toBeNull();
    await new Promise((res) => setTimeout(res, 2500));
    expect(existsSync(marker)).toBe(false);
  });

  // A descendant that left the process group (setsid) survives the group kill and keeps stdout/stderr open, so
  // 'close' never comes while it lives. Before the fix these calls never resolved: the test would time out.
  describe('a descendant that escaped the process group and holds the pipes', () => {
    let pidFile = '';
    afterEach(async () => {
      // The escaped process is ours to end: wait (by count, not time) for its pid, then kill it.
      for (let i = 0; i < 100 && !existsSync(pidFile); i++) await new Promise((res) => setTimeout(res, 50));
      if (existsSync(pidFile)) {
        try {
          process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    });
    const escapee = (file: string): string => {
      const writePid = `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid));`;
      const child = `${writePid} setInterval(() => {}, 1000)`;
      return (
        `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(child)}], ` +
        `{ detached: true, stdio: 'inherit' }).unref();`
      );
    };

    it('finishes a program that exited instead of waiting for the pipes to close', async () => {
      pidFile = join(mkdtempSync(join(tmpdir(), 'toolgate-run-')), 'escapee.pid');
      const r = await runProgram(node, ['-e', `${escapee(pidFile)} console.log('done')`], limits);
      expect(r).toMatchObject({ status: 0, timedOut: false, stdout: 'done\n' });
    });

    it('finishes a program that timed out instead of waiting for the pipes to close', async () => {
      pidFile = join(mkdtempSync(join(tmpdir(), 'toolgate-run-')), 'escapee.pid');
      const r = await runProgram(node, ['-e', `${escapee(pidFile)} setInterval(() => {}, 1000)`], {
        ...limits,
        timeoutMs: 500,
      });
      expect(r).toMatchObject({ status: null, timedOut: true });
    });
  });

  it('cuts output at the cap and says so', async () => {
    const r = await runProgram(node, ['-e', 'process.stdout.write("x".repeat(100000))'], {
      ...limits,
      maxOutputBytes: 1000,
    });
    expect(r.stdout.length).toBe(1000);
    expect(r.truncated).toBe(true);
  });

  it('reports a program that cannot start instead of rejecting', async () => {
    const r = await runProgram('/nonexistent/toolgate-no-such-program', [], limits);
    expect(r.startError).toMatch(/ENOENT/);
  });
});
