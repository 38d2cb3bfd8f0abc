// Runs a program directly (no shell) with a time limit that kills its whole process tree and a cap on the
// output kept. Never rejects: every outcome, a program that cannot start included, is plain data.
import { spawn } from 'node:child_process';
import { thrownMessage } from '../result.js';

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
  /** Kill the process group after this many milliseconds. */
  readonly timeoutMs: number;
  /** Bytes of stdout plus stderr kept; the rest is read and dropped. */
  readonly maxOutputBytes: number;
  /** Working directory; defaults to the server's. */
  readonly cwd?: string;
}

/** What happened to one run. */
export interface RunOutcome {
  /** Exit status, or null when killed by a signal or never started. */
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly timedOut: boolean;
  /** True when output beyond `maxOutputBytes` was dropped. */
  readonly truncated: boolean;
  /** Set when the program could not be started (for example ENOENT). */
  readonly startError?: string;
}

/** Spawns `program` with `argv` exactly as given: each element reaches the program as one argument. */
export function runProgram(program: string, argv: readonly string[], options: RunOptions): Promise<RunOutcome> {
  return new Promise((resolve) => {
    let child: ReturnType<typeof spawn>;
    try {
      // detached: the child leads a new process group, so a timeout can kill everything it started.
      child = spawn(program, [...argv], {
        shell: false,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      });
    } catch (thrown) {
      resolve({
        status: null,
        signal: null,
        stdout: '',
        stderr: '',
        timedOut: false,
        truncated: false,
        startError: thrownMessage(thrown),
      });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let kept = 0;
    let truncated = false;
    let timedOut = false;
    let startError: string | undefined;
    const collect =
      (into: Buffer[]) =>
      (chunk: Buffer): void => {
        const room = options.maxOutputBytes - kept;
        if (room <= 0) {
          truncated = true;
          return;
        }
        const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
        if (piece.length < chunk.length) truncated = true;
        into.push(piece);
        kept += piece.length;
      };
    child.stdout?.on('data', collect(out));
    child.stderr?.on('data', collect(err));
    const killTree = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is already gone.
      }
    };
    let grace: ReturnType<typeof setTimeout> | undefined;
    let exited: { status: number | null; signal: NodeJS.Signals | null } | undefined;
    // After exit or timeout: give buffered output a moment, then close the pipes and finish without 'close'.
    const finishSoon = (): void => {
      if (grace !== undefined) return;
      grace = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish(exited?.status ?? null, exited?.signal ?? (timedOut ? 'SIGKILL' : null));
      }, PIPE_GRACE_MS);
    };
    // Callers refuse such values (serve-config.ts); clamped here too so a bad one can never mean "at once".
    const timeoutMs = Number.isFinite(options.timeoutMs)
      ? Math.min(Math.max(options.timeoutMs, 1), MAX_TIMEOUT_MS)
      : MAX_TIMEOUT_MS;
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
      finishSoon();
    }, timeoutMs);
    let settled = false;
    const finish = (status: number | null, signal: NodeJS.Signals | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (grace !== undefined) clearTimeout(grace);
      resolve({
        status,
        signal,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        timedOut,
        truncated,
        ...(startError === undefined ? {} : { startError }),
      });
    };
    child.on('error', (e) => {
      startError = e.message;
      finish(null, null);
    });
    // A program that exited takes its leftover children in its group with it; ones that left the group may
    // still hold the pipes, hence the grace period instead of waiting for 'close'.
    child.on('exit', (status, signal) => {
      // Exited in time: the grace period below must not turn into a timeout.
      clearTimeout(timer);
      exited = { status, signal };
      killTree();
      finishSoon();
    });
    child.on('close', (code, signal) => finish(code, signal));
  });
}
