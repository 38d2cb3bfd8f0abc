// One HTTP exchange with an upstream Streamable HTTP server, on node:http (or node:https) with a keep-alive agent of
// the upstream's own. Not fetch: fetch wraps each body chunk in a web stream and its promises, which cost the proxy
// about a millisecond of its event loop for each 500 KB listing read (measured: 500 reads of 526 KB took 2.0 s of
// CPU through fetch, 1.4 s through node:http), and every session of `--listen` reads its catalog whole. Nothing here
// follows a redirect (a 3xx is a status like any other: the --header values and the body never go to an origin
// a hostile server names) and nothing is decompressed (no Accept-Encoding is sent).
import { Agent as HttpAgent, type IncomingMessage, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

/** A response whose body is read at most once; `cancel` lets it go without reading the rest. */
export interface UpstreamResponse {
  readonly status: number;
  readonly ok: boolean;
  /** A response header's value (several joined with ", "), or undefined. */
  header(name: string): string | undefined;
  readonly body: AsyncIterable<Buffer>;
  cancel(): void;
}

/** What one exchange sends. */
export interface UpstreamRequest {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal: AbortSignal;
}

/** Sends exchanges to one URL over connections kept open between them; `close` ends them all. */
export interface UpstreamClient {
  send(request: UpstreamRequest): Promise<UpstreamResponse>;
  close(): void;
}

/** A client for `url` (http: or https:, which the proxy's options already checked). */
export function upstreamClient(url: URL): UpstreamClient {
  const secure = url.protocol === 'https:';
  // Sockets left idle are closed within the server's Keep-Alive hint, as Node's agent reads it.
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = (sent: UpstreamRequest): Promise<UpstreamResponse> =>
    new Promise((resolve, reject) => {
      const headers: Record<string, string> = { ...sent.headers };
      if (sent.body !== undefined) headers['content-length'] = String(Buffer.byteLength(sent.body));
      const options = { method: sent.method, headers, agent, signal: sent.signal };
      // An invalid header value (a session id a hostile server chose) throws here, not on the request.
      const outgoing = secure ? httpsRequest(url, options) : httpRequest(url, options);
      outgoing.on('error', reject);
      outgoing.on('response', (incoming) => resolve(responseOf(incoming)));
      outgoing.end(sent.body);
    });
  return { send, close: () => agent.destroy() };
}

function responseOf(incoming: IncomingMessage): UpstreamResponse {
  const status = incoming.statusCode ?? 0;
  // A response is only ever read through `body`: an error after the caller stopped reading has nowhere to go.
  incoming.on('error', () => undefined);
  return {
    status,
    ok: status >= 200 && status < 300,
    header: (name) => {
      const value = incoming.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    body: incoming,
    cancel: () => {
      // A body already whole is read out, which gives its connection back to the agent; one still coming is cut.
      if (incoming.complete) incoming.resume();
      else incoming.destroy();
    },
  };
}
