// `check --mcp` / `--url`: starts a server in a process group of its own and lists its tools with the official
// SDK's client over its stdio (listing-transport.ts), or reaches a Streamable HTTP one with its HTTP client,
// following
// `nextCursor` pagination. The listing is read leniently on purpose: the SDK's own tools/list result schema would
// throw on a malformed tool before toolgate could report which tool and why, so each page is read with the SDK's
// generic paginated-result schema (unknown members pass through) and `tools` is checked here.
import { thrownMessage, type Problem, type Result } from '../result.js';
import { systemCode } from '../util/host-error.js';
import { listAllPages } from '../catalog/mcp-pages.js';
import { clip, oneLine } from '../util/describe-value.js';
import { childEnvironment } from '../exec/environment.js';
import { maskSecrets } from '../exec/command-line.js';
import { reachFailureText } from '../mcp/reach-failure.js';
import { CLIENT_CAPABILITIES, PROXY_CLIENT_NAME } from '../mcp/client-capabilities.js';
import { version } from './help.js';
import { inputError } from './io.js';
import { ListingTransport } from './listing-transport.js';
import { cappedFetch } from '../mcp/capped-fetch.js';
import { listingTexts, stdoutLines, textsFetch } from '../mcp/listing-texts.js';
import { postOnlyFetch } from '../mcp/post-only-fetch.js';
import { loadMcpSdk } from '../mcp/sdk.js';
import { sdkSchemaIssue } from '../mcp/sdk-issue.js';
import { stopOnSignal } from './listing-signals.js';
import { stderrHead } from './server-stderr.js';

/** Most pages followed: a server that keeps returning a cursor cannot keep the check running forever. */
const MAX_PAGES = 100;
/** How long the DELETE that ends an HTTP session is waited for. */
const SESSION_END_WAIT_MS = 2000;
/** Most of an error's text shown: an HTTP server's error body is echoed in the SDK's message. */
const MAX_ERROR_CHARS = 2000;

/** One `--mcp` server to start, or one `--url` server to reach. */
export interface McpServer {
  /** The program and its arguments, as split from the `--mcp` text; empty for a `--url` server. */
  readonly words: readonly string[];
  /** A Streamable HTTP server (MCP 2025-06-18, "Transports") instead of a command. */
  readonly url?: URL;
  /** Headers sent to the `--url` server (`--header`); every value is among `secrets`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** How reports name it: `--mcp` text with its `KEY=VALUE` values masked, or the URL without credentials. */
  readonly display: string;
  /** Set for the server on top of the SDK's inherited HOME, LOGNAME, PATH, SHELL, TERM and USER. */
  readonly env: Readonly<Record<string, string>>;
  /** The directory a command is started in (a `--config` entry's `cwd`); toolgate's own without it. */
  readonly cwd?: string;
  /** How reports name it instead of `--mcp "<display>"` (a `check --config` server: the file and its name there). */
  readonly label?: string;
  /** Bounds initialize and each tools/list request. */
  readonly timeoutMs: number;
  /** Values no message may show (from `--env` and the command line's `KEY=VALUE` words). */
  readonly secrets: readonly string[];
}

/** The message for a request the server never answered. */
function timedOut(method: string, timeoutMs: number): string {
  const hint = method === 'initialize' ? ': is it an MCP server speaking JSON-RPC on stdio?' : '';
  return `the server did not answer "${method}" within ${timeoutMs / 1000} s (--timeout)${hint}`;
}

/**
 * A fetch that got no answer, as the proxy names it: undici says only "fetch failed", its `cause` says why (`connect
 * ECONNREFUSED 127.0.0.1:3999`; a newcomer's find: check --url said "fetch failed" alone). Masked by the caller.
 */
function unreached(thrown: unknown): string | undefined {
  const cause = thrown instanceof TypeError ? (thrown as { cause?: unknown }).cause : undefined;
  if (cause === null || typeof cause !== 'object') return undefined;
  const { message, code } = cause as { message?: unknown; code?: unknown };
  const why = typeof message === 'string' && message !== '' ? message : typeof code === 'string' ? code : undefined;
  return why === undefined ? undefined : `the MCP server could not be reached: ${reachFailureText(why)}`;
}

/** A server's tools, with each tools/list answer's text as it arrived (listing-texts.ts), one per page. */
export interface McpListing {
  readonly tools: unknown[];
  readonly pages: readonly string[];
}

