import { types } from 'node:util';
import { escapePointerToken } from '../errors/location.js';

/** Why a value is not JSON, and where (`segments` with numbers for array indices). */
export interface JsonProblem {
  readonly segments: readonly (string | number)[];
  readonly reason: string;
}

type Frame = { value: unknown; segments: (string | number)[]; exit?: true; target?: unknown; key?: string | number };

function describe(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string': case 'boolean': return undefined;
    case 'number': return Number.isFinite(value) ? undefined : `${String(value)} is not a JSON number`;
    case 'undefined': return 'undefined is not a JSON value';
    case 'bigint': return 'a bigint is not a JSON value';
    case 'symbol': return 'a symbol is not a JSON value';
    case 'function': return 'a function is not a JSON value';
    default: break;
  }
  if (value === null) return undefined;
  if (types.isProxy(value)) return 'a Proxy is not a JSON value';
  if (Array.isArray(value)) return Object.getPrototypeOf(value) === Array.prototype ? undefined : 'an array subclass is not a JSON value';
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    const name = (() => { try { const c = Object.getOwnPropertyDescriptor(proto, 'constructor'); return c && typeof c.value === 'function' ? String(c.value.name) : 'object'; } catch { return 'object'; } })();
    return `a ${name || 'class'} instance is not a plain JSON object`;
  }
  return undefined;
}

/**
 * Walks a value and, when `copy` is set, builds a private deep copy made only of plain objects
 * (own data properties; `__proto__` kept as an ordinary own key), arrays and primitives.
 * Iterative: depth is bounded by memory, never by the call stack. Nothing is invoked: getters,
 * Proxies, symbols, holes and cycles are reported as problems, not read.
 */
function traverse(root: unknown, copy: boolean): { problem?: JsonProblem; copy?: unknown } {
  const ancestors = new Set<unknown>();
  const rootHolder: { v?: unknown } = {};
  const stack: Frame[] = [{ value: root, segments: [], target: rootHolder, key: 'v' }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if (frame.exit) { ancestors.delete(frame.value); continue; }
    const { value, segments } = frame;
    const reason = describe(value);
    if (reason !== undefined) return { problem: { segments, reason } };
    let out: unknown = value;
    if (value !== null && typeof value === 'object') {
      if (ancestors.has(value)) return { problem: { segments, reason: 'a cycle is not a JSON value' } };
      ancestors.add(value);
      stack.push({ value, segments, exit: true });
      if (Object.getOwnPropertySymbols(value).length > 0) return { problem: { segments, reason: 'symbol-keyed properties are not JSON' } };
      const names = Object.getOwnPropertyNames(value);
      if (Array.isArray(value)) {
        const arr: unknown[] = copy ? new Array<unknown>(value.length) : [];
        for (let i = value.length - 1; i >= 0; i--) {
          const d = Object.getOwnPropertyDescriptor(value, i);
          if (d === undefined) return { problem: { segments: [...segments, i], reason: 'a sparse array (hole) is not JSON' } };
          if (!('value' in d)) return { problem: { segments: [...segments, i], reason: 'an accessor (getter) is not a JSON value' } };
          stack.push({ value: d.value, segments: [...segments, i], target: arr, key: i });
        }
        if (names.length !== value.length + 1) return { problem: { segments, reason: 'an array with extra properties is not JSON' } };
        out = arr;
      } else {
        const obj: Record<string, unknown> = {};
        for (let i = names.length - 1; i >= 0; i--) {
          const name = names[i] as string;
          const d = Object.getOwnPropertyDescriptor(value, name) as PropertyDescriptor;
          if (!d.enumerable) return { problem: { segments: [...segments, name], reason: 'a non-enumerable property is not JSON' } };
          if (!('value' in d)) return { problem: { segments: [...segments, name], reason: 'an accessor (getter) is not a JSON value' } };
          stack.push({ value: d.value, segments: [...segments, name], target: obj, key: name });
        }
        out = obj;
      }
    }
    if (copy && frame.target !== undefined) {
      Object.defineProperty(frame.target, frame.key as PropertyKey, { value: out, enumerable: true, writable: true, configurable: true });
    }
  }
  return { copy: rootHolder.v };
}

/** The first reason `value` is not a JSON value, or undefined when it is one. */
export function findNonJson(value: unknown): JsonProblem | undefined {
  return traverse(value, false).problem;
}

/** A private deep copy of a JSON value, or the reason it is not one. */
export function copyJson(value: unknown): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
  const r = traverse(value, true);
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

/** JSON Pointer of a problem's location. */
export function problemPointer(problem: JsonProblem): string {
  return problem.segments.map((s) => '/' + escapePointerToken(String(s))).join('');
}
