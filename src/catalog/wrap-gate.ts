// Whether an MCP client config's entry starts `toolgate proxy` (gateOf), as `toolgate wrap` writes it or by hand,
// and the record of the original a wrapped entry holds (mcp-config-wrap.ts writes it and reads it back).
import { isObject } from '../util/plain-json.js';
import { readConfigEntry } from './mcp-config.js';
import { isAbsolutePath, launchEnvRisk } from './wrap-launch-env.js';

/** The member of a wrapped entry that holds what undo restores. */
export const WRAP_RECORD = 'toolgate';

type Json = Record<string, unknown>;

/** Words that name toolgate (an npx package spec, the bin, its built entry point): a lookalike when not first. */
const TOOLGATE_WORD = /(?:^|[\\/@])toolgate(?:@[^\s/]*)?$|[\\/]toolgate[\\/]dist[\\/]cli[\\/]main\.js$|^toolgate\.js$/;

/** The entry's command line, `[command, ...args]`; empty when it has none of strings. */
function commandLine(entry: Json): string[] {
  const args = entry['args'] ?? [];
  if (typeof entry['command'] !== 'string' || !Array.isArray(args)) return [];
  return args.every((a) => typeof a === 'string') ? [entry['command'], ...args] : [];
}

/**
 * Whether `words` start toolgate's proxy as wrap writes it: `launcher proxy`, or one of toolgate's own launchers
 * (`toolgate`, `npx [-y] toolgate[@version]`, a node and toolgate's built entry point by absolute path) then
 * `proxy`. Only the start counts: `docker run ghcr.io/x/toolgate proxy` starts docker, not the proxy; and a relative
 * path to the entry point is found from the client's working directory, which may hold any script (a
 * hunt's find: counted as gated).
 */
function startsProxy(words: readonly string[], launcher: readonly string[]): boolean {
  const after = (n: number): boolean => words[n] === 'proxy';
  if (launcher.length > 0 && launcher.every((w, i) => words[i] === w) && after(launcher.length)) return true;
  if (words[0] === 'toolgate') return after(1);
  if (words[0] === 'npx') {
    const at = words[1] === '-y' || words[1] === '--yes' ? 2 : 1;
    // A version, range or tag: an alias (`@npm:`), a folder (`@..`), a file, a URL or a git spec would run another
    // package. A tag starts with a letter; a version or range with a digit, an operator or a wildcard.
    return /^toolgate(?:@(?:[A-Za-z][\w.-]*|[\d^~<>=*xX][\w.^~<>=|*+ -]*))?$/.test(words[at] ?? '') && after(at + 1);
  }
  return (
    /(?:^|[\\/])node(?:\.exe)?$/.test(words[0] ?? '') &&
    /[\\/]toolgate[\\/]dist[\\/]cli[\\/]main\.js$/.test(words[1] ?? '') &&
    isAbsolutePath(words[1] ?? '') &&
    after(2)
  );
}

/** A record's `args` that is where the original's args begin in the wrapped entry's own (they held a secret). */
export const ARGS_REF = /^args:([1-9]\d{0,5})$/;

/**
 * Why `record` is not what wrap writes (`{ "wrapped": <the original entry> }`, secrets as `env:` references, args
 * holding one as an `args:N` reference).
 */
export function badRecord(record: unknown): string | undefined {
  const bad = `"${WRAP_RECORD}" is not the record wrap writes ({ "wrapped": <the original entry> })`;
  if (!isObject(record) || Object.keys(record).join() !== 'wrapped') return bad;
  const original = record['wrapped'];
  if (!isObject(original) || Object.hasOwn(original, WRAP_RECORD)) return bad;
  const args = original['args'];
  const referred = typeof args === 'string' && ARGS_REF.test(args) && typeof original['command'] === 'string';
  if (readConfigEntry('', referred ? { ...original, args: [] } : original).kind === 'unknown') return bad;
  for (const member of ['env', 'headers'])
    if (isObject(original[member]))
      for (const v of Object.values(original[member])) if (typeof v !== 'string' || !v.startsWith('env:')) return bad;
  return undefined;
}

/**
 * True when an entry starts toolgate's proxy (written by wrap, or by hand; `launcher` is toolgate too), with no
 * `env` that may make it run something else (wrap-launch-env.ts), and any record it holds is the one wrap writes;
 * false when it does not; a string: why it is neither (a malformed or stray record, a lookalike, such an env), so
 * that it is named rather than counted as gated.
 */
export function gateOf(entry: unknown, launcher: readonly string[] = []): boolean | string {
  if (!isObject(entry)) return false;
  const words = commandLine(entry);
  const starts = startsProxy(words, launcher);
  const risk = starts ? launchEnvRisk(entry['env'], words[0] ?? '') : undefined;
  if (risk !== undefined) return `starts toolgate proxy, but ${risk} (wrap would not know)`;
  // VS Code loads an `envFile` into what it launches: any variable, read at launch alone (a review's find).
  if (starts && Object.hasOwn(entry, 'envFile'))
    return 'starts toolgate proxy, but its "envFile" can set any variable of its launch (wrap would not know)';
  if (Object.hasOwn(entry, WRAP_RECORD)) {
    const bad = badRecord(entry[WRAP_RECORD]);
    if (bad !== undefined) return bad;
    return starts || `"${WRAP_RECORD}" records a wrapped original, but the entry does not start toolgate proxy`;
  }
  if (starts) return true;
  const lookalike = words.some((w, i) => TOOLGATE_WORD.test(w) && words[i + 1] === 'proxy');
  return lookalike ? 'looks routed through toolgate proxy, but does not start it (wrap would not know)' : false;
}

/** Whether an entry already starts `toolgate proxy` as wrap writes it (see gateOf). */
export function routedThroughProxy(entry: unknown, launcher: readonly string[] = []): boolean {
  return gateOf(entry, launcher) === true;
}
