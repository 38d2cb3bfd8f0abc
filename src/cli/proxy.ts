// `toolgate proxy`: an exact, fail-closed gate in front of one MCP server over stdio. The server is started and
// initialized and its tools admitted before the client is read at all, so a broken or unenforceable server fails
// fast. Then the two stdio sides are relayed message by message (proxy-session.ts). Only JSON-RPC reaches
// stdout; toolgate's own lines go to stderr with every --env value masked. The server's process group is stopped
// when the client hangs up, on SIGINT/SIGTERM, and (by the process-group exit hook) whenever toolgate exits.
import type { ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { childEnvironment } from '../exec/environment.js';
import { maskSecrets } from '../exec/mask-secrets.js';
import { spawnGroup, stopGroup } from '../exec/process-group.js';
import { clip } from '../util/describe-value.js';
import { version } from './help.js';
import type { CliIO, ExitCode } from './io.js';
import { admitUpstream } from './proxy-admission.js';
import { openChannel } from './proxy-channel.js';
import { proxySettings, type ProxySettings } from './proxy-options.js';
import { Peer, RPC } from './proxy-peer.js';
import { startSession, type CallRecord } from './proxy-session.js';
import { MAX_REQUEST_LINE_BYTES } from './stdio-line-transport.js';

/** The protocol version the proxy asks the server for (MCP's latest the SDK of this release speaks). */
const PROTOCOL_VERSION = '2025-06-18';
/** Longest line read from the server; a result past --max-result is refused later, by size. */
const MAX_UPSTREAM_LINE_BYTES = 64 * 1024 * 1024;
/** Most of the server's stderr kept to show when start-up fails. */
const STDERR_KEPT = 4000;

/**
 * The server's stderr: kept during start-up (shown if it fails), then passed on whole line by whole line, masked
 * (a value split across two chunks would otherwise escape the mask).
 */
function watchStderr(
  child: ChildProcess,
  settings: ProxySettings,
  io: CliIO,
): { kept: () => string; live: () => void } {
  let kept = '';
  let passing = false;
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString('utf8');
    if (!passing) {
      if (kept.length < STDERR_KEPT) kept += text;
      return;
    }
    partial += text;
    const nl = partial.lastIndexOf('\n');
    // A line longer than the kept bound is passed on in pieces rather than held without end.
    const cut = nl >= 0 ? nl + 1 : partial.length > STDERR_KEPT ? partial.length : 0;
    if (cut === 0) return;
    io.err(maskSecrets(partial.slice(0, cut), settings.secrets));
    partial = partial.slice(cut);
  });
  return { kept: () => maskSecrets(clip(kept.trim(), STDERR_KEPT), settings.secrets), live: () => (passing = true) };
}

/** Runs the proxy until the client hangs up (0), the server dies (1), or start-up fails (1 or 2). */
export async function proxyCommand(argv: readonly string[], io: CliIO): Promise<ExitCode> {
  const read = proxySettings(argv);
  if (!read.ok) {
    io.err(`toolgate proxy: ${read.error.message}\n`);
    return 2;
  }
  const settings = read.value;
  // Told to exit, from the moment the server may exist: stop its group first, then end by the signal.
  let stoppedBy: NodeJS.Signals | undefined;
  let signalled: () => void = () => undefined;
  const told = new Promise<void>((resolve) => {
    signalled = resolve;
  });
  const onSignal = (signal: NodeJS.Signals): void => {
    stoppedBy = signal;
    signalled();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const code = await runProxy(settings, io, told);
    return code;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (stoppedBy !== undefined) process.kill(process.pid, stoppedBy);
  }
}

