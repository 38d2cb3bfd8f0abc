import type { ErrorObject } from 'ajv';
import type { Violation } from '../result.js';
import { selectBranches } from './branches.js';
import { fragmentPointer, nodeAt, pathOf, pointerOf, typedSegments } from '../util/json-pointer.js';
import { messageFor } from './messages.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { MAX_COLLECTED_ERRORS } from '../util/limits.js';

function valueAt(data: unknown, segments: readonly (string | number)[]): unknown {
  let node = data;
  for (const s of segments) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, s)) return undefined;
    node = (node as Record<string, unknown>)[s as string];
  }
  return node;
}

/** Orders violations by path, then message, comparing UTF-16 code units (never locale order). */
export function compareViolations(a: Violation, b: Violation): number {
  if (a.path !== b.path) return byCodeUnits(a.path, b.path);
  if (a.message !== b.message) return byCodeUnits(a.message, b.message);
  return 0;
}

/** Sorted by path, then message (UTF-16 code units), de-duplicated on path and message. */
export function sortViolations(list: readonly Violation[]): Violation[] {
  const seen = new Set<string>();
  const out: Violation[] = [];
  for (const v of list) {
    const key = `${v.path}\u0000${v.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(v);
    }
  }
  return out.sort(compareViolations);
}

/** Optional context for violationsFromAjv. */
export interface ViolationOptions {
  /**
   * The schema the validator was compiled from (`validator.schema`), to tell `oneOf`/`anyOf` branches given by `$ref`
   * apart.
   */
  readonly schema?: unknown;
  /** Maps a pointer into `schema` to where the schema's author wrote it; the pointer as is when absent. */
  readonly locate?: (pointer: string) => string;
}

function parentOf(schemaPath: string): string {
  return schemaPath.slice(0, schemaPath.lastIndexOf('/'));
}

/**
 * Turns Ajv's errors (from an `allErrors` run) into violations. `oneOf`/`anyOf` report only their
 * closest branch (see branches.ts). A failed `type` suppresses the other keywords of the same schema
 * at the same place, since they describe a value of the wrong kind (Validation §6.1.1).
 */
export function violationsFromAjv(
  errors: readonly ErrorObject[],
  data: unknown,
  options: ViolationOptions = {},
): Violation[] {
  // At most MAX_COLLECTED_ERRORS become violations, in the engine's order: the rest would cost a
  // path walk each and say nothing the model reads (it sees DEFAULT_MAX_LINES of them).
  const kept = selectBranches(errors, options.schema === undefined ? { data } : { data, schema: options.schema }).slice(
    0,
    MAX_COLLECTED_ERRORS,
  );
  const typeFailures = new Set<string>();
  for (const { error: e } of kept)
    if (e.keyword === 'type') typeFailures.add(`${e.instancePath}\u0000${parentOf(e.schemaPath)}`);
  const out: Violation[] = [];
  for (const { error: e, message } of kept) {
    if (e.keyword !== 'type' && typeFailures.has(`${e.instancePath}\u0000${parentOf(e.schemaPath)}`)) continue;
    const segments = typedSegments(data, e.instancePath);
    const parent =
      options.schema !== undefined && e.schemaPath.startsWith('#')
        ? nodeAt(options.schema, fragmentPointer(parentOf(e.schemaPath)))
        : undefined;
    out.push({
      path: pathOf(segments),
      pointer: pointerOf(segments),
      keyword: e.keyword,
      message:
        message ??
        messageFor(
          e,
          valueAt(data, segments),
          parent !== null && typeof parent === 'object' ? (parent as Record<string, unknown>) : undefined,
        ),
      // A linked document's internal locations are mapped back to where the author wrote them.
      schemaPath:
        options.locate === undefined ? fragmentPointer(e.schemaPath) : options.locate(fragmentPointer(e.schemaPath)),
    });
  }
  return sortViolations(out);
}
