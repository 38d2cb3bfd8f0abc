// A server's descendants that left its process group (`setsid`, `setpgid`) are found by parent pid only while
// their parents run: once the server ends on its own (a crash, a gateway's restart, its client hanging up) they
// are re-parented to init, and a stop after that cannot find them (a hunt's find: a detached helper outlived every
// crash, one more per gateway restart). So they are looked for while it runs, and the last ones seen are stopped
// once it has exited: ONE /proc scan for every server of the process (a gateway may have 64), every few seconds and
// when a server writes (a helper is mostly started before an answer: at start-up, for a call; at most one such scan
// in SOON_SCAN_MS), and one more when its input is closed. A helper started and detached between two scans by a
// server that then ends is missed (docs/proxy.md says so).
import { findEscaped, processRow, processTable, type Row, STOP_GRACE_MS, signalEscaped } from './process-group.js';

/**
 * How often the running servers' escaped descendants are looked for. A scan reads /proc/<pid>/stat of every
 * process: measured 2.3 ms for 116 processes on a 2-core machine at load 13, 4.2 ms with 64 servers looked for in
 * it (a gateway's most), so about 0.2% of a core at this pace, and at most 1% while servers write (SOON_SCAN_MS).
 */
export const ESCAPE_SCAN_MS = 2000;

/** The least time between two scans made because a server wrote (for all servers together). */
export const SOON_SCAN_MS = 500;

/** How often a stop looks whether what it signalled is gone (so a prompt exit ends the grace early). */
const POLL_MS = 25;

/** A process seen outside a group: its pid, and its start time, so a later process given the pid is not it. */
interface Seen {
  readonly pid: number;
  readonly start: string;
}

/** The escaped descendants of one running group leader, as last seen. @internal */
export interface EscapeWatch {
  /** Looks now (while the leader still runs, the trail by parent pid is there) and keeps what it finds. */
  look(): void;
  /**
   * The server wrote (it may have started a helper first): looked for now, or SOON_SCAN_MS after the last scan when
   * that was sooner; one scan for all servers.
   */
  lookSoon(): void;
  /**
   * Stops every process seen that is still the same process (same start time), and what they started since: SIGTERM,
   * then SIGKILL once the grace is over or they are gone; then the watch ends. Once: later calls wait for the first.
   * Never rejects.
   */
  stop(graceMs?: number): Promise<void>;
}

/** The leaders watched, each with what was last seen of it. */
const watched = new Map<number, Seen[]>();
let timer: NodeJS.Timeout | undefined;
let soon: NodeJS.Timeout | undefined;
/** When the last scan of every leader ran (Date.now()). */
let lastScan = 0;

/** The processes of `seen` that still run as themselves in `table`, then every escaped descendant found from them. */
function refreshed(leader: number, seen: readonly Seen[], table: ReadonlyMap<number, Row>): Seen[] {
  const same = seen.filter((s) => sameProcess(table.get(s.pid), s));
  const found = findEscaped(
    leader,
    table,
    same.map((s) => s.pid),
  ).flatMap((pid) => {
    const row = table.get(pid);
    return row === undefined || row[3] ? [] : [{ pid, start: row[4] }];
  });
  return [...same, ...found];
}

/** Whether `row` is the process seen: running (not a zombie) with the start time it had. */
const sameProcess = (row: Row | undefined, seen: Seen): boolean =>
  row !== undefined && !row[3] && row[4] === seen.start;

/** One scan for every watched leader. */
function scanAll(): void {
  lastScan = Date.now();
  const table = processTable();
  if (table === undefined) return;
  for (const [leader, seen] of watched) watched.set(leader, refreshed(leader, seen, table));
}

/** Starts watching `leader`'s escaped descendants (Linux: nothing is seen where there is no /proc). @internal */
export function watchEscapes(leader: number): EscapeWatch {
  watched.set(leader, []);
  if (timer === undefined) {
    timer = setInterval(scanAll, ESCAPE_SCAN_MS);
    // A watch never keeps the process running.
    timer.unref();
  }
  let stopping: Promise<void> | undefined;
  return {
    look: () => {
      const seen = watched.get(leader);
      const table = seen === undefined ? undefined : processTable();
      if (seen !== undefined && table !== undefined) watched.set(leader, refreshed(leader, seen, table));
    },
    lookSoon: () => {
      if (soon !== undefined || !watched.has(leader)) return;
      const wait = lastScan + SOON_SCAN_MS - Date.now();
      if (wait <= 0) {
        scanAll();
        return;
      }
      soon = setTimeout(() => {
        soon = undefined;
        scanAll();
      }, wait);
      soon.unref();
    },
    stop: (graceMs = STOP_GRACE_MS) => {
      stopping ??= stopSeen(leader, graceMs);
      return stopping;
    },
  };
}

/** Ends the watch of `leader` and stops what was seen of it. */
async function stopSeen(leader: number, graceMs: number): Promise<void> {
  const before = watched.get(leader) ?? [];
  watched.delete(leader);
  if (watched.size === 0) {
    clearInterval(timer);
    timer = undefined;
  }
  if (before.length === 0) return;
  // Looked for once more from what was seen: a detached helper's own children, started since the last scan.
  const table = processTable();
  const seen = table === undefined ? before : refreshed(leader, before, table);
  // Each signal goes only to a process that is still the one seen: a pid reused since then is another's.
  const signal = (sig: NodeJS.Signals): Seen[] => {
    const alive = seen.filter((s) => sameProcess(processRow(s.pid), s));
    signalEscaped(
      alive.map((s) => s.pid),
      table,
      sig,
    );
    return alive;
  };
  const until = Date.now() + graceMs;
  for (let left = signal('SIGTERM'); left.length > 0 && Date.now() < until; ) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    left = left.filter((s) => sameProcess(processRow(s.pid), s));
  }
  signal('SIGKILL');
}
