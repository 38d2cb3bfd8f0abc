// What a changed tool's fields were and are: the lock keeps each tool's definition (its pinned fields), so a
// drift report can show, field by field, the old and the new value, with an RFC 6901 JSON Pointer for a change
// inside a schema. The pins' hashes stay the verdict; this is only what the report shows. Bounded: a definition
// over MAX_DEFINITION_CHARS or MAX_DEFINITION_DEPTH is not kept, a diff walks at most MAX_DIFF_NODES values per
// tool and reports at most MAX_CHANGES paths, and every value shown is clipped (a server's text is foreign).
import { byCodeUnits } from '../util/code-unit-order.js';
import { sortedKeyJson } from '../util/canonical-json.js';
import { clip } from '../util/describe-value.js';
import { escapePointerToken } from '../util/json-pointer.js';
import { isObject } from '../util/plain-json.js';

/** The largest definition (RFC 8785 characters) a lock keeps; a larger one is pinned by its hashes only. */
export const MAX_DEFINITION_CHARS = 64 * 1024;
/** The deepest nesting a kept definition may have. */
export const MAX_DEFINITION_DEPTH = 64;
/** The most changed paths one tool's report lists; the rest are counted. */
export const MAX_CHANGES = 20;
/** The most values one tool's diff compares. */
const MAX_DIFF_NODES = 10_000;
/** Deeper than this, a subtree that differs is shown whole at its pointer. */
const MAX_DIFF_DEPTH = 32;
const VALUE_CHARS = 80;

/** One changed value: the top-level field, where inside it (`""`: the field itself), and both sides clipped. */
export interface FieldChange {
  readonly field: string;
  /** RFC 6901 JSON Pointer inside the field's value; `""` for the whole field. */
  readonly pointer: string;
  /** The old value's JSON text, clipped; absent when the value was not there. */
  readonly old?: string;
  /** The new value's JSON text, clipped; absent when the value is not there now. */
  readonly new?: string;
}

/** What a changed tool's report shows besides its field names. */
export interface ToolValues {
  readonly changes: readonly FieldChange[];
  /** Changed paths found beyond MAX_CHANGES, or not compared once the diff's budget ran out. */
  readonly more: number;
  /** Why values are missing: a hash-only (older) lock, a definition not kept (too large, or holding a secret). */
  readonly note?: string;
}

/** The note of a lock entry that keeps hashes only. */
export const HASH_ONLY_NOTE = 'the lock keeps hashes only: values need a new lock (run toolgate lock again)';
const NOW_UNKEPT_NOTE = 'the tool listed now cannot be pinned or is too large to compare: values not shown';
const TOO_LARGE_NOTE =
  `the lock did not keep this definition (over ${MAX_DEFINITION_CHARS} characters or ${MAX_DEFINITION_DEPTH} ` +
  'levels deep, or carrying a value given to the server): values not shown';

/** How deeply a JSON text nests (brackets outside strings); linear, no parse. */
function nesting(json: string): number {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') most = Math.max(most, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return most;
}

/**
 * The definition a lock keeps for a tool's RFC 8785 text, or undefined when it is too large to keep: over
 * MAX_DEFINITION_CHARS, or nested deeper than MAX_DEFINITION_DEPTH (its indented text grows with depth squared).
 */
export function keptDefinition(jcs: string): Record<string, unknown> | undefined {
  if (jcs.length > MAX_DEFINITION_CHARS || nesting(jcs) > MAX_DEFINITION_DEPTH) return undefined;
  // JSON.parse defines every key as an own property, `__proto__` included; RFC 8785 text is JSON.
  return JSON.parse(jcs) as Record<string, unknown>;
}

/** Masks values given to a server in a value's text (mask-secrets.ts); identity when there are none. */
export type ValueMask = (text: string) => string;

/**
 * A JSON value's text for a report: sorted keys, masked, clipped, one line (JSON escapes line breaks). Masked
 * before it is clipped: a secret the clip cuts in two would pass whole-value masking with its beginning shown.
 */
export function shownValue(value: unknown, mask: ValueMask = (t) => t): string {
  return clip(textOf(value, mask), VALUE_CHARS);
}

