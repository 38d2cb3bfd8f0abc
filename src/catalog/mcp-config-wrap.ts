// `toolgate wrap`: an MCP client config rewritten so that every server is started through `toolgate proxy`, and
// back. A wrapped entry records the original under `toolgate.wrapped`, its secret-bearing values (env values,
// header values) replaced by `env:KEY` references into the wrapped entry's own `env`, so undo needs no backup and
// no secret is written twice. No value of `env` or `headers` is ever put on a command line: a header's value moves
// into the entry's `env` and the proxy reads it with `--header "Name: env:VAR"`.
import { isObject } from '../util/plain-json.js';
import { readConfigEntry } from './mcp-config.js';

/** The member of a wrapped entry that holds what undo restores. */
export const WRAP_RECORD = 'toolgate';

/** One entry's outcome: changed, already as asked, or left as it is with why. */
export interface WrapNote {
  readonly name: string;
  readonly outcome: 'changed' | 'unchanged' | 'left';
  readonly why?: string;
}

type Json = Record<string, unknown>;

/** Words that run `toolgate` (an npx package spec, the bin, or its built entry point) followed by `proxy`. */
const TOOLGATE_WORD = /(?:^|[\\/@])toolgate(?:@[^\s/]*)?$|[\\/]toolgate[\\/]dist[\\/]cli[\\/]main\.js$|^toolgate\.js$/;

/** Whether an entry already starts `toolgate proxy` (written by wrap, or by hand; `launcher` is toolgate too). */
export function routedThroughProxy(entry: unknown, launcher: readonly string[] = []): boolean {
  if (!isObject(entry)) return false;
  if (Object.hasOwn(entry, WRAP_RECORD)) return true;
  const words = [entry['command'], ...(Array.isArray(entry['args']) ? entry['args'] : [])];
  const last = launcher.at(-1);
  return words.some(
    (w, i) => typeof w === 'string' && (TOOLGATE_WORD.test(w) || w === last) && words[i + 1] === 'proxy',
  );
}

/** An env name for a header's value: TOOLGATE_HEADER_<NAME>, numbered when two names map to one. */
function headerVar(name: string, taken: ReadonlySet<string>): string {
  const base = `TOOLGATE_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  let key = base;
  for (let n = 2; taken.has(key); n++) key = `${base}_${n}`;
  return key;
}

/** The entry with `from`'s members replaced in place by `to` (a member of `to` not in `from` goes after `after`). */
function rebuild(entry: Json, replace: Readonly<Record<string, unknown>>, after: string): Json {
  const out: Json = {};
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

/** One entry routed through the proxy started by `launcher`; undefined with why when it is left as it is. */
export function wrapEntry(name: string, entry: unknown, launcher: readonly string[]): Json | string {
  const read = readConfigEntry(name, entry);
  if (read.kind === 'unknown') return read.why;
  const original = entry as Json;
  const [command = 'npx', ...launch] = launcher;
  if (read.kind === 'stdio') {
    const keys = Object.keys(read.env);
    // A command that looks like an option would be read as one: `--` makes it the server's.
    const dashes = read.command.startsWith('-') ? ['--'] : [];
    const args = [...launch, 'proxy', ...keys.flatMap((k) => ['--env', k]), ...dashes, read.command, ...read.args];
    const record = { ...original, ...(original['env'] === undefined ? {} : { env: refs(keys) }) };
    return { ...rebuild(original, { command, args }, 'command'), [WRAP_RECORD]: { wrapped: record } };
  }
  if (read.type === 'sse') return 'type "sse": the proxy reaches URL servers over Streamable HTTP only';
  const env: Record<string, string> = {};
  const headerRefs: Record<string, string> = {};
  const headerArgs: string[] = [];
  for (const [header, value] of Object.entries(read.headers)) {
    const key = headerVar(header, new Set(Object.keys(env)));
    env[key] = value;
    headerRefs[header] = `env:${key}`;
    headerArgs.push('--header', `${header}: env:${key}`);
  }
  const args = [...launch, 'proxy', '--url', read.url, ...headerArgs];
  const replaced = { url: undefined, headers: undefined, command, args, env, type: undefined };
  const wrapped = rebuild(original, original['type'] === undefined ? replaced : { ...replaced, type: 'stdio' }, 'url');
  // A URL entry with no headers needs no env.
  if (Object.keys(env).length === 0) delete wrapped['env'];
  const record = { ...original, ...(original['headers'] === undefined ? {} : { headers: headerRefs }) };
  return { ...wrapped, [WRAP_RECORD]: { wrapped: record } };
}

/** `{ KEY: "env:KEY" }` for each key, in order. */
function refs(keys: readonly string[]): Record<string, string> {
  return Object.fromEntries(keys.map((k) => [k, `env:${k}`]));
}

/** The original of a wrapped entry, its `env:KEY` references read back from the entry's env; a string: why not. */
export function unwrapEntry(entry: unknown): Json | string {
  if (!isObject(entry)) return 'not an object';
  const record = entry[WRAP_RECORD];
  if (!isObject(record) || !isObject(record['wrapped']))
    return routedThroughProxy(entry) ? 'routed through toolgate proxy by hand: nothing records its original' : '';
  const original = record['wrapped'];
  const env = isObject(entry['env']) ? entry['env'] : {};
  const out: Json = { ...original };
  for (const member of ['env', 'headers']) {
    const held = original[member];
    if (!isObject(held)) continue;
    const values: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(held)) {
      const key = typeof v === 'string' && v.startsWith('env:') ? v.slice(4) : undefined;
      if (key === undefined || !Object.hasOwn(env, key)) return `"${member}" ${k}: its value is no longer in "env"`;
      values[k] = env[key];
    }
    out[member] = values;
  }
  return out;
}

/** What a config's servers become: each entry wrapped (or unwrapped), notes in file order. */
export function wrapServers(
  servers: Json,
  mode: { undo: boolean; launcher: readonly string[] },
): { servers: Json; notes: WrapNote[] } {
  const out: Json = {};
  const notes: WrapNote[] = [];
  for (const [name, entry] of Object.entries(servers)) {
    const done = mode.undo
      ? !Object.hasOwn(isObject(entry) ? entry : {}, WRAP_RECORD)
      : routedThroughProxy(entry, mode.launcher);
    const next = done ? '' : mode.undo ? unwrapEntry(entry) : wrapEntry(name, entry, mode.launcher);
    if (typeof next === 'string') {
      // An entry not wrapped by wrap is as undo wants it, unless it routes through the proxy with no record.
      const why = done && mode.undo ? unwrapEntry(entry) : next;
      out[name] = entry;
      notes.push(why === '' ? { name, outcome: 'unchanged' } : { name, outcome: 'left', why: why as string });
    } else {
      out[name] = next;
      notes.push({ name, outcome: 'changed' });
    }
  }
  return { servers: out, notes };
}
