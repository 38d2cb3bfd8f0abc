import type { JsonBounds, JsonBound, JsonFinding } from '../util/json-bounds.js';
import { nonJsonReason } from '../util/non-json-reason.js';

/**
 * What `validate` accepts as an argument value, and where a value breaks it. The model's output is
 * hostile; the object handed to `validate` is built by the host (usually JSON.parse of the model's
 * text, which only ever builds plain data). So the rules refuse every value JSON has no room for,
 * wherever it sits, and read the host's objects the way JSON.stringify and the engine read them:
 * - scalars: strings, booleans, null and finite numbers (RFC 8259 §6; -0 kept); never undefined,
 *   a function, a symbol, a bigint, NaN or ±Infinity;
 * - objects: prototype Object.prototype or null (a class instance, a Date, a boxed string and any
 *   other prototype are refused), never a Proxy; their data is their own enumerable string-keyed
 *   properties, each read once;
 * - arrays: prototype Array.prototype, never a Proxy, no hole (a hole reads as undefined);
 * - no cycle, and every argument limit (depth, values, string length, properties, items).
 * A getter is host code: it runs when read, here and again in the engine and the tool, so one that
 * answers differently each time can hand the tool a value that was never validated. Symbol-keyed and
 * non-enumerable properties, and named properties on arrays, are not part of the JSON value (the
 * engine does not see them either) and are not read.
 *
 * findArgumentProblem applies the rules iteratively (depth is bounded by the limits, never by the
 * call stack) and names the first problem and its path; json-fast-check.ts applies them without
 * allocating, for the common case of a value that passes.
 */

type Path = { readonly parent: Path | undefined; readonly segment: string | number } | undefined;
type Frame = { readonly value: unknown; readonly path: Path; readonly depth: number; readonly exit: boolean };

function segmentsOf(path: Path, last?: string | number): (string | number)[] {
  const out: (string | number)[] = last === undefined ? [] : [last];
  for (let p = path; p !== undefined; p = p.parent) out.push(p.segment);
  return out.reverse();
}

const problem = (path: Path, message: string, last?: string | number): JsonFinding => ({
  kind: 'not-json',
  problem: { segments: segmentsOf(path, last), message },
});

function over(bound: JsonBound | undefined, seen: number, path: Path, prefix = ''): JsonFinding | undefined {
  return bound !== undefined && seen > bound.value
    ? { kind: 'excess', excess: { bound, seen: `${prefix}${seen}`, segments: segmentsOf(path) } }
    : undefined;
}

/** The first reason `value` is not an argument value within `bounds` (see above); undefined when none. */
export function findArgumentProblem(value: unknown, bounds: JsonBounds): JsonFinding | undefined {
  const ancestors = new Set<object>();
  const stack: Frame[] = [{ value, path: undefined, depth: 0, exit: false }];
  let values = 0;
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const v = frame.value;
    const { path } = frame;
    if (frame.exit) {
      ancestors.delete(v as object);
      continue;
    }
    values++;
    const tooMany = over(bounds.values, values, path, 'at least ');
    if (tooMany !== undefined) return tooMany;
    if (typeof v === 'string') {
      const tooLong = over(bounds.stringLength, v.length, path);
      if (tooLong !== undefined) return tooLong;
      continue;
    }
    const reason = nonJsonReason(v);
    if (reason !== undefined) return problem(path, reason);
    if (v === null || typeof v !== 'object') continue;
    const depth = frame.depth + 1;
    const tooDeep = over(bounds.depth, depth, path, 'at least ');
    if (tooDeep !== undefined) return tooDeep;
    if (ancestors.has(v)) return problem(path, 'a cycle is not a JSON value');
    ancestors.add(v);
    stack.push({ value: v, path, depth, exit: true });
    if (Array.isArray(v)) {
      const tooLong = over(bounds.items, v.length, path);
      if (tooLong !== undefined) return tooLong;
      for (let i = v.length - 1; i >= 0; i--) {
        const item: unknown = v[i];
        if (item === undefined && !(i in v)) return problem(path, 'a sparse array (hole) is not JSON', i);
        stack.push({ value: item, path: { parent: path, segment: i }, depth, exit: false });
      }
      continue;
    }
    const keys: string[] = [];
    for (const key in v) keys.push(key);
    const tooWide = over(bounds.properties, keys.length, path);
    if (tooWide !== undefined) return tooWide;
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      const at = { parent: path, segment: key };
      const keyTooLong = over(bounds.stringLength, key.length, at);
      if (keyTooLong !== undefined) return keyTooLong;
      stack.push({ value: (v as Record<string, unknown>)[key], path: at, depth, exit: false });
    }
  }
  return undefined;
}
