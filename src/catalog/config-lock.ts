// One lock for a whole MCP client config (`toolgate lock --config`): `{ "servers": { "<server>": <lock>, ... },
// "version": 1 }`, each server's entry keyed by its name in the config and being exactly a single lock
// (lock-file.ts: its tools as the server lists them, by their own names, with their pins and definitions), so the
// same per-tool rules judge each server and an entry cut out is a lock `proxy --lock` reads. Servers sorted by code
// units, two-space indented, one trailing newline: the same pins give the same bytes. Read strictly, as a lock is.
import type { Problem, Result } from '../result.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { clip } from '../util/describe-value.js';
import { isObject } from '../util/plain-json.js';
import { LOCK_VERSION, lockJson, lockOf, lockText, reviewableJson } from './lock-file.js';
import { type PinOptions, pinTools, plainRecord, type ToolLock } from './lock-pins.js';

/** The lock of a config: each server's lock by its name in the config. */
export interface ConfigLock {
  readonly version: 1;
  readonly servers: Readonly<Record<string, ToolLock>>;
}

/** Either kind of lock file, as read: a single catalog's, or a config's. */
export type AnyLock =
  | { readonly kind: 'single'; readonly lock: ToolLock }
  | { readonly kind: 'config'; readonly lock: ConfigLock };

const KEYS = ['servers', 'version'];
const bad = (message: string): Result<never, Problem> => ({ ok: false, error: { message } });
const shown = (name: string): string => JSON.stringify(clip(name, 80));

/** No pins: what a server the lock does not name is judged against (every tool it lists is new). */
const NO_PINS: ToolLock = { version: 1, ignore: [], tools: plainRecord<never>([]) };

/** A parsed value checked as a config lock; the problem named, no source prefix. */
export function configLockOf(value: unknown): Result<ConfigLock, Problem> {
  if (!isObject(value)) return bad('a lock must be a JSON object');
  const extra = Object.keys(value).find((k) => !KEYS.includes(k));
  if (extra !== undefined) return bad(`unknown key ${shown(extra)} (a config lock has ${KEYS.join(', ')})`);
  if (value['version'] !== LOCK_VERSION)
    return bad(`unknown version ${clip(JSON.stringify(value['version']) ?? '?', 40)} (this toolgate reads version 1)`);
  const servers = value['servers'];
  if (!isObject(servers)) return bad('"servers" must be an object of locks by server name');
  const locks: [string, ToolLock][] = [];
  for (const name of Object.keys(servers)) {
    const lock = lockOf(servers[name]);
    if (!lock.ok) return bad(`servers[${shown(name)}]: ${lock.error.message}`);
    locks.push([name, lock.value]);
  }
  return { ok: true, value: { version: 1, servers: plainRecord(locks) } };
}

/**
 * A lock file's text read as whichever lock it is: a config lock has "servers", any other is read as a single
 * lock. `source` (the file's name) starts every message; a key given twice is an error.
 */
export function parseAnyLock(text: string, source = 'lock'): Result<AnyLock, Problem> {
  const parsed = lockJson(text, source);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (isObject(value) && Object.hasOwn(value, 'servers')) {
    const lock = configLockOf(value);
    return lock.ok
      ? { ok: true, value: { kind: 'config', lock: lock.value } }
      : bad(`${source}: ${lock.error.message}`);
  }
  const lock = lockOf(value);
  return lock.ok ? { ok: true, value: { kind: 'single', lock: lock.value } } : bad(`${source}: ${lock.error.message}`);
}

/** A lock file's text that must be a config lock (`proxy --config --lock`): a single lock is refused, named. */
export function parseConfigLock(text: string, source = 'lock'): Result<ConfigLock, Problem> {
  const read = parseAnyLock(text, source);
  if (!read.ok) return read;
  if (read.value.kind === 'config') return { ok: true, value: read.value.lock };
  return bad(`${source}: the lock of one catalog, not of a config: write one with toolgate lock --config`);
}

/**
 * The pins of one server of a config lock, as `proxy --lock` holds them (ProxySettings.lock.pins): the server's
 * entry, or no pins when the lock does not name it (so every tool it lists is new, withheld or, strict, refused).
 */
export function serverPins(lock: ConfigLock, server: string): ToolLock {
  return Object.hasOwn(lock.servers, server) ? (lock.servers[server] as ToolLock) : NO_PINS;
}

/** Pins every server's listing (pinTools each, `options` for all); a tool that cannot be pinned names its server. */
export function pinConfig(
  listings: readonly { readonly server: string; readonly tools: readonly unknown[] }[],
  options: PinOptions = {},
): Result<ConfigLock, Problem> {
  const locks: [string, ToolLock][] = [];
  for (const { server, tools } of listings) {
    if (locks.some(([name]) => name === server)) return bad(`server ${shown(server)} is given twice`);
    const lock = pinTools({ tools }, options);
    if (!lock.ok) return bad(`server ${shown(server)}: ${lock.error.message}`);
    locks.push([server, lock.value]);
  }
  return { ok: true, value: { version: 1, servers: plainRecord(locks) } };
}

/** The config lock's text: servers sorted by code units, each a single lock's text indented in place. */
export function configLockText(lock: ConfigLock): string {
  const names = Object.keys(lock.servers).sort(byCodeUnits);
  // A lock's text has no raw newline inside a string (JSON escapes them): indenting line by line is exact.
  const entries = names.map(
    (name) =>
      `    ${reviewableJson(JSON.stringify(name))}: ${lockText(lock.servers[name] as ToolLock)
        .trimEnd()
        .replaceAll('\n', '\n    ')}`,
  );
  const servers = entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n  }`;
  return `{\n  "servers": ${servers},\n  "version": ${LOCK_VERSION}\n}\n`;
}
