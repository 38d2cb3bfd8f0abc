// `check --url` and `lock --url`: a Streamable HTTP server's tools, listed as the proxy lists them when it starts,
// by the proxy's own HTTP client (upstream-http.ts), greeting (upstream-greeting.ts) and paging
// (upstream-listing.ts), then its session ended. The MCP SDK's HTTP client, which listed them before, sent other
// headers (fetch's own among them) and another member order: a server could show the lister one catalog and the
// proxy another (a review's find, left from the hunt that made the stdio listers match the proxy).
import { maskSecrets } from '../exec/mask-secrets.js';
import { clip } from '../util/describe-value.js';
import type { BadMessage } from '../mcp/channel.js';
import { TOO_DEEP } from '../mcp/message-depth.js';
import { RPC, type RpcError } from '../mcp/peer.js';
import { openHttpUpstream } from './upstream-http.js';
import { greeting, initializeRevision, MAX_UPSTREAM_MESSAGE_BYTES, sendInitialize } from './upstream-greeting.js';
import { listUpstreamTools } from './upstream-listing.js';

/** A server's tools, with each tools/list answer's text as it arrived, one per page. */
export interface HttpListing {
  readonly tools: unknown[];
  readonly pages: readonly string[];
}

/** What a listing needs of the server and of the user. */
export interface HttpListed {
  readonly url: URL;
  /** Sent with every request (`--header`); their values are among `secrets`. */
  readonly headers: Readonly<Record<string, string>>;
  /** Bounds initialize, and the whole listing. */
  readonly timeoutMs: number;
  readonly secrets: readonly string[];
}

/** The reply the proxy's HTTP client makes for an exchange that failed (upstream-http.ts). */
const UNREACHED = 'the MCP server could not be reached';
/** Its reply for a response that held no answer: one it dropped (not JSON, too long) is named instead. */
const UNANSWERED = 'the MCP server closed the response without an answer';

/** What a message the HTTP client dropped was, by the reason it gives (src/mcp/channel.ts). */
function droppedAs(why: BadMessage): string {
  if (why === 'parse') return 'that is not JSON';
  if (why === 'not-utf8') return 'that is not UTF-8';
  if (why === 'oversized') return `longer than ${MAX_UPSTREAM_MESSAGE_BYTES >> 20} MiB, the limit`;
  if (why === 'deep') return TOO_DEEP;
  return 'that is not JSON-RPC';
}

/**
 * Lists every tool of the server at `listed.url`; on failure why, in the words `check` has always used (the server's
 * own text clipped, the values of `secrets` masked).
 */
export async function listHttpServer(
  listed: HttpListed,
): Promise<{ readonly ok: true; readonly value: HttpListing } | { readonly ok: false; readonly why: string }> {
  // The first line the HTTP client says of a failed exchange: why the server could not be reached.
  let said: string | undefined;
  const say = (line: string): void => {
    said ??= line;
  };
  const { peer, sink } = greeting(() => undefined);
  // The last message dropped, unsaid by the greeting: a response without an answer was one holding it (a review's
  // find: a body not JSON, or past the bound, was said as closed without an answer; the SDK's lister named it).
  let dropped: BadMessage | undefined;
  const bad: typeof sink.bad = (why, id) => {
    if (id === null) dropped = why;
    sink.bad(why, id);
  };
  const unanswered = (method: string): string | undefined =>
    dropped === undefined ? undefined : `the server answered "${method}" with a message ${droppedAs(dropped)}`;
  const http = openHttpUpstream(listed.url, listed.headers, MAX_UPSTREAM_MESSAGE_BYTES, { ...sink, bad }, say);
  peer.channel = http.channel;
  /** What a failed exchange's reply (upstream-http.ts) says in check's words, or undefined for the server's own. */
  const exchangeFailure = (text: string, method: string): string | undefined => {
    if (text === UNREACHED && said?.startsWith(UNREACHED)) return said;
    if (text === UNANSWERED) return unanswered(method);
    if (text.startsWith('the MCP server answered HTTP ')) return `${text} to "${method}"`;
    return undefined;
  };
  const refused = (error: RpcError, method: string): string => {
    const text = clip(maskSecrets(String(error.message), listed.secrets), 2000);
    if (error.code === RPC.requestTimeout)
      return (
        `the server did not answer "${method}" within ${listed.timeoutMs / 1000} s (--timeout): ` +
        'is it an MCP server at that URL?'
      );
    return exchangeFailure(text, method) ?? `refused "${method}": ${text}`;
  };
  try {
    const first = await Promise.race([sendInitialize(peer, listed.timeoutMs), http.gone]);
    if (typeof first === 'string') return { ok: false, why: `${first} before answering "initialize"` };
    if ('error' in first) return { ok: false, why: refused(first.error, 'initialize') };
    const spoken = initializeRevision(first.result, listed.secrets);
    if ('why' in spoken) return { ok: false, why: spoken.why };
    peer.notify('notifications/initialized');
    const listing = await Promise.race([listUpstreamTools(peer, listed.timeoutMs, listed.secrets), http.gone]);
    if (typeof listing === 'string') return { ok: false, why: `${listing} before the listing ended` };
    if (!listing.ok) {
      const failed = /^tools\/list failed: (.*)$/s.exec(listing.message)?.[1];
      const why = failed === undefined ? undefined : exchangeFailure(failed, 'tools/list');
      return { ok: false, why: why ?? listing.message };
    }
    // A page that came without its text cannot be read again exactly (exact-listing.ts): none does over HTTP.
    if (listing.pages === undefined) return { ok: false, why: 'the text of a tools/list answer could not be read' };
    return { ok: true, value: { tools: listing.tools, pages: listing.pages.map((p) => p.text) } };
  } finally {
    // Its session ended with DELETE (MCP 2025-06-18, "Session Management"), waited for a bounded time; a request
    // still waiting is answered, so no timer outlives the listing.
    await http.stop();
    peer.failAll({ code: RPC.internalError, message: 'the listing ended' });
  }
}
