// The proxy's client on stdio: one session between the client on this process's stdin/stdout and the upstream,
// relayed message by message (session.ts). Only JSON-RPC reaches stdout; toolgate's own lines go to stderr with
// every secret masked.
import { ownLines } from './host-masker.js';
import { batchRefusal } from '../mcp/batch.js';
import { type ChannelSink, notUtf8Refusal, openChannel } from '../mcp/channel.js';
import { TOO_DEEP } from '../mcp/message-depth.js';
import { repeatedKey, twiceRefusal } from '../mcp/repeated-keys.js';
import { Peer, RPC } from '../mcp/peer.js';
import { MAX_REQUEST_LINE_BYTES } from '../mcp/stdio-line-transport.js';
import { openCallLog } from './call-log.js';
import { maskedChannel } from './masked-channel.js';
import type { ProxyExit } from './exit.js';
import type { ProxyIO } from './io.js';
import type { ProxySettings } from './settings.js';
import { openBackend, publishedOf, startRelay } from './backend.js';
import { boundClientRequests } from './stdio-waiting.js';

/**
 * What the client may leave unread on stdout before messages to it are dropped: a server that floods notifications
 * (notifications/message, progress) or requests toward a client that stopped reading filled this process's memory
 * without end (a stdout pipe's writes queue in the process). The most one message of the server's may be.
 */
const MAX_CLIENT_UNREAD = 64 * 1024 * 1024;

