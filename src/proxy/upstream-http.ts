// The upstream as a Streamable HTTP server (MCP 2025-06-18, "Transports"): every message is POSTed on its own
// (so calls run side by side); a reply comes back as a JSON body or as SSE events; after initialization a GET
// stream carries what the server sends on its own. The session id the server gives with its initialize answer
// and the negotiated protocol version go with every later request, and the session is DELETEd on stop. Each
// message is handed over with the text it arrived as. No header value is ever put in a message: an HTTP failure
// is named by its status alone.
import { maskSecrets } from '../exec/mask-secrets.js';
import { clip } from '../util/describe-value.js';
import { asOneLine, type Channel, type ChannelSink, readMessage, resultEnvelope } from '../mcp/channel.js';
import { RPC } from '../mcp/peer.js';
import { readMessageInSlices, SLICED_MESSAGE_CHARS } from '../mcp/read-in-slices.js';
import type { BodyBudget } from '../mcp/http-body.js';
import { readBody } from './upstream-body.js';
import { type ExchangeCut, exchangeCut } from './exchange-cut.js';
import { type UpstreamResponse, upstreamClient } from './upstream-request.js';
import { reachFailureText } from '../mcp/reach-failure.js';
import { ABANDONED, UpstreamExchanges } from './upstream-exchanges.js';
import { SessionHeaders } from './upstream-session-headers.js';
import { Unaccepted } from './upstream-unaccepted.js';

/** How long stop() waits for the session's DELETE. */
const DELETE_WAIT_MS = 2000;
/** How long a notification or a reply POSTed waits for its 202 (how many may wait: upstream-unaccepted.ts). */
const ACCEPT_WAIT_MS = 10_000;

/**
 * The bytes of the server's answers all of a proxy's exchanges read at once (src/proxy/upstream-body.ts): twice the
 * longest message, so one always fits. Past it the answer being read is dropped and its request fails.
 */
export const MAX_READING_BYTES = 128 * 1024 * 1024;
const BUSY = `the MCP server's answers being read at once passed ${MAX_READING_BYTES >> 20} MiB: this one was dropped`;

/** An HTTP upstream's channel; `gone` settles when the server ended the session. */
export interface HttpUpstream {
  readonly channel: Channel;
  readonly gone: Promise<string>;
  stop(): Promise<void>;
}

/**
 * Connects to `url` with `headers`; messages are reported to `sink`, each bounded by `maxBytes`. A network
 * failure's own text (addresses, the host's resolver) goes to `warn` only, not into a reply a client reads.
 */
