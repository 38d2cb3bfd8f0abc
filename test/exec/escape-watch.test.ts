// A hunt's find: a descendant that left its leader's session (setsid) is found by parent pid only while its parent
// runs, so once the leader had died on its own, stopGroup could not find it and it ran on. The watch keeps what it
// saw while the leader ran (src/exec/escape-watch.ts) and stops it after the leader is gone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { childEnvironment } from '../../src/exec/environment.js';
import { watchEscapes } from '../../src/exec/escape-watch.js';
import { spawnGroup, stopGroup } from '../../src/exec/process-group.js';
import { killQuietly, readPid, signalPid, survivors } from './alive.js';

const TEMP = mkdtempSync(join(tmpdir(), 'toolgate-escape-watch-'));
afterAll(() => rmSync(TEMP, { recursive: true, force: true }));
const started: number[] = [];
afterEach(() => {
  for (const pid of started.splice(0)) killQuietly(pid);
});

/** A leader that starts a detached helper (its own session); both pids once the helper wrote its own. */
async function leaderWithHelper(name: string): Promise<{ leader: number; helper: number; died: Promise<void> }> {
  const file = join(TEMP, name);
  const pidWrite = `require('fs').writeFileSync(${JSON.stringify(file)}, String(process.pid))`;
  const write = `${pidWrite}; setInterval(() => {}, 1000)`;
  const script =
    `require('child_process').spawn(process.execPath, ['-e', ${JSON.stringify(write)}], ` +
    `{ detached: true, stdio: 'ignore' }).unref(); setInterval(() => {}, 1000)`;
  const child = spawnGroup(process.execPath, ['-e', script], { stdio: 'ignore', env: childEnvironment() });
  const died = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const leader = child.pid as number;
  started.push(leader);
  const helper = await readPid(file);
  started.push(helper);
  return { leader, helper, died };
}

describe.skipIf(process.platform !== 'linux')('the escaped descendants of a leader that died on its own', () => {
  it('are out of reach of stopGroup once the leader is gone', async () => {
    const { leader, helper, died } = await leaderWithHelper('unwatched');
    signalPid(leader, 'SIGKILL');
    await died;
    expect(await stopGroup(leader, 100)).toEqual({ escaped: 0, searched: true });
    expect(await survivors([helper], 300)).toEqual([helper]);
  });

  it('are stopped by the watch that saw them while it ran', async () => {
    const { leader, helper, died } = await leaderWithHelper('watched');
    const watch = watchEscapes(leader);
    watch.look();
    signalPid(leader, 'SIGKILL');
    await died;
    await watch.stop(100);
    expect(await survivors([helper], 2000)).toEqual([]);
  });
});
