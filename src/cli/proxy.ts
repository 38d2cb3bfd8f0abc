// `toolgate proxy`: an exact, fail-closed gate in front of one MCP server, a command on stdio or a Streamable
// HTTP server (`--url`). The server is started and initialized and its tools admitted before the client is read
// at all (proxy-upstream.ts), so a broken or unenforceable server fails fast. Then the client is served on stdio
// (here) or over Streamable HTTP (`--listen`, proxy-http.ts), relayed message by message (proxy-session.ts). Only
// JSON-RPC reaches stdout; toolgate's own lines go to stderr with every secret masked. The server's process group
// is stopped when the client hangs up, on SIGINT/SIGTERM, and (by the process-group exit hook) whenever toolgate
// exits.
import { maskSecrets } from '../exec/mask-secrets.js';
import type { CliIO, ExitCode } from './io.js';
import { callLogger } from './proxy-call-log.js';
import { openChannel } from './proxy-channel.js';
import { serveHttp } from './proxy-http.js';
import { proxySettings, type ProxySettings } from './proxy-options.js';
import { Peer, RPC } from './proxy-peer.js';
import { startSession } from './proxy-session.js';
import { openUpstream } from './proxy-upstream.js';
import { MAX_REQUEST_LINE_BYTES } from './stdio-line-transport.js';

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
    const code =
      settings.listen !== undefined ? await serveHttp(settings, io, told) : await runStdio(settings, io, told);
    return code;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (stoppedBy !== undefined) process.kill(process.pid, stoppedBy);
  }
}

/** The client on stdio; `told` settles on SIGINT or SIGTERM. */
async function runStdio(settings: ProxySettings, io: CliIO, told: Promise<void>): Promise<ExitCode> {
  const say = (line: string): void => io.err(`toolgate proxy: ${maskSecrets(line, settings.secrets)}\n`);
  const upstream = await openUpstream(settings, io, told);
  if (!('peer' in upstream)) return upstream.code;

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
  startSession(downstream, upstream.peer, {
    settings,
    init: upstream.init,
    revision: upstream.revision,
    published: upstream.published,
    warn: say,
    onCall: callLogger(settings, say),
  });

  let code: ExitCode = 0;
  try {
    const ended = await Promise.race([
      hungUp.then(() => 'client' as const),
      told.then(() => 'signal' as const),
      upstream.gone,
    ]);
    if (ended !== 'client' && ended !== 'signal') {
      // The server died mid-session: every request still waiting on it is answered, then toolgate exits 1.
      upstream.peer.failAll({ code: RPC.internalError, message: 'the MCP server exited' });
      // The answers are written by promise continuations: let them run before the client's side is closed.
      await new Promise((resolve) => setImmediate(resolve));
      say(`server ${JSON.stringify(settings.display)} ${ended}`);
      code = 1;
    }
  } finally {
    downstream.channel.close();
    process.stdin.pause();
    await upstream.stop();
  }
  return code;
}