export function openHttpUpstream(
  url: URL,
  headers: Readonly<Record<string, string>>,
  maxBytes: number,
  sink: Pick<ChannelSink, 'message' | 'bad' | 'known'>,
  warn: (line: string) => void,
  budget?: BodyBudget,
): HttpUpstream {
  const aborter = exchangeCut();
  const client = upstreamClient(url);
  // A network error's text is masked of the header values before it is clipped (a value cut in two escapes).
  const secrets = Object.values(headers).flatMap((v) => [v, v.slice(v.lastIndexOf(' ') + 1)]);
  const ids = new SessionHeaders(headers);
  let closed = false;
  // Said once per upstream: a server answering many calls at once with long bodies would repeat it for each.
  let toldBusy = false;
  const tellBusy = (): void => {
    if (!toldBusy) warn(BUSY);
    toldBusy = true;
  };
  let ended: (why: string) => void = () => undefined;
  const gone = new Promise<string>((resolve) => {
    ended = resolve;
  });
  const exchanges = new UpstreamExchanges();
  /**
   * A reply made here for a request of the proxy's the server did not answer. Only for requests: a reply the
   * proxy sent carries the server's id, which may equal one of the proxy's own pending ids.
   */
  const failed = (sent: { id?: unknown; method?: unknown }, message: string): void => {
    const id = sent.id;
    if (typeof id !== 'number' || typeof sent.method !== 'string') return;
    const text = JSON.stringify({ jsonrpc: '2.0', id, error: { code: RPC.internalError, message } });
    readMessage(text, sink);
  };
  /**
   * Hands over the messages of `text`; true when one is the answer to the request `awaited`. A long JSON body
   * (`body`) is read in slices (the promise settles once it was handed over): other sessions are served meanwhile.
   */
  const take = (text: string, initializing: boolean, awaited?: unknown, body = false): boolean | Promise<boolean> => {
    let answer = false;
    const reporting: Pick<ChannelSink, 'message' | 'bad' | 'known'> = {
      message: (m, t) => {
        if (awaited !== undefined && m.id === awaited && m.method === undefined) answer = true;
        if (initializing && m.result !== null && typeof m.result === 'object') {
          const v = (m.result as { protocolVersion?: unknown }).protocolVersion;
          if (typeof v === 'string') ids.protocol = v;
        }
        // What comes on a request's own stream before its answer belongs to that request (MCP, "Transports").
        const related = !body && typeof awaited === 'number' && m.method !== undefined ? awaited : undefined;
        sink.message(m, t, related);
        if (m.method === undefined && typeof m.id === 'number' && m.id !== awaited) exchanges.answeredElsewhere(m.id);
      },
      bad: sink.bad,
      ...(sink.known === undefined ? {} : { known: sink.known }),
    };
    // One body is one message, so reading it later reorders nothing; an event's messages stay in their stream's
    // order, read at once.
    if (body && text.length >= SLICED_MESSAGE_CHARS)
      return readMessageInSlices(text, reporting, () => !closed).then(() => answer);
    // A body or an event's data may span lines; a line the stdio transport would send on is one message (MCP
    // 2025-06-18, "Transports", stdio: no embedded newlines). One inside a string stays the parse error it is.
    readMessage(asOneLine(text), reporting);
    return answer;
  };
  /**
   * Reads a response body (src/proxy/upstream-body.ts); `cut`: the exchange's own; with `over`, an answer charged
   * to the budget of all answers being read at once, `over.busy` set when it was dropped for it.
   */
  const read = (
    response: UpstreamResponse,
    initializing: boolean,
    awaited?: unknown,
    cut: ExchangeCut = aborter,
    over?: { busy: boolean },
  ): Promise<boolean> =>
    readBody(
      response,
      {
        maxBytes,
        // Only what comes on a request's own stream relates to it (take); a JSON body is its answer alone.
        take: (text, inStream) => take(text, initializing, awaited, !inStream),
        oversized: () => sink.bad('oversized', null),
        // The answers to requests only: the session's own GET stream (one event at a time, as a stdio server's one
        // line) is not cut for what other sessions' answers hold.
        ...(budget === undefined || over === undefined ? {} : { budget, busy: () => (over.busy = true) }),
        resume: (lastId, own) =>
          client.send({
            method: 'GET',
            headers: { ...ids.base(), accept: 'text/event-stream', 'last-event-id': lastId },
            cut: own,
          }),
        closed: () => closed,
      },
      awaited !== undefined,
      cut,
    );
  const listen = async (): Promise<void> => {
    const response = await client.send({
      method: 'GET',
      headers: { ...ids.base(), accept: 'text/event-stream' },
      cut: aborter,
    });
    // 405: the server offers no stream of its own (allowed by the transport).
    if (!response.ok) return response.cancel();
    await read(response, false);
  };
  const post = async (message: { id?: unknown; method?: unknown }, body: string, cut: ExchangeCut): Promise<void> => {
    const initializing = message.method === 'initialize';
    const isRequest = typeof message.method === 'string' && message.id !== undefined;
    // A request waits as long as its call; what is not a request has its 202 within a bound, or is let go
    // (the timer cleared once answered, so no timer outlives the request).
    const timer = isRequest ? undefined : setTimeout(() => cut.abort(), ACCEPT_WAIT_MS);
    let response: UpstreamResponse;
    try {
      response = await client.send({ method: 'POST', headers: ids.post(), body, cut });
    } catch (thrown) {
      // Not when the proxy stopped or the request was abandoned: nothing waits for it.
      if (!closed && cut.reason !== ABANDONED) {
        warn(`the MCP server could not be reached: ${clip(maskSecrets(causeOf(thrown), secrets), 200)}`);
        failed(message, 'the MCP server could not be reached');
      }
      return;
    } finally {
      clearTimeout(timer);
    }
    if (initializing) ids.session = response.header('mcp-session-id');
    if (response.status === 404 && ids.session !== undefined) {
      response.cancel();
      ended('ended the session (HTTP 404 for its session id)');
      failed(message, 'the MCP server ended the session');
      return;
    }
    if (!response.ok) {
      response.cancel();
      const redirect = response.status >= 300 && response.status < 400 ? ' (a redirect: none is followed)' : '';
      failed(message, `the MCP server answered HTTP ${response.status}${redirect}`);
      return;
    }
    // A notification or a reply is answered 202 without a body (MCP 2025-06-18, "Sending Messages to the
    // Server"): a body is not read, so it cannot hold the connection.
    if (!isRequest) {
      response.cancel();
      if (message.method === 'notifications/initialized') void listen().catch(() => undefined);
      return;
    }
    try {
      const over = { busy: false };
      const answered = await read(response, initializing, message.id, cut, over);
      if (over.busy) {
        tellBusy();
        failed(message, BUSY);
      }
      // Not for an exchange the proxy ended (stopped, or its request abandoned): nothing waits for an answer.
      else if (!answered && !closed && cut.reason !== ABANDONED)
        failed(message, 'the MCP server closed the response without an answer');
    } catch (thrown) {
      if (!closed && cut.reason !== ABANDONED) {
        warn(`a response of the MCP server broke off: ${clip(maskSecrets(causeOf(thrown), secrets), 200)}`);
        failed(message, 'the response broke off');
      }
    }
  };
  /** The notifications and replies whose 202 has not come (upstream-unaccepted.ts). */
  const unaccepted = new Unaccepted(warn);
  const send = (message: object, body: string): void => {
    if (closed) return;
    const { id, method } = message as { id?: unknown; method?: unknown };
    const isRequest = typeof method === 'string' && id !== undefined;
    const bytes = isRequest ? 0 : Buffer.byteLength(body);
    if (!isRequest && !unaccepted.take(bytes)) return;
    const request = typeof id === 'number' && typeof method === 'string' ? id : undefined;
    const own = exchanges.begin(request);
    void post(message as { id?: unknown; method?: unknown }, body, own).finally(() => {
      exchanges.end(own, request);
      if (!isRequest) unaccepted.settle(bytes);
    });
  };
  return {
    channel: {
      send: (message) => send(message, JSON.stringify(message)),
      sendResult: (id, resultText) => send({ id }, resultEnvelope(id, resultText)),
      backlog: () => 0,
      close: () => {
        closed = true;
      },
      abandoned: (id) => exchanges.abandon(id),
    },
    gone,
    stop: async () => {
      closed = true;
      aborter.abort();
      exchanges.cutAll();
      if (ids.session !== undefined) {
        const stopper = exchangeCut();
        const timer = setTimeout(() => stopper.abort(), DELETE_WAIT_MS);
        await client
          .send({ method: 'DELETE', headers: ids.base(), cut: stopper })
          .then((r) => r.cancel())
          .catch(() => undefined);
        clearTimeout(timer);
      }
      // Every connection kept open for the session ends with it (none holds the process).
      client.close();
    },
  };
}

/** What a failed exchange says: its message (or its cause's), never a header. */
function causeOf(thrown: unknown): string {
  const cause = (thrown as { cause?: unknown } | null)?.cause;
  const message = (cause as { message?: unknown } | null)?.message ?? (thrown as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? reachFailureText(message) : 'unknown error';
}
