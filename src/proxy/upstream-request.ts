// One HTTP exchange with an upstream Streamable HTTP server, on node:http (or node:https) with a keep-alive agent of
// the upstream's own. Not fetch: fetch wraps each body chunk in a web stream and its promises, which cost the proxy
// about a millisecond of its event loop for each 500 KB listing read (measured: 500 reads of 526 KB took 2.0 s of
// CPU through fetch, 1.4 s through node:http), and every session of `--listen` reads its catalog whole. Nothing here
// follows a redirect (a 3xx is a status like any other: the --header values and the body never go to an origin
// a hostile server names) and nothing is decompressed (no Accept-Encoding is sent).
import { Agent as HttpAgent, type IncomingMessage, type RequestOptions, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { urlToHttpOptions } from 'node:url';
import type { ExchangeCut } from './exchange-cut.js';

/** A response whose body is read at most once; `cancel` lets it go without reading the rest. */
export interface UpstreamResponse {
  readonly status: number;
  readonly ok: boolean;
  /** A response header's value (several joined with ", "), or undefined. */
  header(name: string): string | undefined;
  /**
   * Hands the body's chunks to `take`, each as it comes, until the body ends (resolved) or breaks off (rejected),
   * or `take` returns false: what follows is then read out and dropped, within RELEASE_WAIT_MS and
   * RELEASE_MAX_BYTES, so that the connection serves the next request; past either it is cut.
   */
  each(take: (chunk: Buffer) => boolean): Promise<void>;
  cancel(): void;
}

/**
 * How long, and how many bytes, the rest of a body no longer wanted is read for its connection's sake. A server
 * answering a request as an event stream ends the stream right after its answer (MCP, "Transports"): cut at
 * once, every such call would take a new connection (20 of 20 calls to the SDK's server; a TLS handshake each).
 */
const RELEASE_WAIT_MS = 1000;
/** How long a connection kept open may sit idle (undici's, under the 5 s many servers close at). */
const IDLE_MS = 4000;
const RELEASE_MAX_BYTES = 64 * 1024;
const ABORTED = 'the exchange was aborted';

/** What one exchange sends. */
export interface UpstreamRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Ends the exchange early: the request, or the response while it is read, is destroyed. */
  readonly cut: ExchangeCut;
}

/** Sends exchanges to one URL over connections kept open between them; `close` ends them all. */
export interface UpstreamClient {
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
  close(): void;
}

/** A client for `url` (http: or https:, which the proxy's options already checked). */
export function upstreamClient(url: URL): UpstreamClient {
  const secure = url.protocol === 'https:';
  // A socket left idle is closed within the server's Keep-Alive hint, as Node's agent reads it, and after IDLE_MS
  // without one: servers that close idle connections after 5 s without saying so (uvicorn) would otherwise reset a
  // request sent on one as it closes (3 of 6 calls at a 5 s pace failed), as fetch, which closes at 4 s, never did.
  const kept = { keepAlive: true, timeout: IDLE_MS };
  const agent = secure ? new HttpsAgent(kept) : new HttpAgent(kept);
  // The URL read into request options once, not again for every exchange (node:http would, given the URL). Each
  // exchange's options are written out member by member: spreading urlToHttpOptions' object (null-prototype, kept
  // by V8 as a dictionary) cost 2.5 us an exchange, a literal 0.05 us (measured on Node 20).
  const { protocol, hostname, port, path, auth } = urlToHttpOptions(url);
  const send = (sent: UpstreamRequest): Promise<UpstreamResponse> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...sent.headers };
      if (sent.body !== undefined) headers['content-length'] = String(Buffer.byteLength(sent.body));
      if (sent.cut.aborted) {
        reject(new Error(ABORTED));
        return;
      }
      const options: RequestOptions = { protocol, hostname, port, path, method: sent.method, headers, agent };
      if (auth !== undefined) options.auth = auth;
      // An invalid header value (a session id a hostile server chose) throws here, not on the request.
      const outgoing = secure ? httpsRequest(options) : httpRequest(options);
      let answered = false;
      // As node:http does with a signal: a cut before the exchange closes destroys it (its response too, while
      // read: the exchange closes after the response's end).
      const off = sent.cut.onAbort(() => outgoing.destroy(new Error(ABORTED)));
      outgoing.on('error', reject);
      outgoing.on('response', (incoming) => {
        answered = true;
        resolve(responseOf(incoming));
      });
      // Closed without a response (a 101 nothing takes up closes it without an error): a failure, never a promise
      // left pending (a call never answered, a stop() that never ends). Every exchange closes: the error (and its
      // stack, 3% of the proxy's busy time over HTTP) is made only when no response came.
      outgoing.on('close', () => {
        off();
        if (!answered) reject(new Error('the server closed the exchange without a response'));
      });
      outgoing.end(sent.body);
    });
  return { send, close: () => agent.destroy() };
}

function responseOf(incoming: IncomingMessage): UpstreamResponse {
  const status = incoming.statusCode ?? 0;
  // A body is only ever read through `each`: an error after the caller stopped reading has nowhere to go.
  incoming.on('error', () => undefined);
  return {
    status,
    ok: status >= 200 && status < 300,
    header: (name) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    each: (take) => readEach(incoming, take),
    cancel: () => {
      // A body already whole is read out, which gives its connection back to the agent; one still coming is cut.
      if (incoming.complete) incoming.resume();
      else incoming.destroy();
    },
  };
}

function readEach(incoming: IncomingMessage, take: (chunk: Buffer) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let taking = true;
    let after = 0;
    let cut: NodeJS.Timeout | undefined;
    incoming.on('data', (chunk: Buffer) => {
      if (!taking) {
        after += chunk.length;
        if (after > RELEASE_MAX_BYTES) incoming.destroy();
        return;
      }
      let more: boolean;
      try {
        more = take(chunk);
      } catch (thrown) {
        // Thrown inside a stream's event it would end the process: it fails this exchange alone.
        taking = false;
        incoming.destroy();
        reject(thrown);
        return;
      }
      if (more) return;
      taking = false;
      cut = setTimeout(() => incoming.destroy(), RELEASE_WAIT_MS);
      resolve();
    });
    incoming.on('end', () => {
      clearTimeout(cut);
      resolve();
    });
    incoming.on('close', () => {
      clearTimeout(cut);
      // A body cut short (the connection lost, the exchange aborted) is a failure of the exchange.
      if (taking && !incoming.complete) reject(new Error('the response broke off before its end'));
      resolve();
    });
  });
}
