// The aggregate's servers (`proxy --config <file>`, startProxy's `servers`): each read like the single proxy's
// `upstream` (src/proxy/upstream-options.ts) and named by its name in the config. A config file is read with the
// reader `check --config` and `wrap` use (src/catalog/mcp-config.ts): `mcpServers` or `servers`, stdio and URL
// entries. Whatever cannot be served exactly refuses the whole config, naming the entry: an entry of another
// shape, the legacy SSE transport, a server name the published names could not carry (src/proxy/names.ts).
import { readMcpConfig, startProblem } from '../catalog/mcp-config.js';
import { fail, type Result } from '../result.js';
import { quote } from '../util/describe-value.js';
import { serverNameProblem } from './names.js';
import type { ServerEntry } from './settings.js';
import { upstreamOf } from './upstream-options.js';

/** Most servers one aggregate serves: each is a process (or connection) per session. */
export const MAX_SERVERS = 64;

/** Reads startProxy's `servers` (an object of upstreams by name); `where` names it in messages. */
export function readServers(source: unknown, where = 'servers'): Result<ServerEntry[]> {
  if (source === null || typeof source !== 'object' || Array.isArray(source))
    return fail('validation', `${where} must be an object of servers by name`);
  const names = Object.keys(source);
  if (names.length === 0) return fail('validation', `${where} names no server`);
  if (names.length > MAX_SERVERS)
    return fail('validation', `${where} names ${names.length} servers, over ${MAX_SERVERS}`);
  const out: ServerEntry[] = [];
  for (const name of names) {
    const bad = serverNameProblem(name);
    if (bad !== undefined) return fail('validation', `${where}: ${bad}`);
    const field = Object.getOwnPropertyDescriptor(source, name);
    // Read as data: a getter is caller code, and would answer differently each time.
    if (field === undefined || !('value' in field))
      return fail('validation', `${where}.${name} must be a data property`);
    const part = upstreamOf(field.value, `${where}.${name}.`);
    if (!part.ok) return part;
    out.push({ ...part.value, name, display: `${name}: ${part.value.display}` });
  }
  return { ok: true, value: out };
}

/** Reads an MCP client config's text (`file` names it) as the aggregate's servers. */
export function serversFromConfig(text: string, file: string): Result<ServerEntry[]> {
  const config = readMcpConfig(text, file);
  if (!config.ok) return fail('validation', config.error.message);
  const { entries } = config.value;
  if (entries.length > 0 && entries.every((e) => e.disabled))
    return fail('validation', `${file}: every server of it is disabled ("disabled": true): none to serve`);
  const servers: Record<string, unknown> = {};
  for (const entry of config.value.entries) {
    // Before the name is checked (serverNameProblem): of any length and any character, so clipped and written out.
    const label = `${file}: server ${quote(entry.name)}`;
    // One the client does not start is not started here either (its tools never reach the model), whatever it holds.
    if (entry.disabled) continue;
    if (entry.kind === 'unknown')
      return fail('validation', `${label}: not a server entry toolgate can start: ${entry.why}`);
    const problem = startProblem(entry);
    if (problem !== undefined) return fail('validation', `${label}: ${problem}`);
    if (entry.kind === 'url' && entry.type === 'sse')
      return fail('validation', `${label}: type "sse": toolgate reaches URL servers over Streamable HTTP only`);
    Object.defineProperty(servers, entry.name, {
      value:
        entry.kind === 'stdio'
          ? {
              command: entry.command,
              args: [...entry.args],
              env: { ...entry.env },
              ...(entry.cwd === undefined ? {} : { cwd: entry.cwd }),
            }
          : { url: entry.url, headers: { ...entry.headers } },
      enumerable: true,
    });
  }
  return readServers(servers, file);
}