const segment = (s: string | number): string => `/${escapePointerToken(String(s))}`;
const same = (a: unknown, b: unknown): boolean => {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const leaf = (v: unknown): string => JSON.stringify(v);
  return sortedKeyJson(a, leaf) === sortedKeyJson(b, leaf);
};

/** A value's JSON text as a report reads it, masked. */
const textOf = (value: unknown, mask: ValueMask): string => mask(sortedKeyJson(value, (v) => JSON.stringify(v)));

/** Characters shown before where two long values first differ. */
const LEAD = 20;

/**
 * Both sides of a change, each clipped from a little before where they first differ: two long texts that differ
 * past the clip (an instruction added at the end of a description) showed the same first 80 characters twice.
 */
function shownPair(a: unknown, b: unknown, mask: ValueMask): { old?: string; new?: string } {
  if (a === undefined || b === undefined) {
    return {
      ...(a === undefined ? {} : { old: shownValue(a, mask) }),
      ...(b === undefined ? {} : { new: shownValue(b, mask) }),
    };
  }
  const [x, y] = [textOf(a, mask), textOf(b, mask)];
  let at = 0;
  while (at < x.length && x.charCodeAt(at) === y.charCodeAt(at)) at++;
  // Within the clip on both sides, or differing early: shown from the start.
  if (at < VALUE_CHARS - LEAD || (x.length <= VALUE_CHARS && y.length <= VALUE_CHARS))
    return { old: clip(x, VALUE_CHARS), new: clip(y, VALUE_CHARS) };
  let start = at - LEAD;
  // Never between the halves of a surrogate pair.
  const low = (t: string): boolean => t.charCodeAt(start) >= 0xdc00 && t.charCodeAt(start) <= 0xdfff;
  if (low(x) || low(y)) start--;
  const from = (t: string): string => `…${clip(t.slice(start), VALUE_CHARS - 1)}`;
  return { old: from(x), new: from(y) };
}

/** The walk of one tool's changed fields, charged per value compared. */
class Diff {
  readonly changes: FieldChange[] = [];
  more = 0;
  private nodes = 0;

  constructor(private readonly mask: ValueMask) {}

  private report(field: string, pointer: string, a: unknown, b: unknown): void {
    if (this.changes.length >= MAX_CHANGES) {
      this.more++;
      return;
    }
    this.changes.push({ field, pointer, ...shownPair(a, b, this.mask) });
  }

  walk(field: string, pointer: string, a: unknown, b: unknown, depth: number): void {
    if (++this.nodes > MAX_DIFF_NODES) {
      this.more++;
      return;
    }
    if (depth < MAX_DIFF_DEPTH && isObject(a) && isObject(b)) {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(byCodeUnits);
      for (const k of keys)
        this.walk(
          field,
          pointer + segment(k),
          Object.hasOwn(a, k) ? a[k] : undefined,
          Object.hasOwn(b, k) ? b[k] : undefined,
          depth + 1,
        );
    } else if (depth < MAX_DIFF_DEPTH && Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++)
        this.walk(field, pointer + segment(i), a[i], b[i], depth + 1);
    } else if (!same(a, b)) this.report(field, pointer, a, b);
  }
}

/**
 * The changed values of one tool, its `fields` (those whose pins differ) compared between the definition the
 * lock kept (`then`) and the one listed now, each value shown through `mask`. Without a kept definition, a note
 * says why there are no values.
 */
export function toolValues(
  fields: readonly string[],
  then: Readonly<Record<string, unknown>> | undefined,
  now: Readonly<Record<string, unknown>> | undefined,
  thenKept: 'kept' | 'hash-only' | 'too-large',
  mask: ValueMask = (t) => t,
): ToolValues {
  if (then === undefined)
    return { changes: [], more: 0, note: thenKept === 'hash-only' ? HASH_ONLY_NOTE : TOO_LARGE_NOTE };
  if (now === undefined) return { changes: [], more: 0, note: NOW_UNKEPT_NOTE };
  const diff = new Diff(mask);
  for (const f of fields) {
    if (f.startsWith('(')) continue;
    diff.walk(f, '', Object.hasOwn(then, f) ? then[f] : undefined, Object.hasOwn(now, f) ? now[f] : undefined, 0);
  }
  return { changes: diff.changes, more: diff.more };
}
