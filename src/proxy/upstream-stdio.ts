// The upstream as a command on stdio: started in its own process group (stopped whole), newline JSON-RPC on its
// stdin and stdout, its stderr kept during start-up (shown if start-up fails) and then passed on, masked; in a
// gateway each line of it begins with its server's name.
import type { ChildProcess } from 'node:child_process';
import { childEnvironment } from '../exec/environment.js';
import { watchEscapes } from '../exec/escape-watch.js';
import { spawnGroup, stopGroup } from '../exec/process-group.js';
import { systemCode } from '../util/host-error.js';
import type { ProxyIO } from './io.js';
import { type Channel, type ChannelSink, openChannel } from '../mcp/channel.js';
import type { ProxySettings } from './settings.js';
import { watchStderr } from './upstream-stderr.js';

/** How long, once the server has exited, its output may go quiet before the rest is taken as never coming. */
const EXIT_DRAIN_MS = 100;

/** How long a server that closed its stdout may take to exit before it is taken as gone. */
export const OUTPUT_CLOSED_GRACE_MS = 2000;

/** What starting a server reads of the proxy's settings (`check`/`lock --mcp` give these alone: stdio-lister.ts). */
export type StdioServerSettings = Pick<ProxySettings, 'env' | 'cwd' | 'secrets' | 'namespace'> & {
  readonly words: readonly [string, ...string[]];
};

/** A started server: its channel, why it went (settles on exit), its kept stderr, and how to stop it. */
export interface StdioUpstream {
  readonly channel: Channel;
  /** The pid of the server, its group's leader. */
  readonly pid: number | undefined;
  readonly gone: Promise<string>;
  /**
   * Settles once it has exited (or never started) and its stdout and stderr were read to their end, or went quiet
   * for EXIT_DRAIN_MS: a process it left may hold them open for good.
   */
  drained(): Promise<void>;
  /** The start-up stderr, masked; `live` starts passing it on line by line. */
  readonly stderr: { kept: () => string; live: () => void };
  /** Closes the server's input, as its client ending the session does (MCP "Lifecycle", stdio shutdown). */
  endInput(): void;
  stop(): Promise<void>;
}

/** Settles once `child` exited (or failed to start) and its output ended, or went quiet for EXIT_DRAIN_MS. */
function afterExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('error', () => resolve());
    child.once('exit', () => {
      let heard = false;
      // A loop held past the bound runs the timer before it polls the pipes: what they hold is read (the poll
      // phase comes before setImmediate's) before the quiet is believed.
      const timer = setTimeout(() => {
        heard = false;
        setImmediate(() => {
          if (!heard) resolve();
        });
      }, EXIT_DRAIN_MS);
      // Output heard starts the quiet anew (the timer refreshed).
      const quiet = (): void => {
        heard = true;
        timer.refresh();
      };
      child.stdout?.on('data', quiet);
      child.stderr?.on('data', quiet);
      child.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

/**
 * Starts the server of `settings.words`; a spawn error is said by its code alone (`ENOENT`), as serve says it
 * (exec/run.ts): its message quotes the words and env values it refused whole (a hunt's find: a secret with a NUL).
 */
export function startStdioUpstream(
  settings: StdioServerSettings,
  io: ProxyIO,
  maxLineBytes: number,
  sink: ChannelSink,
  stderrChunk?: (chunk: Buffer) => void,
): StdioUpstream | string {
  const [program, ...args] = settings.words;
  let child: ChildProcess;
  try {
    const where = settings.cwd === undefined ? {} : { cwd: settings.cwd };
    child = spawnGroup(program, args, {
      env: childEnvironment(settings.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      ...where,
    });
  } catch (thrown) {
    return systemCode(thrown, 'the system refused it');
  }
  // Its descendants that leave its group are looked for while it runs, and stopped once it exits: found after
  // that, by parent pid, they would not be (src/exec/escape-watch.ts; a hunt's find).
  const escapes = child.pid === undefined ? undefined : watchEscapes(child.pid);
  child.stdout?.on('data', () => escapes?.lookSoon());
  const stderr = watchStderr(child, settings, io);
  // A lister shows the head of its stderr in its own words (src/cli/server-stderr.ts).
  if (stderrChunk !== undefined) child.stderr?.on('data', stderrChunk);
  let upstreamGone: (why: string) => void = () => undefined;
  const gone = new Promise<string>((resolve) => {
    upstreamGone = resolve;
  });
  child.on('error', (e) => upstreamGone(`could not be started: ${systemCode(e, 'the system refused it')}`));
  const drained = afterExit(child);
  // Its input closed by toolgate (MCP's stdio shutdown): it is left to answer and exit, within the drain's bound.
  let inputEnded = false;
  let silent: NodeJS.Timeout | undefined;
  child.on('exit', (code, signal) => {
    clearTimeout(silent);
    void escapes?.stop();
    upstreamGone(`exited (${signal ?? `status ${code}`})`);
  });
  // A server that closed its stdout answers nothing more: gone (its calls answered, it stopped, a gateway's
  // restarted) unless it exits within OUTPUT_CLOSED_GRACE_MS, as a server ending normally does.
  child.stdout?.once('close', () => {
    if (child.exitCode !== null || child.signalCode !== null || inputEnded) return;
    silent = setTimeout(() => upstreamGone('closed its stdout and did not exit'), OUTPUT_CLOSED_GRACE_MS);
    silent.unref();
  });
  const channel = openChannel(
    child.stdout as NodeJS.ReadableStream,
    child.stdin as NodeJS.WritableStream,
    maxLineBytes,
    sink,
  );
  return {
    channel,
    pid: child.pid,
    gone,
    drained: () => drained,
    stderr,
    endInput: () => {
      // A grace already running (its stdout closed before) runs on: a review's find, the call waited --timeout.
      inputEnded = true;
      // Seen while it still runs: a server that ends on its closed input leaves its helpers re-parented to init.
      escapes?.look();
      child.stdin?.end();
    },
    stop: async () => {
      channel.close();
      if (child.pid !== undefined) await Promise.all([stopGroup(child.pid), escapes?.stop()]);
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}
