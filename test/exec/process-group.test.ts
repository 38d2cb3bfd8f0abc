// A group leader with a child in its group and a grandchild that left it (its own session, as setsid does):
// stopGroup ends all three and counts the one outside the group; without the /proc search it would survive.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { childEnvironment } from '../../src/exec/environment.js';
import { escapedDescendants, spawnGroup, stopAllGroups, stopGroup } from '../../src/exec/process-group.js';
import { isAlive, killGroupQuietly, killQuietly, readPid, survivors } from './alive.js';

const node = process.execPath;
// Every case's files, removed after the last.
const TEMP = mkdtempSync(join(tmpdir(), 'toolgate-group-'));
afterAll(() => rmSync(TEMP, { recursive: true, force: true }));
const started: number[] = [];

/** Starts a leader whose child stays in the group and whose other child escapes; resolves with the three pids. */
async function family(): Promise<{ leader: number; inGroup: number; escaped: number }> {
  const dir = mkdtempSync(join(TEMP, 'case-'));
  const write = (name: string) =>
    `require('fs').writeFileSync(${JSON.stringify(join(dir, name))}, String(process.pid)); setInterval(() => {}, 1000)`;
  const spawnChild = (name: string, detached: boolean) =>
    `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(write(name))}], ` +
    `{ detached: ${detached}, stdio: 'ignore' });`;
  const script = `${spawnChild('in', false)} ${spawnChild('out', true)} setInterval(() => {}, 1000)`;
  const child = spawnGroup(node, ['-e', script], { stdio: 'ignore', env: childEnvironment() });
  const leader = child.pid as number;
  started.push(leader);
  const inGroup = await readPid(join(dir, 'in'));
  const escaped = await readPid(join(dir, 'out'));
  started.push(inGroup, escaped);
  return { leader, inGroup, escaped };
}

// Group leaders a case started that keep starting children in their groups: killed with their groups.
const leaders: number[] = [];

afterEach(() => {
  for (const pid of leaders.splice(0)) killGroupQuietly(pid);
  for (const pid of started.splice(0)) killQuietly(pid);
});

describe.skipIf(process.platform !== 'linux')('process groups (Linux: /proc finds the escaped descendant)', () => {
  it('finds the descendant outside the group and nothing else', async () => {
    const f = await family();
    expect(escapedDescendants(f.leader)).toEqual([f.escaped]);
  });

  it('stops the group and the descendant that left it', async () => {
    const f = await family();
    const report = await stopGroup(f.leader);
    expect(report).toEqual({ escaped: 1, searched: true });
    expect(await survivors([f.leader, f.inGroup, f.escaped], 1000)).toEqual([]);
  });

  // setpgid(2) without setsid(2): the session still leads back to the leader once the parent is gone.
  it.skipIf(spawnSync('perl', ['-e', '1']).status !== 0)(
    'finds and stops a descendant that left the group but not the session after its parent exited (needs perl)',
    async () => {
      const file = join(mkdtempSync(join(TEMP, 'case-')), 'pgid');
      const perl = "if (fork) { exit } setpgrp(0, 0); open my $f, '>', $ARGV[0]; print $f $$; close $f; sleep 30";
      const script =
        `require('child_process').spawn('perl', ['-e', ${JSON.stringify(perl)}, ${JSON.stringify(file)}], ` +
        `{ stdio: 'ignore' }); setInterval(() => {}, 1000)`;
      const leader = spawnGroup(node, ['-e', script], { stdio: 'ignore', env: childEnvironment() }).pid as number;
      started.push(leader);
      // perl writes the pid at close: the file is there, empty, before it (read as Number, that was kill(0)).
      const left = await readPid(file);
      started.push(left);
      expect(await stopGroup(leader)).toEqual({ escaped: 1, searched: true });
      expect(await survivors([leader, left], 1000)).toEqual([]);
    },
  );

  it('stops every running group when the server must exit', async () => {
    const [a, b] = [await family(), await family()];
    await stopAllGroups();
    expect(await survivors([a.leader, a.inGroup, a.escaped, b.leader, b.inGroup, b.escaped], 1000)).toEqual([]);
  });

  it('sends SIGKILL after the grace to a group that ignores SIGTERM', async () => {
    const child = spawnGroup(node, ['-e', 'process.on("SIGTERM", () => {}); setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
      env: childEnvironment(),
    });
    const leader = child.pid as number;
    started.push(leader);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stopGroup(leader, 100);
    expect(await survivors([leader], 1000)).toEqual([]);
    expect(isAlive(leader)).toBe(false);
  });

  // Found by a hunt: an escaped process that ignores SIGTERM and starts children during the grace (a loop that
  // forks) left them running: escaped processes were signalled by pid alone, found once before SIGTERM. The forker
  // names itself first, so that a case cut short (its timeout, under load) still ends it and what it started:
  // killing the pids it knew left 181 forking processes behind two runs at load 18.
  it('stops what an escaped process that ignores SIGTERM starts during the grace, in its own group', async () => {
    const dir = mkdtempSync(join(TEMP, 'case-'));
    const pids = join(dir, 'pids');
    const forkerFile = join(dir, 'forker');
    const append = `require('fs').appendFileSync(${JSON.stringify(pids)}, process.pid + '\\n');`;
    const sleeper = `${append} setInterval(() => {}, 1000)`;
    const forker =
      `require('fs').writeFileSync(${JSON.stringify(forkerFile)}, String(process.pid)); ` +
      `process.on('SIGTERM', () => {}); setInterval(() => require('child_process').spawn(process.execPath, ` +
      `['-e', ${JSON.stringify(sleeper)}], { stdio: 'ignore' }), 50)`;
    const script =
      `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(forker)}], ` +
      `{ detached: true, stdio: 'ignore' }); setInterval(() => {}, 1000)`;
    const leader = spawnGroup(node, ['-e', script], { stdio: 'ignore', env: childEnvironment() }).pid as number;
    started.push(leader);
    leaders.push(await readPid(forkerFile));
    await readPid(pids);
    const escaped = escapedDescendants(leader);
    started.push(...escaped);
    await stopGroup(leader, 300);
    const seen = readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number);
    started.push(...seen);
    expect(seen.length).toBeGreaterThan(0);
    expect(await survivors([leader, ...escaped, ...seen], 1000)).toEqual([]);
  }, 30_000);
});
