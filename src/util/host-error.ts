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

/**
 * A value as the JSON text a model reads (a string as it is, `undefined` as ""), or the first Error inside it
 * (at any depth JSON.stringify would reach), or 'not-json' when JSON cannot encode it. One pass: the Error is
 * found by the serialisation itself, so nothing is read twice.
 */
export function jsonOrError(value: unknown): { text: string } | { error: unknown } | 'not-json' {
  if (typeof value === 'string') return { text: value };
  if (value === undefined) return { text: '' };
  let found: { error: unknown } | undefined;
  try {
    const text = JSON.stringify(value, (_key, v: unknown) => {
      if (isError(v)) {
        found = { error: v };
        throw FOUND;
      }
      return v;
    });
    return text === undefined ? 'not-json' : { text };
  } catch {
    return found ?? 'not-json';
  }
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
