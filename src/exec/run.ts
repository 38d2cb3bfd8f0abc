// Runs a program directly (no shell) with a time limit that kills its whole process tree and a cap on the
// output kept. Never rejects: every outcome, a program that cannot start included, is plain data.
import { spawn } from 'node:child_process';

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
      child = spawn(program, [...argv], { shell: false, detached: true, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true, ...(options.cwd === undefined ? {} : { cwd: options.cwd }) });
    } catch (thrown) {
      resolve({ status: null, signal: null, stdout: '', stderr: '', timedOut: false, truncated: false, startError: String(thrown instanceof Error ? thrown.message : thrown) });
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let kept = 0;
    let truncated = false;
    let timedOut = false;
    let startError: string | undefined;
    const collect = (into: Buffer[]) => (chunk: Buffer): void => {
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
    const timer = setTimeout(() => {
      timedOut = true;
      killTree();
    }, options.timeoutMs);
    let settled = false;
    const finish = (status: number | null, signal: NodeJS.Signals | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
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
    // A program that exited takes its leftover children with it, so pipes they hold open do not stall 'close'.
    child.on('exit', killTree);
    child.on('close', (code, signal) => finish(code, signal));
  });
}