/** Lists every tool of the server; a message (its values masked) on any failure. */
export async function listMcpTools(server: McpServer): Promise<Result<McpListing, Problem>> {
  const option = server.url === undefined ? '--mcp' : '--url';
  const fail = (why: string): Result<never, Problem> =>
    inputError(maskSecrets(`${server.label ?? `${option} ${JSON.stringify(server.display)}`}: ${why}`, server.secrets));
  // A server of a --config file was not named by --mcp or --url: the message names the option the user gave.
  const loaded = await loadMcpSdk(server.label === undefined ? option : '--config');
  if (!loaded.ok) return inputError(loaded.message);
  const { client: clientModule, clientHttp, types } = loaded.sdk;
  const [command = '', ...args] = server.words;
  // The server's stderr, cut with its secrets masked (server-stderr.ts).
  const stderr = stderrHead(server.secrets);
  let released: (() => void) | undefined;
  const texts = listingTexts((value) => types.JSONRPCMessageSchema.safeParse(value).success);
  const transport =
    server.url !== undefined
      ? new clientHttp.StreamableHTTPClientTransport(server.url, {
          requestInit: { headers: { ...server.headers } },
          fetch: textsFetch(postOnlyFetch(cappedFetch()), texts),
        })
      : new ListingTransport(
          {
            program: command,
            args,
            env: childEnvironment(server.env),
            ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
            // Beside the SDK's own reading of the same lines, each chunk before the transport reads it.
            stdout: stdoutLines(texts),
            stderr: stderr.take,
          },
          types.JSONRPCMessageSchema,
        );
  // The ids of the listing's requests, as the SDK sends them: their answers' texts are kept (listing-texts.ts).
  const send = transport.send.bind(transport) as (...args: unknown[]) => Promise<void>;
  transport.send = (...args: unknown[]) => {
    texts.sent(args[0]);
    return send(...args);
  };
  // Named and with capabilities as the proxy declares them, so both are shown the same tools (a hunt's find: a
  // server told `toolgate-check` from `toolgate-proxy` and showed lock a catalog of its own); a request for one of
  // them while listing is answered "method not found" by the SDK (no handler), which no listing needs.
  const client = new clientModule.Client(
    { name: PROXY_CLIENT_NAME, version: version() },
    { capabilities: { ...CLIENT_CAPABILITIES, roots: { ...CLIENT_CAPABILITIES.roots } } },
  );
  let method = 'initialize';
  try {
    const connecting = client.connect(transport, { timeout: server.timeoutMs });
    // The SDK starts the transport inside connect's first synchronous step; the server's pid is known from here on.
    const pid = transport instanceof ListingTransport ? transport.pid : undefined;
    if (pid !== undefined) released = stopOnSignal(pid);
    await connecting;
    method = 'tools/list';
    const counts: number[] = [];
    const listed = await listAllPages(async (cursor) => {
      const params = cursor === undefined ? {} : { cursor };
      const page = await client.request({ method: 'tools/list', params }, types.PaginatedResultSchema, {
        timeout: server.timeoutMs,
      });
      const tools: unknown = page['tools'];
      if (!Array.isArray(tools)) throw new Error('tools/list result has no "tools" array');
      counts.push(tools.length);
      // The page's size, cursor and members unknown to MCP included, charged to the listing's bound (mcp-pages.ts):
      // the SDK has read it whole already. Its text as it arrived, as the proxy charges it: JSON.stringify of the page
      // ran out of stack on a tool nested 5,000 levels, and that one tool failed the whole server where --mcp-list
      // of the same listing rejects it alone (a hunt's find). The SDK resolves only after the text was kept.
      const bytes = texts.length(counts.length - 1);
      if (bytes === undefined) throw new Error(`the text of tools/list answer ${counts.length} could not be read`);
      return { tools: tools as unknown[], nextCursor: page.nextCursor, bytes };
    }, MAX_PAGES);
    if (!listed.ok) return fail(listed.error.message);
    const pages = texts.pages(counts);
    if (!pages.ok) return fail(pages.message);
    return { ok: true, value: { tools: listed.value, pages: pages.texts } };
  } catch (thrown) {
    const code = thrown !== null && typeof thrown === 'object' ? (thrown as { code?: unknown }).code : undefined;
    // An HTTP failure is named by its status, as the proxy names it: the body is the server's text.
    const status = thrown instanceof clientHttp.StreamableHTTPError && typeof code === 'number' && code >= 100;
    // A server never started (no pid): the spawn error's code alone, as serve says it (exec/run.ts): its message
    // quotes the words and env values it refused whole (a hunt's find: a secret with a NUL, spelled `\x00`).
    const unstarted = transport instanceof ListingTransport && transport.pid === undefined;
    // A server that exited is named so, not by the SDK's "Connection closed" (the proxy says `exited (status 3)`).
    const ended = transport instanceof ListingTransport ? transport.ended : undefined;
    const why = unstarted
      ? `could not be started: ${systemCode(thrown, 'the system refused it')}`
      : code === types.ErrorCode.RequestTimeout
        ? timedOut(method, server.timeoutMs)
        : code === types.ErrorCode.ConnectionClosed && ended !== undefined
          ? `${ended} before answering "${method}"`
          : status
            ? `the MCP server answered HTTP ${code} to "${method}"`
            : // The server's text on one line: a newline in it would print a line of the server's own making.
              oneLine(
                clip(sdkSchemaIssue(thrown, method) ?? unreached(thrown) ?? thrownMessage(thrown), MAX_ERROR_CHARS),
              );
    const shown = stderr.text().trim();
    const tail = shown === '' ? '' : `\nserver stderr:\n${shown}`;
    // Nothing more is wanted of the server: its group is stopped at once, not given the wait a listed server gets.
    if (transport instanceof ListingTransport) await transport.stopNow();
    return fail(`${why}${tail}`);
  } finally {
    // An HTTP session is ended with DELETE (MCP 2025-06-18, "Session Management"), waited for a bounded time.
    if (transport instanceof clientHttp.StreamableHTTPClientTransport && transport.sessionId !== undefined) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SESSION_END_WAIT_MS);
      });
      await Promise.race([transport.terminateSession().catch(() => undefined), waited]);
      clearTimeout(timer);
    }
    // A stdio server's input is closed, then its group is stopped, and the descendants that left it: a wrapper such
    // as `npx -y`, or a launcher's helper, left behind holding its pipes kept check running (listing-transport.ts).
    await client.close().catch(() => undefined);
    released?.();
  }
}
