// Runs a program directly (no shell) in a process group of its own, with a time limit and a cancel signal that
// stop that group (and the descendants that left it and can still be found), and a cap on the output kept.
// Never rejects: every outcome, a program that cannot start included, is plain data.
import type { ChildProcess } from 'node:child_process';
import { systemCode } from '../util/host-error.js';
import { childEnvironment } from './environment.js';
import { cutForms, maskedCut } from './masked-cut.js';
import { releaseGroup, spawnGroup, stopGroup, type StopReport } from './process-group.js';

/**
 * How long, after the program exited or was killed, output still in flight is read before the pipes are
 * closed. A descendant that left the process group (setsid, detached) keeps them open, and 'close' would
 * wait for it: the call must not outlive its timeout by more than this.
 */
export const PIPE_GRACE_MS = 200;

/** Longest timeout a Node timer honours (2^31-1 ms); a longer one would fire after 1 ms. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Limits for one run. */
export interface RunOptions {
  /** Stop the process group after this many milliseconds. */
  readonly timeoutMs: number;
  /** Bytes of stdout plus stderr kept, in the order they arrive; the rest is read and dropped. */
  readonly maxOutputBytes: number;
  /** Working directory; defaults to the server's. */
  readonly cwd?: string;
  /** The program's whole environment; defaults to childEnvironment() (nothing of the host's but a few names). */
  readonly env?: Readonly<Record<string, string>>;
  /** Aborted: the process group is stopped (client cancelled or hung up, server exiting). */
  readonly signal?: AbortSignal;
  /** Values never shown: one the cut of the output falls inside is masked whole (masked-cut.ts). */
  readonly secrets?: readonly string[];
}

/** What happened to one run. */
export interface RunOutcome {
  /** Exit status, or null when killed by a signal or never started. */
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  /** True when `signal` stopped the run. */
  readonly cancelled: boolean;
  /** Set when toolgate stopped the run (timeout or cancel): what the stop reached. */
  readonly stopped?: StopReport;
  /** True when output beyond `maxOutputBytes` was dropped. */
  readonly truncated: boolean;
  /**
   * True when a process outside the group may have outlived the run: stdout/stderr were still held open after
   * the group was gone (and the escaped descendants found were stopped), or a stop could not search /proc.
   */
  readonly detachedMayRun: boolean;
  /** Set when the program could not be started (for example ENOENT). */
  readonly startError?: string;
}

/** A clamped timeout: callers refuse bad values (serve-config.ts); a bad one must never mean "at once". */
function clampTimeout(ms: number): number {
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 1), MAX_TIMEOUT_MS) : MAX_TIMEOUT_MS;
}

/** An outcome for a program that never ran. */
function notStarted(why: string, cancelled: boolean): RunOutcome {
  const base = { status: null, signal: null, stdout: '', stderr: '', timedOut: false, truncated: false };
  return { ...base, cancelled, detachedMayRun: false, startError: why };
}

/** Spawns `program` with `argv` exactly as given: each element reaches the program as one argument. */
export function runProgram(program: string, argv: readonly string[], options: RunOptions): Promise<RunOutcome> {
  if (options.signal?.aborted === true) return Promise.resolve(notStarted('cancelled before it started', true));
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawnGroup(program, argv, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: options.env ?? childEnvironment(),
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      });
    } catch (thrown) {
      // A spawn that throws at once (an argument Node refuses) names it in its message: the code, as below.
      resolve(notStarted(systemCode(thrown, 'the system refused it'), false));
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    // The cap is shared in the order output arrives; each stream is also read a secret's length past its share,
    // so that a secret the cut falls inside is seen whole (masked-cut.ts); the cut is made once both are read.
    const { forms, lookahead } = cutForms(options.secrets ?? []);
    let shared = 0;
    const share = { out: 0, err: 0 };
    const past = { out: 0, err: 0 };
    let truncated = false;
    let timedOut = false;
    let cancelled = false;
    let startError: string | undefined;
    const collect =
      (into: Buffer[], stream: 'out' | 'err') =>
      (chunk: Buffer): void => {
        const mine = Math.min(chunk.length, options.maxOutputBytes - shared);
        shared += mine;
        share[stream] += mine;
        const beyond = Math.min(chunk.length - mine, lookahead - past[stream]);
        past[stream] += beyond;
        if (mine + beyond > 0) into.push(mine + beyond < chunk.length ? chunk.subarray(0, mine + beyond) : chunk);
        if (mine < chunk.length) truncated = true;
      };
    child.stdout?.on('data', collect(out, 'out'));
    child.stderr?.on('data', collect(err, 'err'));
    let grace: ReturnType<typeof setTimeout> | undefined;
    let exited: { status: number | null; signal: NodeJS.Signals | null } | undefined;
    let stopping: Promise<StopReport> | undefined;
    // 'close' comes once every holder of the pipes is gone; still open when the grace ends, one outlived the group.
    let pipesClosed = false;
    let pipesHeld = false;
    // After exit or a stop: give buffered output a moment, then close the pipes and finish without 'close'.
    const finishSoon = (): void => {
      if (grace !== undefined) return;
      grace = setTimeout(() => {
        pipesHeld = !pipesClosed && (child.stdout !== null || child.stderr !== null);
        child.stdout?.destroy();
        child.stderr?.destroy();
        void finish(exited?.status ?? null, exited?.signal ?? (stopping === undefined ? null : 'SIGKILL'));
      }, PIPE_GRACE_MS);
    };
    // Timeout or cancel: stop the group (SIGTERM, then SIGKILL), and finish once that is done.
    const stop = (): void => {
      clearTimeout(timer);
      if (stopping !== undefined || exited !== undefined || child.pid === undefined) return;
      stopping = stopGroup(child.pid);
      void stopping.then(finishSoon);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, clampTimeout(options.timeoutMs));
    const onAbort = (): void => {
      cancelled = true;
      stop();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    const finish = async (status: number | null, signal: NodeJS.Signals | null): Promise<void> => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (grace !== undefined) clearTimeout(grace);
      options.signal?.removeEventListener('abort', onAbort);
      const stopped = stopping === undefined ? undefined : await stopping;
      const detachedMayRun = pipesHeld || stopped?.searched === false;
      resolve({
        status,
        signal,
        stdout: maskedCut(Buffer.concat(out), share.out, forms).toString('utf8'),
        stderr: maskedCut(Buffer.concat(err), share.err, forms).toString('utf8'),
        timedOut,
        cancelled,
        truncated,
        detachedMayRun,
        ...(stopped === undefined ? {} : { stopped }),
        ...(startError === undefined ? {} : { startError }),
      });
    };
    child.on('error', (e) => {
      // Only the system error code (ENOENT, EACCES...): Node's message quotes host paths and arguments.
      startError = systemCode(e, 'the system refused it');
      if (child.pid !== undefined) releaseGroup(child.pid);
      void finish(null, null);
    });
    // A program that exited takes its leftover children in its group with it; ones that left the group may
    // still hold the pipes, hence the grace period instead of waiting for 'close'.
    child.on('exit', (status, signal) => {
      // Exited in time: the grace period below must not turn into a timeout.
      clearTimeout(timer);
      exited = { status, signal };
      if (stopping === undefined && child.pid !== undefined) releaseGroup(child.pid);
      finishSoon();
    });
    child.on('close', (code, signal) => {
      pipesClosed = true;
      // Only after a stop is done: its report belongs to the outcome.
      if (stopping === undefined) void finish(code, signal);
    });
  });
}
