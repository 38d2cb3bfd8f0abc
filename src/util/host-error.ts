// Error objects from host code, as toolgate shows them to a model: never by their members. A Node error carries
// enumerable `path`, `dest`, `address`, `port`, `spawnargs` (every fs, net and child_process error does), which
// JSON.stringify would copy into the text the model reads; an Error is host text, however it reached toolgate.
import { types } from 'node:util';
import { jsonScalarBytes, jsonStringBytes, unboxed } from './json-text-bytes.js';

/** Whether `value` is an Error (any realm, any subclass); never throws. */
export function isError(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  try {
    return types.isNativeError(value) || value instanceof Error;
  } catch {
    // A Proxy whose getPrototypeOf trap throws: not provably an Error.
    return false;
  }
}

/** Thrown by the replacer to stop JSON.stringify at the first Error. */
const FOUND = Symbol('found');

/** Thrown by the replacer to stop JSON.stringify once the text is surely longer than allowed. */
const TOO_LONG = Symbol('too long');
const TOO_DEEP = Symbol('too deep');

/**
 * A value as the JSON text a model reads (a string as it is, `undefined` as ""), or the first Error inside it
 * (at any depth JSON.stringify would reach), or 'not-json' when JSON cannot encode it, or 'too-long' when the text
 * would be over `maxBytes` UTF-8 bytes. One pass: the Error is found by the serialisation itself, so nothing is
 * read twice, and the pass stops as soon as the text is surely too long (a value that shares one object under many
 * members would otherwise be written out once per member: 2^n for n levels). 'too-deep' when containers nest more
 * than `maxDepth` levels (the value itself is level 1): past about 4,100 JSON.stringify throws, at a depth that
 * depends on the stack, so without a bound the same value would be text on one host and refused on another.
 */
export function jsonOrError(
  value: unknown,
  maxBytes = Infinity,
  maxDepth = Infinity,
): { text: string } | { error: unknown } | 'not-json' | 'too-long' | 'too-deep' {
  const fits = (text: string): boolean =>
    maxBytes === Infinity || (text.length <= maxBytes && Buffer.byteLength(text, 'utf8') <= maxBytes);
  if (typeof value === 'string') return fits(value) ? { text: value } : 'too-long';
  if (value === undefined) return { text: '' };
  let found: { error: unknown } | 'too-long' | 'too-deep' | undefined;
  // The containers from the outside in to the one being written (JSON.stringify goes depth first, so a member's
  // holder is always on it): a value's depth without a map of every object.
  const path: unknown[] = [];
  // The UTF-8 bytes written so far, never more (json-text-bytes.ts), so a text within maxBytes is never stopped
  // here: each value as written, an object member's key with its quotes and colon, and one per member for the
  // comma after it or its container's closing bracket (an empty container's second bracket is not counted). An
  // array's index is not written; a member JSON leaves out of an object counts nothing, in an array `null`.
  let written = 0;
  // Every member visited (each replacer call), written or left out, counts one against maxBytes: JSON.stringify
  // reads a left-out member each time its object is reached, and 200,000 references to one object of 1,000
  // undefined members took 15 s of CPU for a 600 KB text. A written member is charged 2 bytes or more, so a text
  // within maxBytes is stopped here only when it leaves out more than about maxBytes / 2 members.
  let visited = 0;
  let root = true;
  try {
    const text = JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
      if (isError(v)) {
        found = { error: v };
        throw FOUND;
      }
      // JSON.stringify hands the replacer what a `toJSON` returned: an Error with one (axios's copies its request's
      // headers) is found by the member it was read from, read again plainly (a data member, a getter or a Proxy
      // alike; a host getter runs twice). What it returns may be a string too (a number or a boolean carries no text).
      if (typeof v === 'string' || (typeof v === 'object' && v !== null)) {
        const again = memberOf(this, key);
        if (again !== v && isError(again)) {
          found = { error: again };
          throw FOUND;
        }
      }
      // Unboxed here, as JSON.stringify would after the replacer, so a String object is charged as its text.
      if (typeof v === 'object' && v !== null) v = unboxed(v);
      // A typed array is written as an object of its elements, whose index keys JSON.stringify lists before the
      // replacer sees one: its length is charged now, 6 bytes an element (`"0":0,` at the least).
      if (ArrayBuffer.isView(v) && !(v instanceof DataView) && written + 6 * (v as Uint8Array).length > maxBytes) {
        found = 'too-long';
        throw TOO_LONG;
      }
      const omitted = v === undefined || typeof v === 'function' || typeof v === 'symbol';
      if (maxDepth !== Infinity) {
        if (root) path.push(this);
        else while (path.length > 0 && path[path.length - 1] !== this) path.pop();
        if (v !== null && typeof v === 'object') {
          if (path.length > maxDepth) {
            found = 'too-deep';
            throw TOO_DEEP;
          }
          path.push(v);
        }
      }
      if (root) {
        root = false;
        written += jsonScalarBytes(v, maxBytes);
      } else if (Array.isArray(this)) written += 1 + (omitted ? 4 : jsonScalarBytes(v, maxBytes - written));
      else if (!omitted) {
        written += 2 + jsonStringBytes(key, maxBytes - written);
        written += jsonScalarBytes(v, maxBytes - written);
      }
      if (written > maxBytes || ++visited > maxBytes) {
        found = 'too-long';
        throw TOO_LONG;
      }
      return v;
    });
    if (text === undefined) return 'not-json';
    return fits(text) ? { text } : 'too-long';
  } catch {
    return found ?? 'not-json';
  }
}

/** `holder[key]` read plainly, or undefined when the read throws (a getter's or a Proxy trap's throw). */
function memberOf(holder: unknown, key: string): unknown {
  try {
    return (holder as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/**
 * The first Error in `value` (itself included) that JSON.stringify would reach, as `{ error }`; undefined when
 * there is none or JSON cannot encode the value. For a framework that serialises a tool's return value itself:
 * the value it would copy an Error's members from.
 */
export function heldError(value: unknown): { error: unknown } | undefined {
  const found = jsonOrError(value);
  return typeof found === 'object' && 'error' in found ? found : undefined;
}

/**
 * A system error's code (`ENOENT`, `EACCES`...) and nothing else: Node's message quotes host paths, addresses
 * and arguments. `fallback` when there is no such code.
 */
export function systemCode(error: unknown, fallback: string): string {
  try {
    const d = error !== null && typeof error === 'object' ? Object.getOwnPropertyDescriptor(error, 'code') : undefined;
    const code: unknown = d !== undefined && 'value' in d ? d.value : undefined;
    return typeof code === 'string' && /^E[A-Z0-9]+$/.test(code) ? code : fallback;
  } catch {
    return fallback;
  }
}
