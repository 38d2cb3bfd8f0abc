import { types } from 'node:util';
import type { JsonBounds } from '../util/plain-json.js';

/**
 * The hot-path check that an argument value is plain JSON within its bounds (the rules are in
 * argument-value.ts, which also finds the problem and its path). It only answers yes or "look
 * closer": it allocates nothing and builds no message, and on any doubt (a value that is not JSON,
 * a bound reached, nesting past FAST_DEPTH) it returns false for findArgumentProblem to explain.
 * It must never accept what that walker refuses: both apply the same rules in the same way.
 *
 * Each container costs two native calls (isProxy, getPrototypeOf) and a `for…in`; each member one
 * read. isProxy comes before anything a Proxy could trap.
 */

/**
 * Recursion depth after which the check hands over to the iterative walker. A cycle, or a limit
 * lifted to Infinity, therefore never costs more than this many stack frames here.
 */
const FAST_DEPTH = 64;

const { isProxy } = types;
const { getPrototypeOf } = Object;
const { isArray } = Array;
const ARRAY_PROTOTYPE = Array.prototype;
const OBJECT_PROTOTYPE = Object.prototype;

// The bounds of the check in progress, as plain numbers; set again only when other bounds come. The
// check is synchronous and its reads run no toolgate code, so module-level state serves every call.
let current: JsonBounds | undefined;
let maxDepth = 0;
let maxValues = 0;
let maxString = 0;
let maxProperties = 0;
let maxItems = 0;
let values = 0;

/** True when `value` is certainly a plain JSON value within `bounds`; false means "run findArgumentProblem". */
export function isPlainJsonWithin(value: unknown, bounds: JsonBounds): boolean {
  if (bounds !== current) {
    // A bytes bound needs exact counting (only schema copies use one): leave it to the walker.
    if (bounds.bytes !== undefined) return false;
    current = bounds;
    maxDepth = Math.min(bounds.depth?.value ?? Infinity, FAST_DEPTH);
    maxValues = bounds.values?.value ?? Infinity;
    maxString = bounds.stringLength?.value ?? Infinity;
    maxProperties = bounds.properties?.value ?? Infinity;
    maxItems = bounds.items?.value ?? Infinity;
  }
  values = 1;
  if (maxValues < 1) return false;
  switch (typeof value) {
    case 'object':
      return value === null || container(value, 1);
    case 'string':
      return value.length <= maxString;
    // NaN and ±Infinity are not JSON numbers (RFC 8259 §6); -0 is kept as it is.
    case 'number':
      return value - value === 0;
    case 'boolean':
      return true;
    default:
      return false;
  }
}

/** A container at nesting `depth` (the root is 1), its members read once each. */
function container(value: object, depth: number): boolean {
  if (depth > maxDepth || isProxy(value)) return false;
  if (isArray(value)) {
    if (getPrototypeOf(value) !== ARRAY_PROTOTYPE) return false;
    const n = value.length;
    values += n;
    if (n > maxItems || values > maxValues) return false;
    for (let i = 0; i < n; i++) {
      // A hole reads as undefined (no prototype holds an index: checkArguments refuses a polluted one).
      const x: unknown = value[i];
      if (typeof x === 'string') {
        if (x.length > maxString) return false;
      } else if (typeof x === 'object') {
        if (x !== null && !container(x, depth + 1)) return false;
      } else if (typeof x === 'number') {
        if (x - x !== 0) return false;
      } else if (typeof x !== 'boolean') return false;
    }
    return true;
  }
  const proto = getPrototypeOf(value);
  if (proto !== OBJECT_PROTOTYPE && proto !== null) return false;
  let n = 0;
  // for…in: the own enumerable string keys here, since no prototype in reach has an enumerable member.
  for (const key in value) {
    if (++n > maxProperties || ++values > maxValues || key.length > maxString) return false;
    const x: unknown = (value as Record<string, unknown>)[key];
    if (typeof x === 'string') {
      if (x.length > maxString) return false;
    } else if (typeof x === 'object') {
      if (x !== null && !container(x, depth + 1)) return false;
    } else if (typeof x === 'number') {
      if (x - x !== 0) return false;
    } else if (typeof x !== 'boolean') return false;
  }
  return true;
}
