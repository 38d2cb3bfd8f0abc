// `toolgate wrap`: an MCP client config rewritten so that every server is started through `toolgate proxy`, and
// back. A wrapped entry records the original under `toolgate.wrapped`, its secret-bearing values (env values,
// header values) replaced by `env:KEY` references into the wrapped entry's own `env`, and its `args`, when they
// hold a secret (`--api-key sk-...`, a database URL's password), by an `args:N` reference into the wrapped entry's
// own `args`, so undo needs no backup and no secret is written twice. No value of `env` or `headers` is ever put on
// a command line: a header's value moves into the entry's `env` and the proxy reads it with `--header "Name:
// env:VAR"`. Objects built here have no prototype, so a key such as `__proto__` (a server's name, an env key) is
// kept as a member, never lost.
import { secretsOf } from '../exec/command-line.js';
import { parseEnvItems } from '../exec/environment.js';
import { quote } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { readConfigEntry } from './mcp-config.js';
import { launchEnvRisk } from './wrap-launch-env.js';
import { ARGS_REF, badRecord, gateOf, WRAP_RECORD } from './wrap-gate.js';

/** One entry's outcome: changed, already as asked, or left as it is with why. */
export interface WrapNote {
  readonly name: string;
  readonly outcome: 'changed' | 'unchanged' | 'left';
  readonly why?: string;
}

/** How to wrap: back (`undo`), the command that starts toolgate, and why the proxy would refuse a URL server. */
export interface WrapMode {
  readonly undo: boolean;
  readonly launcher: readonly string[];
  readonly refuseUrl?: (url: string, headers: Readonly<Record<string, string>>) => string | undefined;
  /** The servers' names in the file's order (json-key-order.ts); their own key order otherwise. */
  readonly order?: readonly string[];
}

type Json = Record<string, unknown>;

/** An object with no prototype: every key, `__proto__` included, is a plain member. */
function bare(): Json {
  return Object.create(null) as Json;
}

/**
 * An env name for a header's value: TOOLGATE_HEADER_<NAME>, numbered when two names map to one. `taken` and
 * `next` (the first number each base may still take) are kept across an entry's headers and updated here, so
 * each name costs the same however many headers map to one base (a config may hold 100,000).
 */
function headerVar(name: string, taken: Set<string>, next: Map<string, number>): string {
  const base = `TOOLGATE_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  let n = next.get(base) ?? 1;
  let key = n === 1 ? base : `${base}_${n}`;
  while (taken.has(key)) key = `${base}_${++n}`;
  next.set(base, n + 1);
  taken.add(key);
  return key;
}

/** The entry with `from`'s members replaced in place by `to` (a member of `to` not in `from` goes after `after`). */
function rebuild(entry: Json, replace: Readonly<Record<string, unknown>>, after: string): Json {
  const out = bare();
  const pending = new Map(Object.entries(replace));
  for (const [k, v] of Object.entries(entry)) {
    if (pending.has(k)) {
      const value = pending.get(k);
      pending.delete(k);
      if (value !== undefined) out[k] = value;
    } else out[k] = v;
    if (k === after)
      for (const [nk, nv] of [...pending])
        if (!Object.hasOwn(entry, nk)) {
          if (nv !== undefined) out[nk] = nv;
          pending.delete(nk);
        }
  }
  for (const [k, v] of pending) if (v !== undefined) out[k] = v;
  return out;
}

/** Whether the proxy's `--env` takes `key` as a variable name (its own rule; `K=V` would set K, so no `=`). */
function envKeyTaken(key: string): boolean {
  return !key.includes('=') && parseEnvItems([`${key}=`], {}).ok;
}

/** One entry routed through the proxy started by `launcher`; a string: why it is left as it is. */
export function wrapEntry(
  name: string,
  entry: unknown,
  launcher: readonly string[],
  refuseUrl?: WrapMode['refuseUrl'],
): Json | string {
  const read = readConfigEntry(name, entry);
  if (read.kind === 'unknown') return read.why;
  const original = entry as Json;
  const [command = 'npx', ...launch] = launcher;
  if (read.kind === 'stdio') {
    // Its values would be copied as they are (a secret twice, undo refused): the client never sends them anyway.
    if (original['headers'] !== undefined)
      return '"headers" beside a "command": wrap would copy its values as they are';
    const keys = Object.keys(read.env);
    const badKey = keys.find((k) => !envKeyTaken(k));
    // A key with "=" (KEY=VALUE written as the key) carries a value: shown up to its "=".
    if (badKey !== undefined)
      return `"env" key ${quote(badKey.replace(/=.*/s, '=<redacted>'))}: not a name the proxy's --env takes`;
    // The client starts the proxy with this env: one that changes what a launch runs would change the gate's.
    const risk = launchEnvRisk(read.env, command);
    if (risk !== undefined) return `${risk}, and the proxy would run with it too`;
    // A command that looks like an option would be read as one: `--` makes it the server's.
    const dashes = read.command.startsWith('-') ? ['--'] : [];
    const args = [...launch, 'proxy', ...keys.flatMap((k) => ['--env', k]), ...dashes, read.command, ...read.args];
    // Args holding a secret (secretsOf: `--api-key sk-...`, a URL's password, a token's shape) are recorded as where
    // they begin in the new args, which hold them once (a newcomer's find: each such secret was written twice).
    const argsRef = secretsOf(read.args).length > 0 ? { args: `args:${args.length - read.args.length}` } : {};
    const record = { ...original, ...(original['env'] === undefined ? {} : { env: refs(keys) }), ...argsRef };
    return { ...rebuild(original, { command, args }, 'command'), [WRAP_RECORD]: { wrapped: record } };
  }
  if (read.type === 'sse') return 'type "sse": the proxy reaches URL servers over Streamable HTTP only';
  if (original['env'] !== undefined) return '"env" beside a "url": wrap would copy its values as they are';
  const refused = refuseUrl?.(read.url, read.headers);
  if (refused !== undefined) return refused;
  const env = bare() as Record<string, string>;
  const headerRefs = bare();
  const headerArgs: string[] = [];
  const taken = new Set<string>();
  const next = new Map<string, number>();
  for (const [header, value] of Object.entries(read.headers)) {
    const key = headerVar(header, taken, next);
    env[key] = value;
    headerRefs[header] = `env:${key}`;
    headerArgs.push('--header', `${header}: env:${key}`);
  }
  // A URL may hold a key in its query (`?api_key=`) or its path (`/s/<key>/mcp`, a hunt's note: a process list shows
  // it to any local user): every URL moves into `env` as the header values do, off the command line.
  const urlKey = 'TOOLGATE_URL';
  env[urlKey] = read.url;
  const args = [...launch, 'proxy', '--url', `env:${urlKey}`, ...headerArgs];
  const replaced = { url: undefined, headers: undefined, command, args, env, type: undefined };
  const wrapped = rebuild(original, original['type'] === undefined ? replaced : { ...replaced, type: 'stdio' }, 'url');
  const record = {
    ...original,
    ...(original['headers'] === undefined ? {} : { headers: headerRefs }),
    url: `env:${urlKey}`,
  };
  return { ...wrapped, [WRAP_RECORD]: { wrapped: record } };
}

