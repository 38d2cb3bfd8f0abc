// A program started in a process group of its own, and the one way to stop it: SIGTERM to the group and to
// every descendant that left it, then SIGKILL after a grace. Every group still running is known, so a server
// can stop them all when its client hangs up or it is told to exit, and the last resort ('exit') kills them.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';

/** How long a stopped group has between SIGTERM and SIGKILL. */
export const STOP_GRACE_MS = 500;

/** How long a stop waits for SIGKILL to take effect. */
const KILL_WAIT_MS = 250;

/** How often a stop looks whether the group is already gone (so a prompt exit ends the grace early). */
const POLL_MS = 25;

/** What a stop reached. */
export interface StopReport {
  /** Descendants outside the group (`setsid`, `setpgid`), found through /proc before the group was signalled. */
  readonly escaped: number;
  /** False where /proc could not be read: no descendant outside the group could be looked for. */
  readonly searched: boolean;
}

/** How to start a group. @internal (CLI-only: its Node types stay out of the published declarations) */
export interface GroupSpawnOptions {
  readonly cwd?: string;
  /** The whole environment of the program (nothing else is inherited). */
  readonly env: Readonly<Record<string, string>>;
  readonly stdio: StdioOptions;
}

/** The group leaders started here that are still running, for stopAllGroups and the exit handler. */
const live = new Set<number>();
let exitHookInstalled = false;

/** A process of ours can have this pid: a whole number above 1 (0 is no process, 1 is init). */
const isPid = (pid: number): boolean => Number.isSafeInteger(pid) && pid > 1;

/**
 * Sends `signal` to a process (pid > 1) or a group (pid < -1); false when there is nothing to signal. kill(2) reads
 * 0 as the caller's own group and -1 as every process it may signal: never a process of ours, so never sent.
 * @internal (CLI-only: its Node types stay out of the published declarations)
 */
