// One upstream server's options read and checked: `{ command, args, env }` (run without a shell) or
// `{ url, headers }` (Streamable HTTP), with every value that must never be printed collected as a secret.
// startProxy's `upstream` and each entry of its `servers` (and of `proxy --config`) are read here alike.
import { displayCommandLine, secretsOf } from '../exec/command-line.js';
import { nulRefusal } from '../exec/nul-free.js';
import { givenHeaderSecrets } from '../exec/secret-flags.js';
import { checkHeader } from '../mcp/http-headers.js';
import { readServerUrl } from '../mcp/server-url.js';
import { fail, type Result } from '../result.js';
import { readTable, rule } from '../util/option-table.js';
import { STRING, STRINGS } from './option-rules.js';

/** One server as the settings hold it: words or URL, its env or headers, its secrets and how messages name it. */
export interface UpstreamPart {
  readonly url: URL | undefined;
  readonly headers: Readonly<Record<string, string>>;
  readonly words: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  /** The directory a command is started in; undefined for this process's own. */
  readonly cwd?: string;
  readonly secrets: readonly string[];
  readonly display: string;
}

const STRING_RECORD = rule(
  'an object of string values',
  (v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((s) => typeof s === 'string'),
);
const COMMAND_TABLE = { command: STRING, args: STRINGS, env: STRING_RECORD, cwd: STRING } as const;
const URL_TABLE = { url: STRING, headers: STRING_RECORD } as const;

const problem = (message: string) => fail('validation', message);

/** The upstream part of the settings; `prefix` names the option in messages (`upstream.`, `servers.github.`). */
export function upstreamOf(source: unknown, prefix = 'upstream.'): Result<UpstreamPart> {
  const what = prefix.slice(0, -1);
  if (source === null || typeof source !== 'object')
    return problem(`${what} must be { command, args, env } or { url, headers }`);
  if (Object.hasOwn(source, 'url')) {
    const r = readTable(source, URL_TABLE, prefix);
    if (r.problems.length > 0) return fail('validation', r.problems[0] as string, r.violations);
    const v = r.values as { url?: string; headers?: Record<string, string> };
    const url = readServerUrl(v.url ?? '', `${prefix}url`);
    if (!url.ok) return problem(url.error.message);
    const headers: Record<string, string> = {};
    const secrets = [...url.value.secrets];
    // Lower-cased names seen: a name against a set, not against every earlier one (100,000 headers are allowed).
    const seen = new Set<string>();
    for (const [name, value] of Object.entries(v.headers ?? {})) {
      const bad = checkHeader(name, value, seen, `${prefix}headers`);
      if (bad !== undefined) return problem(bad);
      headers[name] = value;
      seen.add(name.toLowerCase());
      // `Bearer <token>`: the token alone is masked too, and a cookie's value (secret-flags.ts).
      secrets.push(...givenHeaderSecrets(name, value));
    }
    return {
      ok: true,
      value: { url: url.value.url, headers, words: [], env: {}, secrets, display: url.value.display },
    };
  }
  const r = readTable(source, COMMAND_TABLE, prefix);
  if (r.problems.length > 0) return fail('validation', r.problems[0] as string, r.violations);
  const v = r.values as { command?: string; args?: string[]; env?: Record<string, string>; cwd?: string };
  if (v.command === undefined || v.command === '') return problem(`${prefix}command is required (or ${prefix}url)`);
  const words = [v.command, ...(v.args ?? [])];
  const env = { ...(v.env ?? {}) };
  // Node's spawn would quote a value with a NUL whole, past the masker (exec/nul-free.ts).
  const nul = nulRefusal(words, env, prefix);
  if (nul !== undefined) return problem(nul);
  const secrets = [...Object.values(env).filter((s) => s !== ''), ...secretsOf(words)];
  const display = displayCommandLine(words);
  const value = { url: undefined, headers: {}, words, env, secrets, display };
  return { ok: true, value: v.cwd === undefined ? value : { ...value, cwd: v.cwd } };
}
