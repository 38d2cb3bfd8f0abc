// The upstream as a command on stdio: started in its own process group (stopped whole), newline JSON-RPC on its
// stdin and stdout, its stderr kept during start-up (shown if start-up fails) and then passed on, masked.
import type { ChildProcess } from 'node:child_process';
import { childEnvironment } from '../exec/environment.js';
import { createMasker, secretForms } from '../exec/mask-secrets.js';
import { spawnGroup, stopGroup } from '../exec/process-group.js';
import { clip } from '../util/describe-value.js';
import type { ProxyIO } from './io.js';
import { type Channel, type ChannelSink, openChannel } from '../mcp/channel.js';
import type { ProxySettings } from './settings.js';

/** Most of the server's stderr kept to show when start-up fails. */
const STDERR_KEPT = 4000;

/** A started server: its channel, why it went (settles on exit), its kept stderr, and how to stop it. */
export interface StdioUpstream {
  readonly channel: Channel;
  readonly gone: Promise<string>;
  /** The start-up stderr, masked; `live` starts passing it on line by line. */
  readonly stderr: { kept: () => string; live: () => void };
  stop(): Promise<void>;
}

/**
 * The server's stderr: kept during start-up (shown if it fails), then passed on whole line by whole line, masked
 * (a value split across two chunks would otherwise escape the mask).
 */
function watchStderr(
  child: ChildProcess,
  settings: ProxySettings,
  io: ProxyIO,
): { kept: () => string; live: () => void } {
  let kept = '';
  let passing = false;
  let partial = '';
  // The secrets' forms are worked out once, not again for every chunk a chatty server writes.
  const masker = createMasker(settings.secrets);
  // A long line passed on in pieces keeps back what could be the beginning of a secret's form: a value that
  // straddles two pieces is masked whole in the next one, not shown as two unmasked halves.
  const holdBack = Math.max(0, ...settings.secrets.flatMap(secretForms).map((f) => f.length - 1));
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (!passing) {
      if (kept.length < STDERR_KEPT) kept += text;
      return;
    }
    partial += text;
    const nl = partial.lastIndexOf('\n');
    // A line longer than the kept bound is passed on in pieces rather than held without end.
    const cut = nl >= 0 ? nl + 1 : partial.length > STDERR_KEPT + holdBack ? partial.length - holdBack : 0;
    if (cut === 0) return;
    io.err(masker.text(partial.slice(0, cut)));
    partial = partial.slice(cut);
  });
  // Masked before it is clipped: a value cut in two would escape the mask.
  return { kept: () => clip(masker.text(kept.trim()), STDERR_KEPT), live: () => (passing = true) };
}

/** Starts the server of `settings.words`; a thrown spawn error is returned as its message. */
export function startStdioUpstream(
  settings: ProxySettings & { words: readonly [string, ...string[]] },
  io: ProxyIO,
  maxLineBytes: number,
  sink: ChannelSink,
): StdioUpstream | string {
  const [program, ...args] = settings.words;
  let child: ChildProcess;
  try {
    child = spawnGroup(program, args, { env: childEnvironment(settings.env), stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (thrown) {
    return (thrown as Error).message;
  }
  const stderr = watchStderr(child, settings, io);
  let upstreamGone: (why: string) => void = () => undefined;
  const gone = new Promise<string>((resolve) => {
    upstreamGone = resolve;
  });
  child.on('error', (e) => upstreamGone(`could not be started: ${e.message}`));
  child.on('exit', (code, signal) => upstreamGone(`exited (${signal ?? `status ${code}`})`));
  const channel = openChannel(
    child.stdout as NodeJS.ReadableStream,
    child.stdin as NodeJS.WritableStream,
    maxLineBytes,
    sink,
  );
  return {
    channel,
    gone,
    stderr,
    stop: async () => {
      channel.close();
      if (child.pid !== undefined) await stopGroup(child.pid);
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
    },
  };
}
