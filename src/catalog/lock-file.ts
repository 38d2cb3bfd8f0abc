// The lock file's text: `{ "ignore": [...], "tools": { "<name>": { "definition": {...}, "fields": {...},
// "sha256": "<hex>" } }, "version": 1 }` (a lock without "definition" was written before locks kept it), keys
// sorted by code units at every level, two-space indented, one trailing newline, so the same pins give the same
// bytes and a review diff shows the changed lines. Reading it is strict: a file
// that is not exactly this shape is an error naming the problem, never read as "no pins" (which would let every
// tool through as new, or hide a removed one).
import { NO_TEXT_LIMITS } from '../arguments/parsed-text.js';
import { parseStrictJsonText } from '../arguments/json-text-strict.js';
import type { Problem, Result } from '../result.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { clip, escapeSeparators } from '../util/describe-value.js';
import { escapedJson } from '../util/hidden-text.js';
import { isObject } from '../util/plain-json.js';
import { definitionText } from './lock-definition-text.js';
import { ignoreList, pinTool, plainRecord, type ToolLock, type ToolPin } from './lock-pins.js';

/** The only lock format version there is. */
export const LOCK_VERSION = 1;

const HEX = /^[0-9a-f]{64}$/;
const KEYS = ['ignore', 'tools', 'version'];
const PIN_KEYS = ['definition', 'fields', 'sha256'];

const bad = (message: string): Result<never, Problem> => ({ ok: false, error: { message } });
const shown = (name: string): string => JSON.stringify(clip(name, 80));

/** One `tools` entry checked: `{ "fields": { <field>: <hex> }, "sha256": <hex> }` and nothing else. */
function pinOf(name: string, entry: unknown): Result<ToolPin, Problem> {
  const at = `tools[${shown(name)}]`;
  if (!isObject(entry)) return bad(`${at} must be an object`);
  const extra = Object.keys(entry).find((k) => !PIN_KEYS.includes(k));
  if (extra !== undefined) return bad(`${at} has an unknown key ${shown(extra)}`);
  const sha = entry['sha256'];
  if (typeof sha !== 'string' || !HEX.test(sha)) return bad(`${at}.sha256 must be 64 lowercase hex digits`);
  const fields = entry['fields'];
  if (!isObject(fields)) return bad(`${at}.fields must be an object`);
  for (const [field, hash] of Object.entries(fields))
    if (typeof hash !== 'string' || !HEX.test(hash))
      return bad(`${at}.fields[${shown(field)}] must be 64 lowercase hex digits`);
  const pin = { sha256: sha, fields: plainRecord(Object.entries(fields) as [string, string][]) };
  if (!Object.hasOwn(entry, 'definition')) return { ok: true, value: pin };
  const definition = entry['definition'];
  if (definition === null) return { ok: true, value: { ...pin, definition: null } };
  if (!isObject(definition)) return bad(`${at}.definition must be an object or null`);
  // The definition is only shown, the hashes judge; one that does not hash to its pin would show a change
  // that is not the one judged, so the lock is refused as tampered with (fail closed).
  const again = pinTool(definition);
  const fieldsAgree =
    again.ok &&
    again.value.sha256 === sha &&
    Object.keys(again.value.fields).length === Object.keys(fields).length &&
    Object.keys(fields).every((f) => Object.hasOwn(again.value.fields, f) && again.value.fields[f] === fields[f]);
  if (!fieldsAgree)
    return bad(`${at}.definition does not hash to its pin: the lock was edited by hand or tampered with`);
  return { ok: true, value: { ...pin, definition } };
}

/**
 * A parsed lock file's value checked as a lock: version 1, `tools` an object of well-formed pins, `ignore`
 * (optional, empty when absent) a list of field names, no other key. The problem is named; no source prefix.
 */
export function lockOf(value: unknown): Result<ToolLock, Problem> {
  try {
    return checkedLock(value);
  } catch {
    // A revoked Proxy throws even on Array.isArray; a Proxy's ownKeys trap may throw. Its text is the host's, and
    // a lock's problem may be shown to anyone (a hunt's find): withheld.
    return bad('a lock must be plain data: reading it threw (its text is withheld)');
  }
}

