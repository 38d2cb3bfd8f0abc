import type { JsonBound, JsonBounds, JsonExcess, JsonFinding, JsonProblem } from './json-bounds.js';
import { nonJsonReason } from './non-json-reason.js';

/** Is this a JSON object (not an array, not null)? */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Where a value sits, as a linked list so that a deep value costs O(1) per level, not O(depth). */
type Path = { readonly parent: Path | undefined; readonly segment: string | number } | undefined;

type Frame = {
  value: unknown;
  path: Path;
  depth: number;
  exit?: true;
  target?: unknown;
  key?: string | number;
  /** Characters of the pointer to `value` (JsonBounds.pointer); 0 at the root. */
  chars?: number;
};

function segmentsOf(path: Path, last?: string | number): (string | number)[] {
  const out: (string | number)[] = last === undefined ? [] : [last];
  for (let p = path; p !== undefined; p = p.parent) out.push(p.segment);
  return out.reverse();
}

/** Whether every own name of an array beyond its indices and `length` is a non-enumerable data property. */
function onlyHiddenExtras(value: readonly unknown[], names: readonly string[]): boolean {
  for (const name of names) {
    if (name === 'length' || /^(0|[1-9][0-9]*)$/.test(name)) continue;
    const d = Object.getOwnPropertyDescriptor(value, name) as PropertyDescriptor;
    if (d.enumerable || !('value' in d)) return false;
  }
  return true;
}

/** What a leaf (not an object) adds to the JSON text's length. */
function textLength(value: unknown): number {
  return typeof value === 'string'
    ? value.length + 2
    : typeof value === 'number'
      ? String(value).length
      : value === null || value === true
        ? 4
        : value === false
          ? 5
          : 2;
}

/**
 * Walks a value and, when `copy` is set, builds a private deep copy made only of plain objects
 * (own data properties; `__proto__` kept as an ordinary own key), arrays and primitives.
 * Iterative: depth is bounded by memory, never by the call stack. Nothing is invoked: getters,
 * Proxies, symbols, holes and cycles are reported as problems, not read. Each bound is checked
 * before the work it bounds: an array's length before its items are queued, a string's length
 * before it is copied. With `skipHidden`, own non-enumerable data properties are left out unread
 * (CopyOptions) instead of being problems.
 */
