import type { ErrorObject } from 'ajv';
import type { Violation } from '../result.js';
import { pathOf, pointerOf, typedSegments } from './location.js';
import { messageFor } from './messages.js';

/** JSON type name of a value as Draft 2020-12 sees it (Validation §6.1.1). */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function valueAt(data: unknown, segments: readonly (string | number)[]): unknown {
  let node = data;
  for (const s of segments) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[s as string];
  }
  return node;
}

/** Sorted by path, then message (UTF-16 code units), de-duplicated. */
export function sortViolations(list: readonly Violation[]): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const v of list) {
    const key = `${v.path}\u0000${v.message}`;
    if (!seen.has(key)) { seen.add(key); out.push(v); }
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.message < b.message ? -1 : a.message > b.message ? 1 : 0));
}

/**
 * Turns Ajv's errors into violations. A failed `type` suppresses the other keywords of the same
 * schema at the same place, since they describe a value of the wrong kind.
 */
export function violationsFromAjv(errors: readonly ErrorObject[], data: unknown): Violation[] {
  const typeFailures = new Set<string>();
  for (const e of errors) if (e.keyword === 'type') typeFailures.add(`${e.instancePath}\u0000${e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'))}`);
  const out: Violation[] = [];
  for (const e of errors) {
    const parentSchema = e.schemaPath.slice(0, e.schemaPath.lastIndexOf('/'));
    if (e.keyword !== 'type' && typeFailures.has(`${e.instancePath}\u0000${parentSchema}`)) continue;
    const segments = typedSegments(data, e.instancePath);
    const value = valueAt(data, segments);
    out.push({
      path: pathOf(segments),
      pointer: pointerOf(segments),
      keyword: e.keyword,
      message: messageFor(e, value),
      schemaPath: e.schemaPath.startsWith('#') ? e.schemaPath.slice(1) : e.schemaPath,
    });
  }
  return sortViolations(out);
}
