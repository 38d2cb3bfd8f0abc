// Whether a value is JSON by itself, read without running any of its code: the bounded copy (plain-json.ts), the
// argument check (arguments/argument-value.ts) and the member search (member-path.ts) ask the same question.
import { types } from 'node:util';

/**
 * Why a value is not JSON by itself (its type, a Proxy, a prototype other than a plain object's or
 * an array's), or undefined; never runs its code (isProxy comes first).
 */
export function nonJsonReason(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${String(value)} is not a JSON number`;
    case 'undefined':
      return 'undefined is not a JSON value';
    case 'bigint':
      return 'a bigint is not a JSON value';
    case 'symbol':
      return 'a symbol is not a JSON value';
    case 'function':
      return 'a function is not a JSON value';
    default:
      break;
  }
  if (value === null) return undefined;
  if (types.isProxy(value)) return 'a Proxy is not a JSON value';
  if (Array.isArray(value))
    return Object.getPrototypeOf(value) === Array.prototype ? undefined : 'an array subclass is not a JSON value';
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (() => {
      try {
        const c = Object.getOwnPropertyDescriptor(proto, 'constructor');
        return c && typeof c.value === 'function' ? String(c.value.name) : 'object';
      } catch {
        return 'object';
      }
    })();
    return `a ${name || 'class'} instance is not a plain JSON object`;
  }
  return undefined;
}