export function signalProcess(pid: number, signal: NodeJS.Signals | 0): boolean {
  if (!isPid(Math.abs(pid))) return false;
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spawns `program` (no shell) as the leader of a new process group; throws as spawn does. The group is known
 * until releaseGroup: stopAllGroups reaches it, and so does a SIGKILL when this process exits.
 * @internal (CLI-only: its Node types stay out of the published declarations)
 */
export function spawnGroup(program: string, argv: readonly string[], options: GroupSpawnOptions): ChildProcess {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // The last resort on an ordinary exit. 'exit' does not run when a signal ends the process: a server
    // handles the signals it expects (serve.ts) and stops its groups itself; SIGKILL cannot be helped.
    process.once('exit', () => {
      for (const leader of live) signalProcess(-leader, 'SIGKILL');
    });
  }
  const child = spawn(program, [...argv], {
    shell: false,
    // detached: the child leads a new process group, so one signal reaches everything it started there.
    detached: true,
    stdio: options.stdio,
    windowsHide: true,
    env: { ...options.env },
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  if (child.pid !== undefined) live.add(child.pid);
  return child;
}

/** After the leader exited: kills what is left in its group at once and forgets the group. */
export function releaseGroup(leader: number): void {
  signalProcess(-leader, 'SIGKILL');
  live.delete(leader);
}

/**
 * One row of /proc: parent, process group, session, whether it is a zombie (dead, waiting to be reaped), and its
 * start time (proc(5) field 22, clock ticks since boot), which tells it from a later process given the same pid.
 * @internal
 */
export type Row = readonly [ppid: number, pgid: number, sid: number, zombie: boolean, start: string];

/** One buffer for every stat line read: a line is about 300 bytes, and the fields read come first. */
const statBuffer = Buffer.alloc(1024);

/** The /proc/<pid>/stat line of `pid`; undefined when it is gone (or there is no /proc). */
function statLine(pid: string): string | undefined {
  let fd: number | undefined;
  try {
    // open/read/close into one buffer: readFileSync took four times as long (a fstat and a buffer per file).
    fd = openSync(`/proc/${pid}/stat`, 'r');
    return statBuffer.toString('latin1', 0, readSync(fd, statBuffer, 0, statBuffer.length, 0));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The row of one stat line. */
function rowOf(stat: string): Row {
  // proc(5): "pid (comm) state ppid pgrp session ..."; comm may hold spaces and parentheses: read after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ', 20);
  return [Number(fields[1]), Number(fields[2]), Number(fields[3]), fields[0] === 'Z', fields[19] ?? ''];
}

/** The row of one process now; undefined when it is gone. @internal */
export function processRow(pid: number): Row | undefined {
  const stat = isPid(pid) ? statLine(String(pid)) : undefined;
  return stat === undefined ? undefined : rowOf(stat);
}

/** Every process /proc shows (Linux); undefined where there is no /proc to read. @internal */
export function processTable(): Map<number, Row> | undefined {
  const table = new Map<number, Row>();
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    // Undefined: gone between the listing and the read.
    const stat = statLine(entry);
    if (stat !== undefined) table.set(Number(entry), rowOf(stat));
  }
  return table;
}

/** Each table's children by parent pid, built once: one scan serves every server of a gateway (escape-watch.ts). */
const childrenByTable = new WeakMap<ReadonlyMap<number, Row>, Map<number, number[]>>();

/** The children of each pid in `table`. */
function childrenOf(table: ReadonlyMap<number, Row>): Map<number, number[]> {
  let children = childrenByTable.get(table);
  if (children !== undefined) return children;
  children = new Map<number, number[]>();
  for (const [pid, [ppid]] of table) {
    const siblings = children.get(ppid);
    if (siblings === undefined) children.set(ppid, [pid]);
    else siblings.push(pid);
  }
  childrenByTable.set(table, children);
  return children;
}

/** The descendants of `leader` (by parent pid) that are not in its process group; [] without /proc. */
export function escapedDescendants(leader: number): number[] {
  // From 0 or 1, every process on the machine descends.
  if (!isPid(leader)) return [];
  return findEscaped(leader, processTable() ?? new Map<number, Row>());
}

/**
 * Descendants outside the group: by parent pid while the parents live (from the leader, and from `from`: escaped
 * processes found before, whose own children stay theirs once the leader is gone), and by session, which a
 * `setpgid` escape keeps even once re-parented (the leader started the session: spawn's `detached` is setsid(2)).
 * @internal
 */
export function findEscaped(leader: number, table: ReadonlyMap<number, Row>, from: readonly number[] = []): number[] {
  const children = childrenOf(table);
  const out: number[] = [];
  const queue = [leader, ...from];
  const seen = new Set<number>(queue);
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const c of children.get(pid) ?? []) {
      if (seen.has(c)) continue;
      seen.add(c);
      queue.push(c);
      if (table.get(c)?.[1] !== leader) out.push(c);
    }
  }
  for (const [pid, [, pgid, sid, zombie]] of table)
    if (sid === leader && pgid !== leader && !zombie && !seen.has(pid)) out.push(pid);
  return out;
}

/** Whether any of `pids` still runs (a zombie has ended); by signal 0 alone where /proc cannot be read. */
function anyAlive(pids: readonly number[]): boolean {
  const table = processTable();
  return pids.some((pid) => signalProcess(pid, 0) && table?.get(pid)?.[3] !== true);
}

/** Whether anything of the group or of `escaped` still runs (a zombie has ended; its parent may never reap it). */
function running(leader: number, escaped: readonly number[]): boolean {
  if (!signalProcess(-leader, 0) && !escaped.some((pid) => signalProcess(pid, 0))) return false;
  const table = processTable();
  if (table === undefined) return true;
  for (const [pid, [, pgid, , zombie]] of table) if (!zombie && (pgid === leader || escaped.includes(pid))) return true;
  return false;
}

/**
 * Stops the group led by `leader` and the descendants that left it: SIGTERM, then SIGKILL once the grace is
 * over or the group is gone. Never rejects. A descendant that left the session too (setsid) and whose parent had
 * already exited cannot be found (it was re-parented) and is not counted.
 */
export async function stopGroup(leader: number, graceMs = STOP_GRACE_MS): Promise<StopReport> {
  if (!isPid(leader)) return { escaped: 0, searched: false };
  // Looked for before any signal: once a parent dies its children are re-parented and the trail is lost.
  const table = processTable();
  const escaped = table === undefined ? [] : findEscaped(leader, table);
  signalProcess(-leader, 'SIGTERM');
  signalEscaped(escaped, table, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (Date.now() < until && running(leader, escaped)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  // Looked for again: what an escaped process that ignored SIGTERM started during the grace (a loop that forks).
  const later = processTable();
  const more = later === undefined ? [] : findEscaped(leader, later, escaped);
  signalProcess(-leader, 'SIGKILL');
  const killed = [...escaped, ...more];
  signalEscaped(killed, later ?? table, 'SIGKILL');
  // kill(2) returns once the signal is sent, not once the process is gone: "resolves when they are gone" (the
  // proxy's close()) waits for that too, a short while (a process in uninterruptible sleep dies when it wakes).
  const dead = Date.now() + KILL_WAIT_MS;
  while (Date.now() < dead && running(leader, killed)) await new Promise((resolve) => setTimeout(resolve, 5));
  live.delete(leader);
  return { escaped: escaped.length + more.length, searched: table !== undefined };
}

/**
 * Signals each escaped process, and the group of one that leads its own (`setsid`, `setpgid(0, 0)`): what it
 * starts goes there, out of reach of the pid alone once it is re-parented.
 * @internal
 */
export function signalEscaped(
  pids: readonly number[],
  table: ReadonlyMap<number, Row> | undefined,
  signal: NodeJS.Signals,
) {
  for (const pid of pids) {
    if (table?.get(pid)?.[1] === pid) signalProcess(-pid, signal);
    signalProcess(pid, signal);
  }
}

/**
 * Stops processes looked up earlier (a child's descendants, found before the child was stopped, while the trail
 * by parent pid was still there): SIGTERM, then SIGKILL once the grace is over or they are gone. Never rejects.
 */
export async function stopProcesses(pids: readonly number[], graceMs = STOP_GRACE_MS): Promise<void> {
  for (const pid of pids) signalProcess(pid, 'SIGTERM');
  const until = Date.now() + graceMs;
  while (Date.now() < until && anyAlive(pids)) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  for (const pid of pids) signalProcess(pid, 'SIGKILL');
}

/**
 * Stops `pids` (a child's descendants, looked up while it ran) once the child `parent` has ended, or after `waitMs`
 * whatever it does: what a wrapper such as `npx` started is left behind when the wrapper alone is stopped.
 */
export async function stopOrphans(parent: number, pids: readonly number[], waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  while (Date.now() < until && anyAlive([parent])) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  await stopProcesses(pids);
}

/** Stops every group started here that is still running (a server's client hung up, or it must exit). */
export async function stopAllGroups(graceMs = STOP_GRACE_MS): Promise<void> {
  await Promise.all([...live].map((leader) => stopGroup(leader, graceMs)));
}
