// How deep a message read nests, and how many values it holds. JSON.parse reads any depth, but JSON.stringify
// recurses and throws past about 4,100 levels (Node 20 and 22 with the default stack), and the proxy writes every
// message it passes on anew: a peer's value 6,000 levels deep threw there and ended the proxy with every session
// in it. A message nested deeper than MAX_MESSAGE_DEPTH is refused as it is read, which leaves room for the
// levels the proxy wraps around a value it passes on. The same walk counts the values, which the listing memo
// (src/proxy/admission-cache.ts) bounds: a page's characters do not show what its parsed objects cost.
import { RPC } from './rpc-codes.js';

/** Deepest nesting of a message read, the message object itself being level 1: no MCP message comes near it. */
export const MAX_MESSAGE_DEPTH = 1000;

/** What a message refused for its depth is said to be, in every refusal and warning. */
export const TOO_DEEP = `nested more than ${MAX_MESSAGE_DEPTH} levels deep, the limit`;

/**
 * What a reply nested too deep is read as: an error answering the same request, so that request does not wait
 * for its timeout (both the proxy's channel and serve's transport read it so). Undefined when `value` is no
 * reply with an id (a request, a notification: those are refused as bad messages instead).
 */
export function tooDeepReply(
  value: unknown,
): { jsonrpc: '2.0'; id: string | number; error: { code: number; message: string } } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.hasOwn(value, 'method'))
    return undefined;
  const id = (value as { id?: unknown }).id;
  if (typeof id !== 'string' && (typeof id !== 'number' || !Number.isFinite(id))) return undefined;
  return {
    jsonrpc: '2.0',
    id,
    error: { code: RPC.internalError, message: `the answer is ${TOO_DEEP}; it was dropped` },
  };
}

// The count of each message walked, so that the memo reads it without a second walk of a 700 KB page.
const counted = new WeakMap<object, number>();

/**
 * How many values `value` (as JSON.parse made it) holds, itself and every member and item at any level; -1 when
 * it nests more than `max` levels deep. Iterative, so any depth is safe to walk; it stops at the first container
 * past `max`. for-in (own members only) allocates nothing per object, unlike Object.keys.
 */
export function jsonValues(value: unknown, max: number = MAX_MESSAGE_DEPTH): number {
  if (value === null || typeof value !== 'object') return 1;
  // Only containers are stacked, each with its level; a scalar is counted where it is read.
  const containers: object[] = [value];
  const levels: number[] = [1];
  let values = 1;
  while (containers.length > 0) {
    const container = containers.pop() as Record<string, unknown>;
    const level = levels.pop() as number;
    if (level > max) return -1;
    if (Array.isArray(container)) {
      values += container.length;
      for (let i = 0; i < container.length; i++) {
        const item: unknown = container[i];
        if (item !== null && typeof item === 'object') {
          containers.push(item);
          levels.push(level + 1);
        }
      }
      continue;
    }
    for (const key in container) {
      // Only its own: a host's code may have put an enumerable member on Object.prototype.
      if (!Object.hasOwn(container, key)) continue;
      values++;
      const member = container[key];
      if (member !== null && typeof member === 'object') {
        containers.push(member);
        levels.push(level + 1);
      }
    }
  }
  counted.set(value, values);
  return values;
}

/** Notes `values` as the count of `message`, read in pieces each counted as it was parsed (util/json-slices.ts). */
export function noteValues(message: object, values: number): void {
  counted.set(message, values);
}

/** The values of a message: as counted when it was read, else counted now (at any depth). */
export function valuesOf(message: object): number {
  return counted.get(message) ?? jsonValues(message, Number.POSITIVE_INFINITY);
}

/**
 * Whether a JSON text of `length` characters can nest more than `max` levels: each level takes an opening and a
 * closing bracket, so a shorter text cannot, and its parsed value need not be walked.
 */
export function mayNestDeeper(length: number, max: number = MAX_MESSAGE_DEPTH): boolean {
  return length > 2 * max;
}
