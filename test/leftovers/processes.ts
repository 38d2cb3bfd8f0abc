// The processes a test run leaves behind, read from /proc: those descended from the run, those that carry the
// run's mark in their environment, and orphans started during the run (a process whose parent ended is re-parented
// to init) either of the run's process group or working in the project's folder (a command served by toolgate
// gets a fresh environment, and what it detaches a group of its own). Vitest's own workers, the run's ancestors
// and zombies are not leftovers; another developer's run has another mark, process group, ancestry and folder.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { sep } from 'node:path';

/** One process as /proc shows it. */
interface Proc {
  readonly pid: number;
  readonly ppid: number;
  readonly pgrp: number;
  readonly state: string;
  /** Clock ticks after boot. */
  readonly start: number;
}

/** Whether this system has a /proc to read processes from (Linux). */
export const HAS_PROC = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

function read(pid: number): Proc | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // Fields after the command name, which may hold spaces and parentheses: state ppid pgrp ... starttime (22nd).
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: f[0] ?? '', ppid: Number(f[1]), pgrp: Number(f[2]), start: Number(f[19]) };
  } catch {
    return undefined;
  }
}

const all = (): Proc[] =>
  readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .flatMap((n) => read(Number(n)) ?? []);

function environ(pid: number): string[] {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0');
  } catch {
    return [];
  }
}

/** A process's command line, for the report. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').join(' ').trim().slice(0, 200);
  } catch {
    return '?';
  }
}

function cwd(pid: number): string {
  try {
    return readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    return '';
  }
}

/** What identifies a run: its main process, start and folder, and the `NAME=value` mark its processes inherit. */
export interface RunIdentity {
  readonly pid: number;
  readonly start: number;
  readonly root: string;
  readonly mark: string;
}

/** This process as a run's main process, its mark given. */
export function identify(mark: string): RunIdentity {
  return { pid: process.pid, start: read(process.pid)?.start ?? 0, root: process.cwd(), mark };
}

/** The pids of processes the run left running. */
export function leftoverProcesses(run: RunIdentity): number[] {
  const procs = all().filter((p) => p.state !== 'Z');
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const self = byPid.get(run.pid);
  const ancestors = new Set<number>();
  for (let p = self; p !== undefined && !ancestors.has(p.pid); p = byPid.get(p.ppid)) ancestors.add(p.pid);
  const descends = (p: Proc): boolean => {
    const seen = new Set<number>();
    for (let q: Proc | undefined = p; q !== undefined && !seen.has(q.pid); q = byPid.get(q.ppid)) {
      if (q.ppid === run.pid) return true;
      seen.add(q.pid);
    }
    return false;
  };
  return procs
    .filter((p) => !ancestors.has(p.pid) && p.ppid !== run.pid)
    .filter((p) => {
      if (descends(p) || environ(p.pid).includes(run.mark)) return true;
      if (p.start < run.start || byPid.get(p.ppid)?.pgrp === p.pgrp) return false;
      const orphan = p.ppid === 1 || !byPid.has(p.ppid);
      const where = cwd(p.pid);
      return p.pgrp === self?.pgrp || (orphan && (where === run.root || where.startsWith(run.root + sep)));
    })
    .map((p) => p.pid);
}
