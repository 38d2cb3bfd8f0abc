// `check --mcp` / `--url`: starts a server in a process group of its own and lists its tools with the official
// SDK's client over its stdio (listing-transport.ts), following `nextCursor` pagination; a Streamable HTTP one is
// listed as the proxy lists it (src/proxy/http-lister.ts). The listing is read leniently on purpose: the SDK's own
// tools/list result schema would throw on a malformed tool before toolgate could report which tool and why, so each
// page is read with the SDK's generic paginated-result schema (unknown members pass through) and `tools` is
// checked here.
import { thrownMessage, type Problem, type Result } from '../result.js';
import { systemCode } from '../util/host-error.js';
import { listAllPages } from '../catalog/mcp-pages.js';
import { clip, oneLine } from '../util/describe-value.js';
import { childEnvironment } from '../exec/environment.js';
import { maskSecrets } from '../exec/command-line.js';
import { CLIENT_CAPABILITIES, PROXY_CLIENT_NAME } from '../mcp/client-capabilities.js';
import { version } from './help.js';
import { inputError } from './io.js';
import { ListingTransport } from './listing-transport.js';
import { listingTexts, stdoutLines } from '../mcp/listing-texts.js';
import { listHttpServer } from '../proxy/http-lister.js';
import { loadMcpSdk } from '../mcp/sdk.js';
import { sdkSchemaIssue } from '../mcp/sdk-issue.js';
import { stopOnSignal } from './listing-signals.js';
import { stderrHead } from './server-stderr.js';

/** Most pages followed: a server that keeps returning a cursor cannot keep the check running forever. */
const MAX_PAGES = 100;
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
  if (server.url !== undefined) {
    const listed = await listHttpServer({
      url: server.url,
      headers: server.headers ?? {},
      timeoutMs: server.timeoutMs,
      secrets: server.secrets,
    });
    return listed.ok ? listed : fail(listed.why);
  }
  const loaded = await loadMcpSdk(server.label === undefined ? option : '--config');
  // A config's server is named, as its other failures are (a newcomer's find: a mixed config named none).
  if (!loaded.ok) return server.label === undefined ? inputError(loaded.message) : fail(loaded.message);
  const { client: clientModule, types } = loaded.sdk;
  const [command = '', ...args] = server.words;
  // The server's stderr, cut with its secrets masked (server-stderr.ts).
  const stderr = stderrHead(server.secrets);
  let released: (() => void) | undefined;
  const texts = listingTexts((value) => types.JSONRPCMessageSchema.safeParse(value).success);
  const transport = new ListingTransport(
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
    const pid = transport.pid;
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
    // A server never started (no pid): the spawn error's code alone, as serve says it (exec/run.ts): its message
    // quotes the words and env values it refused whole (a hunt's find: a secret with a NUL, spelled `\x00`).
    const unstarted = transport.pid === undefined;
    // A server that exited is named so, not by the SDK's "Connection closed" (the proxy says `exited (status 3)`).
    const ended = transport.ended;
    const why = unstarted
      ? `could not be started: ${systemCode(thrown, 'the system refused it')}`
      : code === types.ErrorCode.RequestTimeout
        ? timedOut(method, server.timeoutMs)
        : code === types.ErrorCode.ConnectionClosed && ended !== undefined
          ? `${ended} before answering "${method}"`
          : // The server's text on one line: a newline in it would print a line of the server's own making.
            oneLine(clip(sdkSchemaIssue(thrown, method) ?? thrownMessage(thrown), MAX_ERROR_CHARS));
    const shown = stderr.text().trim();
    const tail = shown === '' ? '' : `\nserver stderr:\n${shown}`;
    // Nothing more is wanted of the server: its group is stopped at once, not given the wait a listed server gets.
    await transport.stopNow();
    return fail(`${why}${tail}`);
  } finally {
    // A stdio server's input is closed, then its group is stopped, and the descendants that left it: a wrapper such
    // as `npx -y`, or a launcher's helper, left behind holding its pipes kept check running (listing-transport.ts).
    await client.close().catch(() => undefined);
    released?.();
  }
}
