// `check --mcp` / `--url`: starts a server with the official SDK's stdio client (or reaches a Streamable HTTP
// one with its HTTP client) and lists its tools, following
// `nextCursor` pagination. The listing is read leniently on purpose: the SDK's own tools/list result schema would
// throw on a malformed tool before toolgate could report which tool and why, so each page is read with the SDK's
// generic paginated-result schema (unknown members pass through) and `tools` is checked here.
import type { ChildProcess } from 'node:child_process';
import { thrownMessage, type Problem, type Result } from '../result.js';
import { systemCode } from '../util/host-error.js';
import { listAllPages } from '../catalog/mcp-pages.js';
import { clip, oneLine } from '../util/describe-value.js';
import { childEnvironment } from '../exec/environment.js';
import { escapedDescendants, signalProcess, stopOrphans } from '../exec/process-group.js';
import { maskSecrets } from '../exec/command-line.js';
import { CLIENT_CAPABILITIES } from '../mcp/client-capabilities.js';
import { version } from './help.js';
import { inputError } from './io.js';
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

/** How long a server's descendants wait for it to end before they are stopped anyway (the SDK closes in 2 s steps). */
const ORPHAN_WAIT_MS = 7_000;

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
  const loaded = await loadMcpSdk(server.label === undefined ? option : '--config');
  if (!loaded.ok) return inputError(loaded.message);
  const { client: clientModule, clientStdio, clientHttp, types } = loaded.sdk;
  const [command = '', ...args] = server.words;
  // The server's stderr, cut with its secrets masked (server-stderr.ts).
  const stderr = stderrHead(server.secrets);
  let pid: number | null | undefined;
  // The server's process, for its pipes: a descendant it left behind may hold them open after it ended, and they
  // would keep toolgate running for good.
  let child: ChildProcess | undefined;
  let released: (() => void) | undefined;
  const texts = listingTexts((value) => types.JSONRPCMessageSchema.safeParse(value).success);
  const transport =
    server.url !== undefined
      ? new clientHttp.StreamableHTTPClientTransport(server.url, {
          requestInit: { headers: { ...server.headers } },
          fetch: textsFetch(postOnlyFetch(cappedFetch()), texts),
        })
      : new clientStdio.StdioClientTransport({
          command,
          args,
          env: childEnvironment(server.env),
          stderr: 'pipe',
          ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
        });
  if (transport instanceof clientStdio.StdioClientTransport) transport.stderr?.on('data', stderr.take);
  // The ids of the listing's requests, as the SDK sends them: their answers' texts are kept (listing-texts.ts).
  const send = transport.send.bind(transport) as (...args: unknown[]) => Promise<void>;
  transport.send = (...args: unknown[]) => {
    texts.sent(args[0]);
    return send(...args);
  };
  // Capabilities as the proxy declares them, so both are shown the same tools; a request for one of them while
  // listing is answered "method not found" by the SDK (no handler), which no listing needs.
  const client = new clientModule.Client(
    { name: 'toolgate-check', version: version() },
    { capabilities: { ...CLIENT_CAPABILITIES, roots: { ...CLIENT_CAPABILITIES.roots } } },
  );
  // Set when the server's process has closed (the SDK reports it through the client's onclose).
  let closed = false;
  client.onclose = () => {
    closed = true;
  };
  let method = 'initialize';
  try {
    const connecting = client.connect(transport, { timeout: server.timeoutMs });
    // The SDK spawns the server inside connect's first synchronous step; its pid is known from here on.
    if (transport instanceof clientStdio.StdioClientTransport) {
      pid = transport.pid;
      child = (transport as unknown as { _process?: ChildProcess })._process;
      // Beside the SDK's own reader of the same chunks, before any can arrive (they come in a later turn).
      child?.stdout?.on('data', stdoutLines(texts));
      if (typeof pid === 'number') released = stopOnSignal(pid);
    }
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
    const unstarted = transport instanceof clientStdio.StdioClientTransport && typeof pid !== 'number';
    const why = unstarted
      ? `could not be started: ${systemCode(thrown, 'the system refused it')}`
      : code === types.ErrorCode.RequestTimeout
        ? timedOut(method, server.timeoutMs)
        : status
          ? `the MCP server answered HTTP ${code} to "${method}"`
          : // The server's text on one line: a newline in it would print a line of the server's own making.
            oneLine(clip(sdkSchemaIssue(thrown, method) ?? thrownMessage(thrown), MAX_ERROR_CHARS));
    const shown = stderr.text().trim();
    const tail = shown === '' ? '' : `\nserver stderr:\n${shown}`;
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
    // A wrapper such as `npx -y` ends on the SDK's SIGTERM and leaves the server it started running, holding this
    // process's stdio pipes, so the close waited for them and check about a minute to exit. Its descendants, looked
    // up before the close while the trail by parent pid is there, are stopped as soon as the wrapper has ended.
    const descendants = typeof pid === 'number' ? escapedDescendants(pid) : [];
    const orphans =
      typeof pid === 'number' && descendants.length > 0 ? stopOrphans(pid, descendants, ORPHAN_WAIT_MS) : undefined;
    await Promise.all([client.close().catch(() => undefined), orphans]);
    // After a timed-out request the SDK has already begun closing on timers that keep no process alive, and the
    // close above returns at once: a server that ignores its closed stdin would outlive toolgate. Stop it now.
    if (!closed && typeof pid === 'number') signalProcess(pid, 'SIGKILL');
    const piped = transport instanceof clientStdio.StdioClientTransport ? transport.stderr : null;
    for (const stream of [child?.stdin, child?.stdout, child?.stderr, piped as { destroy?: () => void } | null])
      stream?.destroy?.();
    released?.();
  }
}
