// A test that leaves behind what the leftover check must catch, run by leftovers.test.ts in a vitest of its own
// (leaky.config.ts): a temp folder, a child of its worker, a process detached into a group of its own, and one
// detached with a fresh environment (as a command served by toolgate would be given). Each prints its pid.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';

it('leaves a temp folder and three processes behind', () => {
  mkdtempSync(join(tmpdir(), 'toolgate-leaky-'));
  const idle = ['-e', 'setInterval(() => {}, 1000)'];
  const children = [
    spawn(process.execPath, idle, { stdio: 'ignore' }),
    spawn(process.execPath, idle, { stdio: 'ignore', detached: true }),
    spawn(process.execPath, idle, { stdio: 'ignore', detached: true, env: { PATH: process.env['PATH'] ?? '' } }),
  ];
  for (const child of children) child.unref();
  console.log(`LEAKED ${children.map((c) => c.pid).join(' ')}`);
});
