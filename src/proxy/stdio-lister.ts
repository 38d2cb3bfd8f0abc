// `check`/`lock --mcp` and the stdio servers of `check`/`lock --config`: a command's tools, listed as the proxy lists
// them when it starts, by the proxy's own stdio upstream (upstream-stdio.ts: the spawn, its process group, the line
// bound), greeting (upstream-greeting.ts) and paging (upstream-listing.ts); then its input is closed. The MCP SDK's
// client, which listed them before, was another path to the same bytes: a server is now sent what the proxy sends
// it because it is the proxy's code that sends it (test/cli/lister-same-bytes.test.ts).
import { maskSecrets } from '../exec/mask-secrets.js';
import { clip } from '../util/describe-value.js';
import type { BadMessage } from '../mcp/channel.js';
import { RPC, type RpcError } from '../mcp/peer.js';
import { greeting, initializeRevision, MAX_UPSTREAM_MESSAGE_BYTES, sendInitialize } from './upstream-greeting.js';
import { listUpstreamTools } from './upstream-listing.js';
import { type StdioUpstream, startStdioUpstream } from './upstream-stdio.js';

/**
 * How long a server whose input was closed after its listing may take to exit before its group is stopped (MCP
 * "Lifecycle", stdio shutdown: close its input, wait for it to exit, then SIGTERM).
 */
const EXIT_WAIT_MS = 2000;

/** A command's tools, with each tools/list answer's text as it arrived, one per page. */
export interface StdioListing {
  readonly tools: unknown[];
  readonly pages: readonly string[];
}

/** What a listing needs of the server and of the user. */
export interface StdioListed {
  readonly words: readonly [string, ...string[]];
  /** Set for the server on top of what it inherits (src/exec/environment.ts). */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd?: string;
  /** Bounds initialize, and the whole listing. */
  readonly timeoutMs: number;
  readonly secrets: readonly string[];
  /** Each chunk of its stderr. */
  readonly stderr: (chunk: Buffer) => void;
  /** Called with its pid once started; what it returns is called once the server is stopped. */
  readonly started: (pid: number) => () => void;
}

/** What a message dropped by the channel was, by the reason it gives (src/mcp/channel.ts). */
function droppedAs(why: BadMessage): string {
  if (why === 'oversized') return `a line longer than ${MAX_UPSTREAM_MESSAGE_BYTES >> 20} MiB, the limit`;
  if (why === 'not-utf8') return 'a line that is not UTF-8';
  if (why === 'parse') return 'a line that is not JSON';
  return 'a message that is not JSON-RPC';
}

/** What a timeout's message adds about the last line dropped, if any. */
function lostLine(dropped: BadMessage | undefined): string {
  return dropped === undefined ? '' : `; it wrote ${droppedAs(dropped)}, which was dropped`;
}

/**
 * Lists every tool of the command `listed.words`; on failure why, in the words `check` has always used (the
 * server's own text clipped, the values of `secrets` masked).
 */
export async function listStdioServer(
  listed: StdioListed,
): Promise<{ readonly ok: true; readonly value: StdioListing } | { readonly ok: false; readonly why: string }> {
  const { peer, sink } = greeting(() => undefined);
  // The last line dropped: a timeout after it names it (a line past the bound was the answer, cut).
  let dropped: BadMessage | undefined;
  const bad: typeof sink.bad = (why, id) => {
    if (id === null) dropped = why;
    sink.bad(why, id);
  };
  // Its stderr is never passed on live (`io`): the CLI shows its head under a failure.
  const io = { err: () => undefined };
  const stdio = startStdioUpstream(listed, io, MAX_UPSTREAM_MESSAGE_BYTES, { ...sink, bad }, listed.stderr);
  if (typeof stdio === 'string') return { ok: false, why: `could not be started: ${stdio}` };
  peer.channel = stdio.channel;
  const released = stdio.pid === undefined ? () => undefined : listed.started(stdio.pid);
  // Its exit ends the listing once what it wrote before is read (drained), named as the proxy names it.
  const gone = stdio.gone.then(async (why) => {
    await stdio.drained();
    return why;
  });
  const ended = (why: string, method: string): string =>
    why.startsWith('could not be started') ? why : `the server ${why} before answering "${method}"`;
  const refused = (error: RpcError, method: string): string => {
    if (error.code !== RPC.requestTimeout)
      return `refused "${method}": ${clip(maskSecrets(String(error.message), listed.secrets), 2000)}`;
    const hint = method === 'initialize' ? ': is it an MCP server speaking JSON-RPC on stdio?' : '';
    const late = `the server did not answer "${method}" within ${listed.timeoutMs / 1000} s (--timeout)`;
    return `${late}${hint}${lostLine(dropped)}`;
  };
  let listedWhole = false;
  try {
    const first = await Promise.race([sendInitialize(peer, listed.timeoutMs), gone]);
    if (typeof first === 'string') return { ok: false, why: ended(first, 'initialize') };
    if ('error' in first) return { ok: false, why: refused(first.error, 'initialize') };
    const spoken = initializeRevision(first.result, listed.secrets);
    if ('why' in spoken) return { ok: false, why: spoken.why };
    peer.notify('notifications/initialized');
    const listing = await Promise.race([listUpstreamTools(peer, listed.timeoutMs, listed.secrets), gone]);
    if (typeof listing === 'string') return { ok: false, why: ended(listing, 'tools/list') };
    if (!listing.ok) {
      const late = dropped !== undefined && listing.message.endsWith('(--timeout)');
      return { ok: false, why: late ? `${listing.message}${lostLine(dropped)}` : listing.message };
    }
    // A page that came without its text cannot be read again exactly (exact-listing.ts): none does on stdio.
    if (listing.pages === undefined) return { ok: false, why: 'the text of a tools/list answer could not be read' };
    listedWhole = true;
    return { ok: true, value: { tools: listing.tools, pages: listing.pages.map((p) => p.text) } };
  } finally {
    await stopListed(stdio, listedWhole);
    released();
    peer.failAll({ code: RPC.internalError, message: 'the listing ended' });
  }
}

/**
 * A listed server's input is closed and it is given EXIT_WAIT_MS to exit; a failed listing's at once (nothing more
 * is wanted of it). Then its group is stopped, and the descendants that left it: a wrapper such as `npx -y`, or a
 * launcher's helper, left behind holding its pipes kept check running.
 */
async function stopListed(stdio: StdioUpstream, wait: boolean): Promise<void> {
  stdio.endInput();
  if (wait) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, EXIT_WAIT_MS);
    });
    await Promise.race([stdio.gone, late]);
    clearTimeout(timer);
  }
  await stdio.stop();
}