/** Everything after the command line was read; `told` settles on SIGINT or SIGTERM. */
async function runProxy(settings: ProxySettings, io: CliIO, told: Promise<void>): Promise<ExitCode> {
  const say = (line: string): void => io.err(`toolgate proxy: ${maskSecrets(line, settings.secrets)}\n`);
  const server = JSON.stringify(settings.display);
  const [program, ...args] = settings.words;
  let child: ChildProcess;
  try {
    child = spawnGroup(program, args, { env: childEnvironment(settings.env), stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (thrown) {
    say(`server ${server} could not be started: ${(thrown as Error).message}`);
    return 2;
  }
  const stderr = watchStderr(child, settings, io);
  const upstream = new Peer();
  let upstreamGone: (why: string) => void = () => undefined;
  const exited = new Promise<string>((resolve) => {
    upstreamGone = resolve;
  });
  // During start-up a signal ends the wait like the server's exit does (`failStart` then stops the group).
  const gone = Promise.race([exited, told.then(() => 'was stopped: toolgate was told to exit')]);
  child.on('error', (e) => upstreamGone(`could not be started: ${e.message}`));
  child.on('exit', (code, signal) => upstreamGone(`exited (${signal ?? `status ${code}`})`));
  upstream.channel = openChannel(
    child.stdout as NodeJS.ReadableStream,
    child.stdin as NodeJS.WritableStream,
    MAX_UPSTREAM_LINE_BYTES,
    {
      message: (m, text) => upstream.deliver(m, text),
      bad: (why, id) => {
        if (id !== null)
          upstream.respond(id, { error: { code: RPC.invalidRequest, message: `invalid message (${why})` } });
        else say(`the server wrote a line that is not a JSON-RPC message (${why}); it was dropped`);
      },
      closed: () => undefined,
    },
  );
  const stop = async (): Promise<void> => {
    if (child.pid !== undefined) await stopGroup(child.pid);
  };

  // Start-up: initialize, then every tools/list page, each bounded by --timeout and by the server's exit.
  const failStart = async (why: string, code: ExitCode): Promise<ExitCode> => {
    const tail = stderr.kept();
    say(`server ${server} ${why}${tail === '' ? '' : `\nserver stderr:\n${tail}`}`);
    await stop();
    return code;
  };
  const init = upstream.request(
    'initialize',
    {
      protocolVersion: PROTOCOL_VERSION,
      capabilities: { sampling: {}, elicitation: {}, roots: { listChanged: true } },
      clientInfo: { name: 'toolgate-proxy', version: version() },
    },
    settings.timeoutMs,
  );
  const first = await Promise.race([init.reply, gone]);
  if (typeof first === 'string') return failStart(first, 2);
  if ('error' in first) {
    const timedOut = first.error.code === RPC.requestTimeout;
    const why = timedOut
      ? `did not answer "initialize" within ${settings.timeoutMs / 1000} s (--timeout): is it an MCP server on stdio?`
      : `refused "initialize": ${clip(String(first.error.message), 200)}`;
    return failStart(why, 2);
  }
  upstream.notify('notifications/initialized');
  const admitted = await Promise.race([admitUpstream(upstream, settings), gone]);
  if (typeof admitted === 'string') return failStart(admitted, 2);
  if (!admitted.ok) return failStart(admitted.message, admitted.message.startsWith('the tools') ? 1 : 2);
  for (const line of admitted.value.withheld) say(`withheld: ${line}`);
  stderr.live();

  const downstream = new Peer();
  let clientGone: () => void = () => undefined;
  const hungUp = new Promise<void>((resolve) => {
    clientGone = resolve;
  });
  downstream.channel = openChannel(process.stdin, process.stdout, MAX_REQUEST_LINE_BYTES, {
    message: (m, text) => downstream.deliver(m, text),
    bad: (why, id) => {
      const [code, message] =
        why === 'parse'
          ? [RPC.parseError, 'parse error: the request line is not JSON']
          : why === 'oversized'
            ? [
                RPC.invalidRequest,
                `request line longer than ${MAX_REQUEST_LINE_BYTES} bytes, the limit; it was dropped`,
              ]
            : [RPC.invalidRequest, 'invalid request: not a JSON-RPC 2.0 message'];
      // A client that floods bad lines and reads nothing must not grow this process's output without end.
      if (downstream.channel !== undefined && downstream.channel.backlog() < MAX_REQUEST_LINE_BYTES)
        downstream.respond(id, { error: { code, message } });
    },
    closed: () => clientGone(),
  });
  let logBroken = false;
  const onCall = (record: CallRecord): void => {
    if (settings.log === undefined || logBroken) return;
    const line = maskSecrets(JSON.stringify({ time: new Date().toISOString(), ...record }), settings.secrets);
    try {
      appendFileSync(settings.log, `${line}\n`);
    } catch {
      // A log that cannot be written must not take the session down; said once on stderr.
      logBroken = true;
      say(`--log: cannot append to ${JSON.stringify(settings.log)}`);
    }
  };
  startSession(downstream, upstream, {
    settings,
    init: first.result as Record<string, unknown>,
    published: admitted.value,
    warn: say,
    onCall,
  });

  let code: ExitCode = 0;
  try {
    const ended = await Promise.race([
      hungUp.then(() => 'client' as const),
      told.then(() => 'signal' as const),
      exited,
    ]);
    if (ended !== 'client' && ended !== 'signal') {
      // The server died mid-session: every request still waiting on it is answered, then toolgate exits 1.
      upstream.failAll({ code: RPC.internalError, message: 'the MCP server exited' });
      // The answers are written by promise continuations: let them run before the client's side is closed.
      await new Promise((resolve) => setImmediate(resolve));
      say(`server ${server} ${ended}`);
      code = 1;
    }
  } finally {
    downstream.channel.close();
    process.stdin.pause();
    await stop();
    child.stdin?.destroy();
    child.stdout?.destroy();
    child.stderr?.destroy();
  }
  return code;
}
