import { types } from 'node:util';
import type { JsonBounds } from '../util/plain-json.js';

/**
 * The hot-path check that an argument value is plain JSON within its bounds. It only answers yes
 * or "look closer": it allocates no frames, paths or ancestor sets, and builds no message. On any
 * doubt (a Proxy, an accessor, a symbol key, a hole, a foreign prototype, a bound reached, nesting
 * past FAST_DEPTH) it returns false and the caller re-walks with checkJsonValue (util/plain-json.ts),
 * which finds the exact problem and its path. It must never accept what that walker refuses: every
 * test here is the walker's test or a stricter one.
 *
 * Like the walker it invokes nothing: isProxy comes before any operation a Proxy could trap, and
 * values are read from property descriptors, so a getter is seen, never called.
 */

/**
 * Recursion depth after which the check hands over to the iterative walker. A cycle, or a limit
 * lifted to Infinity, therefore never costs more than this many stack frames here.
 */
const FAST_DEPTH = 64;

const { isProxy } = types;
const { getPrototypeOf, getOwnPropertyNames, getOwnPropertySymbols, getOwnPropertyDescriptor } = Object;
const ARRAY_PROTOTYPE = Array.prototype;
const OBJECT_PROTOTYPE = Object.prototype;

// The bounds of the check in progress. It is synchronous and calls no user code, so one set of
// module-level numbers serves every call without an allocation.
let maxDepth = 0;
let maxValues = 0;
let maxString = 0;
let maxProperties = 0;
let maxItems = 0;
let values = 0;

/** True when `value` is certainly a plain JSON value within `bounds`; false means "run checkJsonValue". */
export function isPlainJsonWithin(value: unknown, bounds: JsonBounds): boolean {
  // A bytes bound needs exact counting (only schema copies use one): leave it to the walker.
  if (bounds.bytes !== undefined) return false;
  maxDepth = Math.min(bounds.depth?.value ?? Infinity, FAST_DEPTH);
  maxValues = bounds.values?.value ?? Infinity;
  maxString = bounds.stringLength?.value ?? Infinity;
  maxProperties = bounds.properties?.value ?? Infinity;
  maxItems = bounds.items?.value ?? Infinity;
  values = 0;
  return plainValue(value, 0);
}

function plainValue(value: unknown, depth: number): boolean {
  if (++values > maxValues) return false;
  switch (typeof value) {
    case 'string':
      return value.length <= maxString;
    // NaN and ±Infinity are not JSON numbers (RFC 8259 §6); -0 is kept as it is.
    case 'number':
      return Number.isFinite(value);
    case 'boolean':
      return true;
    case 'object':
      return value === null || plainContainer(value, depth + 1);
    default:
      return false;
  }
}

function plainContainer(value: object, depth: number): boolean {
  if (depth > maxDepth || isProxy(value)) return false;
  if (getOwnPropertySymbols(value).length !== 0) return false;
  if (Array.isArray(value)) {
    if (getPrototypeOf(value) !== ARRAY_PROTOTYPE) return false;
    const n = value.length;
    if (n > maxItems) return false;
    for (let i = 0; i < n; i++) {
      const d = getOwnPropertyDescriptor(value, i);
      // A hole has no descriptor; an accessor has no `value`.
      if (d === undefined || !('value' in d) || !plainValue(d.value, depth)) return false;
    }
    // Every index below length is own, so anything beyond them and `length` is an extra property.
    return getOwnPropertyNames(value).length === n + 1;
  }
  const proto = getPrototypeOf(value);
  if (proto !== OBJECT_PROTOTYPE && proto !== null) return false;
  const names = getOwnPropertyNames(value);
  const n = names.length;
  if (n > maxProperties) return false;
  for (let i = 0; i < n; i++) {
    const name = names[i] as string;
    if (name.length > maxString) return false;
    const d = getOwnPropertyDescriptor(value, name) as PropertyDescriptor;
    if (d.enumerable !== true || !('value' in d) || !plainValue(d.value, depth)) return false;
  }
  return true;
}
