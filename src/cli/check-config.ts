// `check --config <file>`: the servers of an MCP client config as `check` servers, each with its own env (stdio)
// or headers (URL), named by the config's name for it. An entry that cannot be started as written (an unknown
// shape, a bad URL or header, the legacy SSE transport) is that server's input problem: the others still run.
import { readMcpConfig, startProblem, type McpConfigEntry } from '../catalog/mcp-config.js';
import { displayCommandLine, secretsOf } from '../exec/command-line.js';
import { givenHeaderSecrets } from '../exec/secret-flags.js';
import { checkHeader } from '../mcp/http-headers.js';
import { readServerUrl } from '../mcp/server-url.js';
import type { Problem, Result } from '../result.js';
import { quote } from '../util/describe-value.js';
import type { CatalogInput } from './catalog-input.js';
import { readText } from './io.js';
import type { McpServer } from './mcp-server-list.js';

/** A config's servers to list, and its entries that cannot be, as inputs with their problem, in file order. */
export type ConfigServer = { readonly name: string } & (
  | { readonly server: McpServer }
  | { readonly input: CatalogInput }
);

/** One entry as a server, or the message why it cannot be one. */
function serverOf(entry: McpConfigEntry, label: string, timeoutMs: number): McpServer | string {
  if (entry.kind === 'unknown') return `not a server entry toolgate can start: ${entry.why}`;
  const problem = startProblem(entry);
  if (problem !== undefined) return problem;
  if (entry.kind === 'stdio') {
    const words = [entry.command, ...entry.args];
    return {
      words,
      display: displayCommandLine(words),
      label,
      env: entry.env,
      ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }),
      timeoutMs,
      secrets: [...Object.values(entry.env).filter((v) => v !== ''), ...secretsOf(words)],
    };
  }
  if (entry.type === 'sse') return 'type "sse": toolgate reaches URL servers over Streamable HTTP only';
  const read = readServerUrl(entry.url, '"url"');
  if (!read.ok) return read.error.message;
  const secrets = [...read.value.secrets];
  // Lowercased, as a set: a config's entry may hold 100,000 headers, and each check then costs the same.
  const names = new Set<string>();
  for (const [name, value] of Object.entries(entry.headers)) {
    // The header's name only: its value is a secret.
    const bad = checkHeader(name, value, names, '"headers"');
    if (bad !== undefined) return bad;
    names.add(name.toLowerCase());
    secrets.push(...givenHeaderSecrets(name, value));
  }
  const { url, display } = read.value;
  return { words: [], url, headers: entry.headers, display, label, env: {}, timeoutMs, secrets };
}

/** Reads the config file; the whole file unreadable is a usage problem, one bad entry that entry's problem. */
export function configServers(file: string, timeoutMs: number): Result<ConfigServer[], Problem> {
  const text = readText(file);
  if (!text.ok) return text;
  const config = readMcpConfig(text.value, file);
  if (!config.ok) return config;
  const { entries } = config.value;
  // A config of no server is nothing to check: `check` exited 2 saying nothing (its JSON said admitted), `lock` wrote
  // an empty lock. The proxy refuses it so too.
  if (entries.length === 0) return { ok: false, error: { message: `${file} names no server: none to list` } };
  if (entries.every((e) => e.disabled))
    return {
      ok: false,
      error: { message: `${file}: every server of it is disabled ("disabled": true): none to list` },
    };
  return {
    ok: true,
    // One the client does not start ("disabled": true) is neither listed nor locked.
    value: config.value.entries
      .flatMap((entry) => (entry.disabled ? [] : [entry]))
      .map((entry) => {
        // The name is the config's text, of any length and any character: clipped and written out (quote).
        const label = `${file}: server ${quote(entry.name)}`;
        const server = serverOf(entry, label, timeoutMs);
        return typeof server === 'string'
          ? { name: entry.name, input: { source: label, problem: { message: `${label}: ${server}` } } }
          : { name: entry.name, server };
      }),
  };
}