function checkedLock(value: unknown): Result<ToolLock, Problem> {
  if (!isObject(value)) return bad('a lock must be a JSON object');
  const extra = Object.keys(value).find((k) => !KEYS.includes(k));
  if (extra === 'servers')
    return bad('this is the lock of a config (toolgate lock --config): give it with --config, or lock this server');
  if (extra !== undefined)
    return bad(`unknown key ${shown(extra)} (a version ${LOCK_VERSION} lock has ${KEYS.join(', ')})`);
  if (!Object.hasOwn(value, 'version')) return bad('no "version"');
  if (value['version'] !== LOCK_VERSION)
    return bad(`unknown version ${clip(JSON.stringify(value['version']) ?? '?', 40)} (this toolgate reads version 1)`);
  const ignore = ignoreList(value['ignore']);
  if (!ignore.ok) return bad(`"ignore" ${ignore.error.message.replace(/^ignore /, '')}`);
  const tools = value['tools'];
  if (!isObject(tools)) return bad('"tools" must be an object of pins by tool name');
  const pins: [string, ToolPin][] = [];
  for (const name of Object.keys(tools)) {
    const pin = pinOf(name, tools[name]);
    if (!pin.ok) return pin;
    pins.push([name, pin.value]);
  }
  return { ok: true, value: { version: 1, ignore: ignore.value, tools: plainRecord(pins) } };
}

/**
 * A lock file's text read as a lock; `source` (the file's name) starts every message. Not JSON, an unknown
 * version or a malformed entry is an error, as is a key given twice (JSON.parse would keep the last one silently).
 */
export function parseLock(text: string, source = 'lock'): Result<ToolLock, Problem> {
  const name = typeof source === 'string' ? source : 'lock';
  if (typeof text !== 'string') return bad(`${name}: the lock's text must be a string`);
  const parsed = lockJson(text, name);
  if (!parsed.ok) return parsed;
  const lock = lockOf(parsed.value);
  return lock.ok ? lock : bad(`${name}: ${lock.error.message}`);
}

/** A lock file's text as JSON, of any lock kind: strict (a key given twice is an error), no argument limits. */
export function lockJson(text: string, source: string): Result<unknown, Problem> {
  if (text.trim() === '') return bad(`${source}: empty, expected a JSON lock`);
  // A lock is the host's own file: no argument limit applies to reading it.
  const parsed = parseStrictJsonText(text, NO_TEXT_LIMITS);
  if (!parsed.ok)
    return bad(`${source}: not JSON: ${parsed.error.message.replace(/^arguments are not valid JSON: /, '')}`);
  return { ok: true, value: parsed.value.value };
}

/** A JSON object of sorted keys, each line indented by `indent`; values already written. */
function objectText(entries: readonly (readonly [string, string])[], indent: string): string {
  if (entries.length === 0) return '{}';
  const inner = `${indent}  `;
  const lines = [...entries]
    .sort(([a], [b]) => byCodeUnits(a, b))
    .map(([k, v]) => `${inner}${JSON.stringify(k)}: ${v}`);
  return `{\n${lines.join(',\n')}\n${indent}}`;
}

/**
 * JSON text as a lock writes it: every control, bidi mark, zero-width, tag or other character a reader does not see
 * (escapedJson's `hidden`) and U+2028/2029 in its strings as `\uXXXX`. A lock is read in review (git diff), where a
 * raw bidi override can hide what a pin says ("Trojan Source", CVE-2021-42574; a hunt's find) and a zero-width
 * character change it unseen (a review's find); its text is a server's, not the reader's own, so an emoji's joiner
 * is written out too. The escape is the same JSON value: no pin changes, an older lock with raw characters reads the
 * same.
 */
export function reviewableJson(json: string): string {
  return escapeSeparators(escapedJson(json, 'hidden'));
}

/** The lock file's text: keys sorted at every level (never by insertion or integer-key order), one newline. */
export function lockText(lock: ToolLock): string {
  const tools = Object.keys(lock.tools).map((name) => {
    const pin = lock.tools[name] as ToolPin;
    const fields = Object.keys(pin.fields).map((f) => [f, JSON.stringify(pin.fields[f])] as const);
    const kept =
      pin.definition === undefined ? [] : [['definition', definitionText(pin.definition, '      ')] as const];
    return [
      name,
      objectText([...kept, ['fields', objectText(fields, '      ')], ['sha256', JSON.stringify(pin.sha256)]], '    '),
    ] as const;
  });
  const ignore =
    lock.ignore.length === 0
      ? '[]'
      : `[${[...lock.ignore]
          .sort(byCodeUnits)
          .map((f) => JSON.stringify(f))
          .join(', ')}]`;
  const text = objectText(
    [
      ['ignore', ignore],
      ['tools', objectText(tools, '  ')],
      ['version', String(LOCK_VERSION)],
    ],
    '',
  );
  return `${reviewableJson(text)}\n`;
}
