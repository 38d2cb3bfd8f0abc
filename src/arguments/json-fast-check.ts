import { types } from 'node:util';
import type { JsonBounds } from '../util/json-bounds.js';

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
  return member(value, 0);
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
      if (!member(value[i], depth)) return false;
    }
    return true;
  }
  const proto = getPrototypeOf(value);
  if (proto !== OBJECT_PROTOTYPE && proto !== null) return false;
  let n = 0;
  // for…in: the own enumerable string keys here, since no prototype in reach has an enumerable member.
  for (const key in value) {
    if (++n > maxProperties || ++values > maxValues || key.length > maxString) return false;
    if (!member((value as Record<string, unknown>)[key], depth)) return false;
  }
  return true;
}

/** One member of a container at `depth`: a JSON scalar within bounds, or a container that is one. */
function member(x: unknown, depth: number): boolean {
  if (typeof x === 'string') return x.length <= maxString;
  if (typeof x === 'object') return x === null || container(x, depth + 1);
  // NaN and ±Infinity are not JSON numbers (RFC 8259 §6).
  if (typeof x === 'number') return x - x === 0;
  return typeof x === 'boolean';
}