function traverse(
  root: unknown,
  copy: boolean,
  bounds: JsonBounds,
  skipHidden = false,
): { problem?: JsonProblem; excess?: JsonExcess; copy?: unknown } {
  const ancestors = new Set<unknown>();
  const rootHolder: { v?: unknown } = {};
  const stack: Frame[] = [{ value: root, path: undefined, depth: 0, target: rootHolder, key: 'v' }];
  let values = 0;
  let bytes = 0;
  const over = (bound: JsonBound | undefined, seen: number, path: Path, prefix = ''): JsonExcess | undefined =>
    bound !== undefined && seen > bound.value
      ? { bound, seen: `${prefix}${seen}`, segments: segmentsOf(path) }
      : undefined;
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.exit) {
      ancestors.delete(frame.value);
      continue;
    }
    const { value, path } = frame;
    const reason = nonJsonReason(value);
    if (reason !== undefined) return { problem: { segments: segmentsOf(path), message: reason } };
    values++;
    bytes += textLength(value);
    const excess =
      over(bounds.pointer, frame.chars ?? 0, path) ??
      over(bounds.values, values, path, 'at least ') ??
      over(bounds.bytes, bytes, path, 'at least ') ??
      (typeof value === 'string' ? over(bounds.stringLength, value.length, path) : undefined);
    if (excess !== undefined) return { excess };
    let out: unknown = value;
    if (value !== null && typeof value === 'object') {
      const depth = frame.depth + 1;
      const tooDeep = over(bounds.depth, depth, path, 'at least ');
      if (tooDeep !== undefined) return { excess: tooDeep };
      if (ancestors.has(value))
        return { problem: { segments: segmentsOf(path), message: 'a cycle is not a JSON value' } };
      ancestors.add(value);
      stack.push({ value, path, depth, exit: true });
      if (Object.getOwnPropertySymbols(value).length > 0)
        return { problem: { segments: segmentsOf(path), message: 'symbol-keyed properties are not JSON' } };
      if (Array.isArray(value)) {
        const tooMany = over(bounds.items, value.length, path);
        if (tooMany !== undefined) return { excess: tooMany };
        const names = Object.getOwnPropertyNames(value);
        const arr: unknown[] = copy ? new Array<unknown>(value.length) : [];
        // Holes and getters refused from the last item back, as ever. Leaves are kept aside until an object shows
        // up; an array of leaves alone is then walked in order below, without a frame per item.
        const items = new Array<unknown>(value.length);
        let nested = false;
        const here = frame.chars ?? 0;
        for (let i = value.length - 1; i >= 0; i--) {
          const d = Object.getOwnPropertyDescriptor(value, i);
          if (d === undefined)
            return { problem: { segments: segmentsOf(path, i), message: 'a sparse array (hole) is not JSON' } };
          if (!('value' in d))
            return { problem: { segments: segmentsOf(path, i), message: 'an accessor (getter) is not a JSON value' } };
          const item: unknown = d.value;
          if (!nested && (item === null || typeof item !== 'object')) {
            items[i] = item;
            continue;
          }
          // An object among them: every item gets a frame, those after it (read already) first.
          if (!nested)
            for (let k = value.length - 1; k > i; k--)
              stack.push({
                value: items[k],
                path: { parent: path, segment: k },
                depth,
                target: arr,
                key: k,
                chars: here + 1 + String(k).length,
              });
          nested = true;
          const chars = here + 1 + String(i).length;
          stack.push({ value: item, path: { parent: path, segment: i }, depth, target: arr, key: i, chars });
        }
        if (names.length !== value.length + 1 && !(skipHidden && onlyHiddenExtras(value, names)))
          return { problem: { segments: segmentsOf(path), message: 'an array with extra properties is not JSON' } };
        bytes += Math.max(0, value.length - 1);
        if (!nested) {
          // The leaves' pointers, which get no frame: the longest indices are the last, and the first index with
          // more digits than the bound leaves room for is where it is passed.
          const room = bounds.pointer === undefined ? Number.POSITIVE_INFINITY : bounds.pointer.value - here - 1;
          const first = room < 1 ? 0 : room > 15 ? Number.POSITIVE_INFINITY : 10 ** room;
          if (first < items.length) {
            const tooLong = over(bounds.pointer, here + 1 + String(first).length, { parent: path, segment: first });
            if (tooLong !== undefined) return { excess: tooLong };
          }
          // Only leaves: walked here, in the order and with the checks their frames would have had, without a
          // frame, a path and a defineProperty each (2,000,000 numbers took seconds).
          for (let i = 0; i < items.length; i++) {
            const item = items[i];
            const reason = nonJsonReason(item);
            if (reason !== undefined) return { problem: { segments: segmentsOf(path, i), message: reason } };
            values++;
            bytes += textLength(item);
            if (
              (bounds.values !== undefined && values > bounds.values.value) ||
              (bounds.bytes !== undefined && bytes > bounds.bytes.value) ||
              (typeof item === 'string' && bounds.stringLength !== undefined && item.length > bounds.stringLength.value)
            ) {
              const at = { parent: path, segment: i };
              const excess =
                over(bounds.values, values, at, 'at least ') ??
                over(bounds.bytes, bytes, at, 'at least ') ??
                over(bounds.stringLength, (item as string).length, at);
              return { excess: excess as JsonExcess };
            }
            // A fresh array has no setter at any index: assigned, not defined.
            if (copy) arr[i] = item;
          }
        }
        out = arr;
      } else {
        const names = Object.getOwnPropertyNames(value);
        const tooMany = over(bounds.properties, names.length, path);
        if (tooMany !== undefined) return { excess: tooMany };
        const obj: Record<string, unknown> = {};
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i] as string;
          const d = Object.getOwnPropertyDescriptor(value, name) as PropertyDescriptor;
          if (!('value' in d))
            return {
              problem: { segments: segmentsOf(path, name), message: 'an accessor (getter) is not a JSON value' },
            };
          if (!d.enumerable) {
            if (skipHidden) continue;
            return { problem: { segments: segmentsOf(path, name), message: 'a non-enumerable property is not JSON' } };
          }
          const keyTooLong = over(bounds.stringLength, name.length, { parent: path, segment: name });
          if (keyTooLong !== undefined) return { excess: keyTooLong };
          const chars = (frame.chars ?? 0) + 1 + name.length;
          bytes += name.length + 3 + (i > 0 ? 1 : 0);
          stack.push({ value: d.value, path: { parent: path, segment: name }, depth, target: obj, key: name, chars });
        }
        const tooBig = over(bounds.bytes, bytes, path, 'at least ');
        if (tooBig !== undefined) return { excess: tooBig };
        out = obj;
      }
    }
    if (copy && frame.target !== undefined) {
      Object.defineProperty(frame.target, frame.key as PropertyKey, {
        value: out,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return { copy: rootHolder.v };
}

/** How a walk treats what JSON.stringify would leave out. */
export interface CopyOptions {
  /**
   * Skip own non-enumerable data properties (they are not part of the JSON text) instead of refusing
   * them; accessors are refused either way, so no code runs. For schemas, which are host data: zod's
   * z.toJSONSchema() output carries a non-enumerable `~standard`. Arguments are never copied this
   * way: they reach the tool as the very reference validated, so a member hidden from validation
   * must be refused, not ignored.
   */
  readonly skipNonEnumerable?: boolean;
}

/** A private deep copy of a JSON value within bounds, or why there is none. */
export function copyBoundedJson(
  value: unknown,
  bounds: JsonBounds,
  options: CopyOptions = {},
): { ok: true; value: unknown } | { ok: false; finding: JsonFinding } {
  const r = traverse(value, true, bounds, options.skipNonEnumerable === true);
  if (r.problem) return { ok: false, finding: { kind: 'not-json', problem: r.problem } };
  if (r.excess) return { ok: false, finding: { kind: 'excess', excess: r.excess } };
  return { ok: true, value: r.copy };
}

/** A private deep copy of a JSON value, or the reason it is not one. */
export function copyJson(value: unknown): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
  const r = traverse(value, true, {});
  return r.problem ? { ok: false, problem: r.problem } : { ok: true, value: r.copy };
}

/** Freezes a private copy so nothing downstream (Ajv included) can change it. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
      Object.freeze(v);
      for (const k of Object.keys(v)) stack.push((v as Record<string, unknown>)[k]);
    }
  }
  return value;
}
