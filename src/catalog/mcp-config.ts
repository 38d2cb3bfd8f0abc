// The MCP server configs clients already keep: `mcpServers` (Claude Desktop, Claude Code's project config, Cursor,
// Windsurf) or `servers` (VS Code's workspace config), each entry a command with `args`/`env` (stdio) or a `url`
// with optional `headers` and `type` (http, sse, streamable-http). Read as data only: nothing is started here; an
// entry of another shape is kept as `unknown` with why, so a caller can leave it as it is and name it.
import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { nulRefusal } from '../exec/nul-free.js';
import { parseStrictJsonText } from '../arguments/json-text-strict.js';
import { blankJsonc, type TextPosition } from './jsonc.js';
import { memberNamesInOrder } from './json-key-order.js';
import type { Problem, Result } from '../result.js';
import { quote } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';

/** One server of a config file, by its name there. */
export type McpConfigEntry =
  | {
      readonly kind: 'stdio';
      readonly name: string;
      readonly command: string;
      readonly args: readonly string[];
      readonly env: Readonly<Record<string, string>>;
      /** The directory the client starts it in (Claude Code, Cline, Roo): undefined for the client's own. */
      readonly cwd: string | undefined;
      /** `"disabled": true` (Cline, Roo, Windsurf): the client does not start it. */
      readonly disabled: boolean;
    }
  | {
      readonly kind: 'url';
      readonly name: string;
      readonly url: string;
      readonly headers: Readonly<Record<string, string>>;
      readonly type: string | undefined;
      readonly disabled: boolean;
    }
  | { readonly kind: 'unknown'; readonly name: string; readonly why: string; readonly disabled: boolean };

/** A config file read: which member holds the servers, and each entry in file order. */
export interface McpConfig {
  readonly key: 'mcpServers' | 'servers';
  readonly entries: readonly McpConfigEntry[];
  /** The whole parsed document, for callers that write it back with other members untouched. */
  readonly document: Readonly<Record<string, unknown>>;
  /** Where the file's first comment or trailing comma is (JSONC), which a document written back would lose. */
  readonly jsoncAt: TextPosition | undefined;
}

/** URL transports the clients name in `type`. */
const URL_TYPES = ['http', 'sse', 'streamable-http', 'streamableHttp'];

/** A JSON object whose every value is a string, or undefined. */
function stringRecord(value: unknown): Record<string, string> | undefined {
  if (value === undefined) return {};
  if (!isObject(value)) return undefined;
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') return undefined;
    out[k] = v;
  }
  return out;
}

/** One entry read; anything it cannot read exactly is `unknown`, never guessed. */
export function readConfigEntry(name: string, entry: unknown): McpConfigEntry {
  // Read first: an entry the client does not start is skipped whatever else it holds.
  const off = isObject(entry) && entry['disabled'] === true;
  const unknown = (why: string): McpConfigEntry => ({ kind: 'unknown', name, why, disabled: off });
  if (!isObject(entry)) return unknown('not an object');
  const { command, args, env, url, headers, type, cwd, disabled } = entry;
  if (disabled !== undefined && typeof disabled !== 'boolean') return unknown('"disabled" is not true or false');
  if (typeof command === 'string' && url === undefined) {
    if (args !== undefined && !(Array.isArray(args) && args.every((a) => typeof a === 'string')))
      return unknown('"args" is not a list of strings');
    const vars = stringRecord(env);
    if (vars === undefined) return unknown('"env" is not an object of strings');
    if (type !== undefined && type !== 'stdio') return unknown(`"type" ${quote(type)} with a "command"`);
    if (cwd !== undefined && typeof cwd !== 'string') return unknown('"cwd" is not a string');
    // VS Code loads the file into the process it starts: toolgate reads none, so the server would lose them.
    if (entry['envFile'] !== undefined)
      return unknown('"envFile": its variables are read by the client at launch; toolgate reads no env file');
    const listed = (args as string[] | undefined) ?? [];
    return { kind: 'stdio', name, command, args: listed, env: vars, cwd: cwd as string | undefined, disabled: off };
  }
  if (typeof url === 'string' && command === undefined) {
    const fields = stringRecord(headers);
    if (fields === undefined) return unknown('"headers" is not an object of strings');
    if (type !== undefined && (typeof type !== 'string' || !URL_TYPES.includes(type)))
      return unknown(`"type" ${quote(type)} is not one of ${URL_TYPES.join(', ')}`);
    return { kind: 'url', name, url, headers: fields, type: type as string | undefined, disabled: off };
  }
  return unknown('neither a "command" nor a "url"');
}

