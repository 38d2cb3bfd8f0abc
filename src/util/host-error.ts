// Error objects from host code, as toolgate shows them to a model: never by their members. A Node error carries
// enumerable `path`, `dest`, `address`, `port`, `spawnargs` (every fs, net and child_process error does), which
// JSON.stringify would copy into the text the model reads; an Error is host text, however it reached toolgate.
import { types } from 'node:util';

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

/**
 * A value as the JSON text a model reads (a string as it is, `undefined` as ""), or the first Error inside it
 * (at any depth JSON.stringify would reach), or 'not-json' when JSON cannot encode it, or 'too-long' when the text
 * would be over `maxBytes` UTF-8 bytes. One pass: the Error is found by the serialisation itself, so nothing is
 * read twice, and the pass stops as soon as the text is surely too long (a value that shares one object under many
 * members would otherwise be written out once per member: 2^n for n levels).
 */
export function jsonOrError(
  value: unknown,
  maxBytes = Infinity,
): { text: string } | { error: unknown } | 'not-json' | 'too-long' {
  const fits = (text: string): boolean =>
    maxBytes === Infinity || (text.length <= maxBytes && Buffer.byteLength(text, 'utf8') <= maxBytes);
  if (typeof value === 'string') return fits(value) ? { text: value } : 'too-long';
  if (value === undefined) return { text: '' };
  let found: { error: unknown } | 'too-long' | undefined;
  // A count no greater than the text's length, so a text within maxBytes is never stopped here: a string's
  // characters, one for any other value written, and an object member's key; an array's index is not written,
  // and a member JSON leaves out (undefined, a function, a symbol) counts nothing.
  let written = 0;
  try {
    const text = JSON.stringify(value, function (this: unknown, key: string, v: unknown) {
      if (isError(v)) {
        found = { error: v };
        throw FOUND;
      }
      const omitted = v === undefined || typeof v === 'function' || typeof v === 'symbol';
      if (!Array.isArray(this)) {
        if (!omitted) written += key.length + (typeof v === 'string' ? v.length : 1);
      } else written += typeof v === 'string' ? v.length : 1;
      if (written > maxBytes) {
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
