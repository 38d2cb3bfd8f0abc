import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProgram } from '../../src/exec/run.js';

const node = process.execPath;
const limits = { timeoutMs: 10_000, maxOutputBytes: 1 << 20 };

describe('runProgram', () => {
  it('passes argv verbatim, without a shell', async () => {
    const argv = ['a b', '"q"', "'s'", '$(echo hi)', 'x; ls', 'line1\nline2', '*', ''];
    const r = await runProgram(node, ['-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))', ...argv], limits);
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
    const script = `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(grandchild)}], { stdio: 'ignore' }); setInterval(() => {}, 1000);`;
    const started = Date.now();
    const r = await runProgram(node, ['-e', script], { ...limits, timeoutMs: 500 });
    expect(r.timedOut).toBe(true);
    expect(r.status).toBeNull();
    expect(Date.now() - started).toBeLessThan(1400);
    await new Promise((res) => setTimeout(res, 2500));
    expect(existsSync(marker)).toBe(false);
  });

  it('cuts output at the cap and says so', async () => {
    const r = await runProgram(node, ['-e', 'process.stdout.write("x".repeat(100000))'], { ...limits, maxOutputBytes: 1000 });
    expect(r.stdout.length).toBe(1000);
    expect(r.truncated).toBe(true);
  });

  it('reports a program that cannot start instead of rejecting', async () => {
    const r = await runProgram('/nonexistent/toolgate-no-such-program', [], limits);
    expect(r.startError).toMatch(/ENOENT/);
  });
});