/**
 * Why toolgate cannot start `entry` as the client would, or undefined: a NUL in its command, args or env (no program
 * can be given one: exec/nul-free.ts); a relative `cwd` (or one with a client's `${...}` variable) is resolved
 * against a directory of the client's own, which toolgate does not know; one that does not exist.
 */
export function startProblem(entry: McpConfigEntry): string | undefined {
  if (entry.kind !== 'stdio') return undefined;
  const nul = nulRefusal([entry.command, ...entry.args], entry.env);
  if (nul !== undefined) return nul;
  if (entry.cwd === undefined) return undefined;
  const cwd = quote(entry.cwd);
  if (!isAbsolute(entry.cwd) || entry.cwd.includes('${'))
    return `"cwd" ${cwd} is not an absolute path: the client resolves it against a directory of its own`;
  // Else a start fails as `spawn <command> ENOENT`, naming the command, not the directory.
  if (!existsSync(entry.cwd)) return `"cwd" ${cwd} does not exist`;
  return undefined;
}

/**
 * A config file's text read: JSON with the comments and trailing commas VS Code allows in its workspace config
 * (jsonc.ts), otherwise strict (a key given twice is an error), `mcpServers` or `servers`.
 */
export function readMcpConfig(text: string, source = 'config'): Result<McpConfig, Problem> {
  const bad = (message: string): Result<never, Problem> => ({ ok: false, error: { message: `${source}: ${message}` } });
  const blanked = blankJsonc(text);
  if (!blanked.ok) return bad(`not JSON: ${blanked.error.message}`);
  const json = blanked.value.json;
  const parsed = parseStrictJsonText(json, {
    maxArgumentDepth: 64,
    maxArgumentValues: 1_000_000,
    maxStringLength: 1_000_000,
    maxObjectProperties: 100_000,
    maxArrayItems: 100_000,
  });
  if (!parsed.ok) return bad(`not JSON: ${parsed.error.message.replace(/^arguments are not valid JSON: /, '')}`);
  // The parse reports the bounds above as passed or not; it does not stop at them.
  if (!parsed.value.withinLimits)
    return bad('too large to read: over 1,000,000 values or string characters, or 100,000 members or items');
  const document = parsed.value.value;
  if (!isObject(document)) return bad('a config must be a JSON object');
  // With both, one client reads one and another the other (Claude `mcpServers`, VS Code `servers`): taking either
  // would leave the other's servers unwrapped, unchecked and unlocked while the command says all were.
  if (Object.hasOwn(document, 'mcpServers') && Object.hasOwn(document, 'servers'))
    return bad('has both "mcpServers" and "servers": give a file with one of them');
  const key = Object.hasOwn(document, 'mcpServers')
    ? 'mcpServers'
    : Object.hasOwn(document, 'servers')
      ? 'servers'
      : undefined;
  if (key === undefined) return bad('no "mcpServers" or "servers" member');
  const servers = document[key];
  if (!isObject(servers)) return bad(`"${key}" must be an object of servers by name`);
  // In the file's order: "10" before "2" where the file writes them so (json-key-order.ts).
  const names = memberNamesInOrder(json, key) ?? Object.keys(servers);
  const entries = names.map((name) => readConfigEntry(name, servers[name]));
  return { ok: true, value: { key, entries, document, jsoncAt: blanked.value.firstAt } };
}
