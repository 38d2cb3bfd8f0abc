// Whether a process still runs, for tests that check nothing was left behind: `kill -0` succeeds, and /proc
// (where there is one) does not show it as a zombie, which has ended and only waits for its parent to reap it.
import { readFileSync } from 'node:fs';

/** True while `pid` runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return process.platform !== 'linux';
  }
}

/** Kills `pid` if it still runs (a test's own clean-up). */
export function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Waits until none of `pids` runs, or `ms` passed; the ones still running. */
export async function survivors(pids: readonly number[], ms: number): Promise<number[]> {
  const until = Date.now() + ms;
  let left = pids.filter(isAlive);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    left = left.filter(isAlive);
  }
  return left;
}