/** The client on stdio; `told` settles on SIGINT or SIGTERM. */
export async function serveStdio(settings: ProxySettings, io: ProxyIO, told: Promise<void>): Promise<ProxyExit> {
  const say = ownLines(io, settings.secrets);
  // The log first: a path it refuses is a usage error, said before any server is started.
  const log = openCallLog(settings, say);
  if (!log.ok) {
    say(log.error.message);
    return 2;
  }
  const upstream = await openBackend(settings, io, told);
  if ('code' in upstream) return upstream.code;

  const downstream = new Peer();
  const { deliver, answerBadLine, answered, failWaiting } = boundClientRequests(downstream);
  let clientGone: () => void = () => undefined;
  const hungUp = new Promise<void>((resolve) => {
    clientGone = resolve;
  });
  let outputBroken: () => void = () => undefined;
  const outputBroke = new Promise<void>((resolve) => {
    outputBroken = resolve;
  });
  const input = io.input ?? process.stdin;
  /** Answers a line that is no message the proxy serves, unless the client has left too much unread. */
  const answerBad = (id: string | number | null, code: number, message: string): void => {
    // A client that floods bad lines and reads nothing must not grow this process's output without end.
    if (downstream.channel !== undefined && downstream.channel.backlog() < MAX_REQUEST_LINE_BYTES)
      answerBadLine(id, { error: { code, message } });
  };
  const clientSink: ChannelSink = {
    message: (m, text) => {
      // Read two ways, by the proxy and by whatever keeps the first of the two (a hunt's find): never served.
      const twice = repeatedKey(m, text);
      if (twice === undefined) return deliver(m, text);
      const id = twice === 'id' ? null : (m.id ?? null);
      answerBad(id, RPC.invalidRequest, `invalid request: ${twiceRefusal(twice)}; it was dropped`);
    },
    bad: (why, id) => {
      const [code, message] =
        why === 'parse'
          ? [RPC.parseError, 'parse error: the request line is not JSON']
          : why === 'not-utf8'
            ? notUtf8Refusal(id)
            : why === 'oversized'
              ? [
                  RPC.invalidRequest,
                  `request line longer than ${MAX_REQUEST_LINE_BYTES} bytes, the limit; it was dropped`,
                ]
              : why === 'deep'
                ? [RPC.invalidRequest, `invalid request: the message is ${TOO_DEEP}; it was dropped`]
                : [RPC.invalidRequest, 'invalid request: not a JSON-RPC 2.0 message'];
      answerBad(id, code, message);
    },
    // Not served (batch.ts): each request of it is answered -32600 at once, in one array, unmasked (the client's ids
    // and the proxy's words only), and not while the client leaves too much unread; one of no request gets nothing
    // (JSON-RPC 2.0 section 6: "nothing at all", never an empty array; a review's find).
    batch: (ids) => {
      if (ids.length > 0 && channel.backlog() < MAX_REQUEST_LINE_BYTES) channel.send(batchRefusal(ids));
    },
    closed: () => clientGone(),
    broken: () => outputBroken(),
  };
  // true: a client's line that is not UTF-8 is refused (-32700), never read with U+FFFD in its arguments.
  const channel = openChannel(input, io.output ?? process.stdout, MAX_REQUEST_LINE_BYTES, clientSink, true);
  downstream.channel = maskedChannel(channel, settings.secrets);
  downstream.maxUnread = MAX_CLIENT_UNREAD;
  downstream.refusesUnread = true;
  let toldUnread = false;
  downstream.droppedUnread = () => {
    if (toldUnread) return;
    toldUnread = true;
    say(`the client left over ${MAX_CLIENT_UNREAD >> 20} MiB unread: messages to it are dropped until it reads`);
  };
  const relayed = startRelay(downstream, upstream, { settings, warn: say, onCall: log.value.record });
  io.ready?.({ url: undefined, published: publishedOf(upstream) });
  // A person who runs it in a terminal saw nothing and could not tell it waits (a newcomer's find); a client's pipe
  // is no terminal, so what an MCP client reads on stderr does not change.
  if (input === process.stdin && process.stdin.isTTY === true)
    say('serving MCP on stdin and stdout: an MCP client starts this command (Ctrl-C stops it)');

  let code: ProxyExit = 0;
  try {
    let ended = await Promise.race([
      hungUp.then(() => 'client' as const),
      told.then(() => 'signal' as const),
      upstream.gone,
    ]);
    // MCP's stdio shutdown begins with the client closing its input: what it asked before is still answered (a
    // script piped in gets its answers), as the server itself would. A stdio server's input is closed too (each of
    // a gateway's), so it answers what it will and exits as with its client directly; the wait ends with its exit
    // (a gateway's: every request answered), a signal, a failed write to the client (it is gone) or --timeout.
    // What still waits then is answered with an error, written at once, before the channel closes.
    if (ended === 'client') {
      // A gateway restarts no server from the hang-up on (one that exits while a call is still held stays down).
      if ('hungUp' in upstream) upstream.hungUp();
      // The input is closed only once every request of the client's is forwarded: one held for a re-admission
      // under way (a server's tools/list_changed at start) would go into a closed input and never be answered. The
      // turn after lets the held requests' forwarding (microtasks) run first.
      if ('endInput' in upstream) void relayed.forwarded().then(() => setImmediate(() => upstream.endInput?.()));
      const waited = await drained(answered(), told, upstream.gone, outputBroke, settings.timeoutMs);
      if (waited === 'signal') ended = 'signal';
      else if (waited !== 'client') {
        const why =
          waited === 'late'
            ? `did not answer within ${settings.timeoutMs / 1000} s (--timeout)`
            : `${waited} before answering`;
        failWaiting({
          error: { code: RPC.internalError, message: `the client closed its input and the MCP server ${why}` },
        });
      }
    }
    if (ended !== 'client' && ended !== 'signal') {
      // The server died mid-session: every request still waiting on it is answered, then toolgate exits 1 (the
      // aggregate's set never goes: its servers are restarted).
      if ('peer' in upstream) upstream.peer.failAll({ code: RPC.internalError, message: 'the MCP server exited' });
      // The answers are written by promise continuations: let them run before the client's side is closed.
      await new Promise((resolve) => setImmediate(resolve));
      say(`server ${JSON.stringify(settings.display)} ${ended}`);
      code = 1;
    }
  } finally {
    downstream.channel.close();
    input.pause();
    await upstream.stop();
    // What still waits on the server (a re-admission's listing) ends now, not at its timeout, which would keep the
    // process running for --timeout after the client left.
    if ('peer' in upstream) upstream.peer.failAll({ code: RPC.internalError, message: 'the proxy is stopping' });
  }
  return code;
}

/** Waits for the client's requests to be answered, at most `ms`: what ended the wait ('late': the time). */
async function drained(
  answered: Promise<void>,
  told: Promise<void>,
  gone: Promise<string>,
  outputBroke: Promise<void>,
  ms: number,
): Promise<'client' | 'signal' | 'late' | string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    const client = Promise.race([answered, outputBroke]).then(() => 'client' as const);
    return await Promise.race([client, late, told.then(() => 'signal' as const), gone]);
  } finally {
    clearTimeout(timer);
  }
}
