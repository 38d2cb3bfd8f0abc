// `check` and `lock` start MCP servers to list their tools. Told to stop (Ctrl-C, SIGTERM, the terminal closing)
// while a listing runs, toolgate would end and leave each server running, re-parented to init: the servers and
// their descendants (found by parent pid while the trail is there) are stopped first, then toolgate exits with
// 128 + the signal's number, as a shell reports it.
import { constants } from 'node:os';
import { escapedDescendants, signalProcess } from '../exec/process-group.js';
import { STOP_SIGNALS } from './stop-signals.js';

type StopSignal = (typeof STOP_SIGNALS)[number];

/** The servers being listed now, by pid. */
const listing = new Set<number>();

function onSignal(signal: StopSignal): void {
  for (const pid of listing) {
    for (const descendant of escapedDescendants(pid)) signalProcess(descendant, 'SIGKILL');
    // The server leads a process group of its own (src/proxy/upstream-stdio.ts): what it started there goes with it.
    signalProcess(-pid, 'SIGKILL');
    signalProcess(pid, 'SIGKILL');
  }
  process.exit(128 + constants.signals[signal]);
}

const handlers = Object.fromEntries(STOP_SIGNALS.map((s) => [s, () => onSignal(s)])) as Record<StopSignal, () => void>;

/** Stops server `pid` (and what it started) if toolgate is told to stop; call the result once it has ended. */
export function stopOnSignal(pid: number): () => void {
  if (listing.size === 0) for (const s of STOP_SIGNALS) process.on(s, handlers[s]);
  listing.add(pid);
  return () => {
    if (!listing.delete(pid) || listing.size > 0) return;
    for (const s of STOP_SIGNALS) process.off(s, handlers[s]);
  };
}
