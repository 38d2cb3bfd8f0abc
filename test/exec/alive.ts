// Whether a process still runs, and the one way tests signal a process. kill(2) reads a pid of 0 as the caller's
// own process group and -1 as every process it may signal: a pid file read while still empty (`Number('')` is 0)
// once sent SIGKILL to the whole run, vitest and CI's shell with it (exit 137). Every pid a test signals passes
// `checkedPid`, and one read from a file is read by `readPid`, which waits for a whole number.
import { existsSync, readFileSync } from 'node:fs';

/** When each pid a test read was started (clock ticks since boot): a pid reused by another process is not it. */
const startedAt = new Map<number, number>();

/** The pid, if a test may signal it: a whole number above 1; throws otherwise (a test's own defect). */
export function checkedPid(pid: number): number {
  if (!Number.isSafeInteger(pid) || pid <= 1) throw new Error(`not a pid a test may signal: ${String(pid)}`);
  return pid;
}

/** The start time /proc gives `pid` (proc(5), field 22), or undefined where there is none to read. */
function startOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return undefined;
  }
}

/**
 * The pid a program wrote to `file`, once the file holds a whole one (a writer creates the file before it writes
 * it); throws after `ms`. Its start time is kept, so a later `killQuietly` never reaches a process that reused it.
 */
export async function readPid(file: string, ms = 10_000): Promise<number> {
  const until = Date.now() + ms;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
    if (/^\d+$/.test(text) && Number(text) > 1) {
      const pid = Number(text);
      const start = startOf(pid);
      if (start !== undefined) startedAt.set(pid, start);
      return pid;
    }
    if (Date.now() >= until) throw new Error(`no pid in ${file} after ${ms} ms (it holds ${JSON.stringify(text)})`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Sends `signal` to `pid`, which must be one a test may signal; throws as process.kill does when it is gone. */
export function signalPid(pid: number, signal: NodeJS.Signals | 0): void {
  process.kill(checkedPid(pid), signal);
}

/** True while `pid` runs; throws for a pid a test may not signal. */
export function isAlive(pid: number): boolean {
  checkedPid(pid);
  try {
    signalPid(pid, 0);
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

/** Kills `pid` if it still runs and is still the process `readPid` read (a test's own clean-up). */
export function killQuietly(pid: number): void {
  checkedPid(pid);
  const start = startedAt.get(pid);
  if (start !== undefined && startOf(pid) !== start) return;
  try {
    signalPid(pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Kills the process group `pid` leads, if `pid` still runs, is the process `readPid` read, and leads its group (a
 * test's own clean-up of a process that keeps starting children in its group: killing it alone leaves them).
 */
export function killGroupQuietly(pid: number): void {
  checkedPid(pid);
  const start = startedAt.get(pid);
  if (start === undefined || startOf(pid) !== start) return;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // proc(5): pgrp is the third field after the command's closing parenthesis.
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pid) return;
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** Waits until none of `pids` runs, or `ms` passed; the ones still running. */
export async function survivors(pids: readonly number[], ms: number): Promise<number[]> {
  for (const pid of pids) checkedPid(pid);
  const until = Date.now() + ms;
  let left = pids.filter(isAlive);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    left = left.filter(isAlive);
  }
  return left;
}
