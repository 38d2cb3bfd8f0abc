// `check --mcp`: starts a server with the official SDK's stdio client and lists its tools, following
// `nextCursor` pagination. The listing is read leniently on purpose: the SDK's own tools/list result schema would
// throw on a malformed tool before toolgate could report which tool and why, so each page is read with the SDK's
// generic paginated-result schema (unknown members pass through) and `tools` is checked here.
import { thrownMessage, type Problem, type Result } from '../result.js';
import { listAllPages } from '../catalog/mcp-pages.js';
import { childEnvironment } from '../exec/environment.js';
import { maskSecrets } from './command-line.js';
import { version } from './help.js';
import { inputError } from './io.js';
import { loadMcpSdk } from './mcp-sdk.js';

/** Most pages followed: a server that keeps returning a cursor cannot keep the check running forever. */
const MAX_PAGES = 100;

/** One `--mcp` server to start. */
export interface McpServer {
  /** The program and its arguments, as split from the `--mcp` text. */
  readonly words: readonly [string, ...string[]];
  /** How reports name it: `--mcp` text with its `KEY=VALUE` values masked. */
  readonly display: string;
  /** Set for the server on top of the SDK's inherited HOME, LOGNAME, PATH, SHELL, TERM and USER. */
  readonly env: Readonly<Record<string, string>>;
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

/** Lists every tool of the server; a message (its values masked) on any failure. */
export async function listMcpTools(server: McpServer): Promise<Result<unknown[], Problem>> {
  const fail = (why: string): Result<never, Problem> =>
    inputError(maskSecrets(`--mcp ${JSON.stringify(server.display)}: ${why}`, server.secrets));
  const loaded = await loadMcpSdk('toolgate check --mcp');
  if (!loaded.ok) return inputError(loaded.message);
  const { client: clientModule, clientStdio, types } = loaded.sdk;
  const [command, ...args] = server.words;
  const transport = new clientStdio.StdioClientTransport({
    command,
    args,
    env: childEnvironment(server.env),
    stderr: 'pipe',
  });
  let stderr = '';
  let pid: number | null | undefined;
  transport.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4000) stderr += chunk.toString('utf8');
  });
  const client = new clientModule.Client({ name: 'toolgate-check', version: version() });
  // Set when the server's process has closed (the SDK reports it through the client's onclose).
  let closed = false;
  client.onclose = () => {
    closed = true;
  };
  let method = 'initialize';
  try {
    const connecting = client.connect(transport, { timeout: server.timeoutMs });
    // The SDK spawns the server inside connect's first synchronous step; its pid is known from here on.
    pid = transport.pid;
    await connecting;
    method = 'tools/list';
    const listed = await listAllPages(async (cursor) => {
      const params = cursor === undefined ? {} : { cursor };
      const page = await client.request({ method: 'tools/list', params }, types.PaginatedResultSchema, {
        timeout: server.timeoutMs,
      });
      const tools: unknown = page['tools'];
      if (!Array.isArray(tools)) throw new Error('tools/list result has no "tools" array');
      return { tools: tools as unknown[], nextCursor: page.nextCursor };
    }, MAX_PAGES);
    if (!listed.ok) return fail(listed.error.message);
    return { ok: true, value: listed.value };
  } catch (thrown) {
    const code = thrown !== null && typeof thrown === 'object' ? (thrown as { code?: unknown }).code : undefined;
    const why = code === types.ErrorCode.RequestTimeout ? timedOut(method, server.timeoutMs) : thrownMessage(thrown);
    const tail = stderr.trim() === '' ? '' : `\nserver stderr:\n${stderr.trim()}`;
    return fail(`${why}${tail}`);
  } finally {
    await client.close().catch(() => undefined);
    // After a timed-out request the SDK has already begun closing on timers that keep no process alive, and the
    // close above returns at once: a server that ignores its closed stdin would outlive toolgate. Stop it now.
    if (!closed && typeof pid === 'number') {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