/** `{ KEY: "env:KEY" }` for each key, in order. */
function refs(keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, `env:${k}`]));
}

/** The original of a wrapped entry, its `env:KEY` references read back from the entry's env; a string: why not. */
export function unwrapEntry(entry: unknown): Json | string {
  if (!isObject(entry)) return 'not an object';
  if (!Object.hasOwn(entry, WRAP_RECORD))
    return gateOf(entry) === true ? 'routed through toolgate proxy by hand: nothing records its original' : '';
  const bad = badRecord(entry[WRAP_RECORD]);
  if (bad !== undefined) return bad;
  const original = (entry[WRAP_RECORD] as Json)['wrapped'] as Json;
  const env = isObject(entry['env']) ? entry['env'] : {};
  const out: Json = { ...original };
  const ref = typeof original['args'] === 'string' ? ARGS_REF.exec(original['args']) : null;
  if (ref !== null) {
    // Read back from the entry's own args, after the command they followed: not there, the record is not believed.
    const at = Number(ref[1]);
    const args = entry['args'];
    if (!Array.isArray(args) || args[at - 1] !== original['command'] || args.length < at)
      return '"args": they are no longer in the entry\'s own "args" after its command';
    out['args'] = args.slice(at);
  }
  for (const member of ['env', 'headers']) {
    const held = original[member];
    if (!isObject(held)) continue;
    const values = bare();
    for (const [k, v] of Object.entries(held)) {
      const key = (v as string).slice(4);
      if (!Object.hasOwn(env, key)) return `"${member}" ${k}: its value is no longer in "env"`;
      values[k] = env[key];
    }
    out[member] = values;
  }
  // A URL wrap moved into `env` (its query may hold a key): an `env:` reference is never a URL of its own.
  const url = original['url'];
  if (typeof url === 'string' && url.startsWith('env:')) {
    const key = url.slice(4);
    if (!Object.hasOwn(env, key) || typeof env[key] !== 'string') return '"url": its value is no longer in "env"';
    out['url'] = env[key];
  }
  return out;
}

/** What a config's servers become: each entry wrapped (or unwrapped), notes in file order. */
export function wrapServers(servers: Json, mode: WrapMode): { servers: Json; notes: WrapNote[] } {
  const out = bare();
  const notes: WrapNote[] = [];
  for (const name of mode.order ?? Object.keys(servers)) {
    const entry = servers[name];
    const gate = mode.undo ? undefined : gateOf(entry, mode.launcher);
    const next =
      gate === true
        ? ''
        : typeof gate === 'string'
          ? gate
          : mode.undo
            ? unwrapEntry(entry)
            : wrapEntry(name, entry, mode.launcher, mode.refuseUrl);
    if (typeof next === 'string') {
      out[name] = entry;
      notes.push(next === '' ? { name, outcome: 'unchanged' } : { name, outcome: 'left', why: next });
    } else {
      out[name] = next;
      notes.push({ name, outcome: 'changed' });
    }
  }
  return { servers: out, notes };
}
