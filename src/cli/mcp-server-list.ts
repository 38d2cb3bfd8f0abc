// `check --mcp` / `--url` / `--config`: a server's tools, listed as the proxy lists them when it starts, by the
// proxy's own code: a command on stdio (src/proxy/stdio-lister.ts: in a process group of its own, stopped with
// what it started) or a Streamable HTTP server (src/proxy/http-lister.ts). A server that could tell a lister from
// the proxy could show `lock` one catalog and the proxy another (test/cli/lister-same-bytes.test.ts). Neither
// needs the MCP SDK.
import type { Problem, Result } from '../result.js';
import { oneLine } from '../util/describe-value.js';
import { maskSecrets } from '../exec/command-line.js';
import { inputError } from './io.js';
import { pageGivenTwice } from '../mcp/exact-listing.js';
import { listHttpServer } from '../proxy/http-lister.js';
import { listStdioServer } from '../proxy/stdio-lister.js';
import { stopOnSignal } from './listing-signals.js';
import { stderrHead } from './server-stderr.js';

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
  /** Set for the server on top of what it inherits (src/exec/environment.ts). */
  readonly env: Readonly<Record<string, string>>;
  /** The directory a command is started in (a `--config` entry's `cwd`); toolgate's own without it. */
  readonly cwd?: string;
  /** How reports name it instead of `--mcp "<display>"` (a `check --config` server: the file and its name there). */
  readonly label?: string;
  /** Bounds initialize, and the whole listing. */
  readonly timeoutMs: number;
  /** Values no message may show (from `--env` and the command line's `KEY=VALUE` words). */
  readonly secrets: readonly string[];
}

/** A server's tools, with each tools/list answer's text as it arrived, one per page. */
export interface McpListing {
  readonly tools: unknown[];
  readonly pages: readonly string[];
}

/**
 * The listing, unless a page of it gives its `result` or `tools` twice: refused whole, as the proxy's admission
 * refuses it (src/proxy/admission.ts), before `lock` could pin what JSON.parse kept (a page's last `result`).
 */
function whole(listing: McpListing, fail: (why: string) => Result<never, Problem>): Result<McpListing, Problem> {
  const twice = pageGivenTwice(listing.pages);
  return twice === undefined ? { ok: true, value: listing } : fail(twice);
}

/** Lists every tool of the server; a message (its values masked) on any failure. */
export async function listMcpTools(server: McpServer): Promise<Result<McpListing, Problem>> {
  const option = server.url === undefined ? '--mcp' : '--url';
  // A server of a --config file was not named by --mcp or --url: its label names it.
  const fail = (why: string): Result<never, Problem> =>
    inputError(maskSecrets(`${server.label ?? `${option} ${JSON.stringify(server.display)}`}: ${why}`, server.secrets));
  if (server.url !== undefined) {
    const listed = await listHttpServer({
      url: server.url,
      headers: server.headers ?? {},
      timeoutMs: server.timeoutMs,
      secrets: server.secrets,
    });
    return listed.ok ? whole(listed.value, fail) : fail(listed.why);
  }
  const [program = '', ...args] = server.words;
  // The server's stderr, cut with its secrets masked (server-stderr.ts).
  const stderr = stderrHead(server.secrets);
  const listed = await listStdioServer({
    words: [program, ...args],
    env: server.env,
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
    timeoutMs: server.timeoutMs,
    secrets: server.secrets,
    stderr: stderr.take,
    started: stopOnSignal,
  });
  if (listed.ok) return whole(listed.value, fail);
  const shown = stderr.text().trim();
  // The server's text on one line: a newline in it would print a line of the server's own making.
  return fail(`${oneLine(listed.why)}${shown === '' ? '' : `\nserver stderr:\n${shown}`}`);
}
