import { fail, type ErrorClass, type Failure, type GateError, type Violation } from '../result.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { pointerSegments } from '../util/json-pointer.js';

// The gates walk a schema in the order its keys were written, so two JSON-equal schemas (RFC 8785: key order
// aside, the same input) named their problems, and headed the message with the first, in different orders: a
// hunt's find. A refused document's list is put in one canonical order before it is reported; only on the failure
// path, so an admitted schema pays nothing.

/** A violation with what the order reads of its schemaPath, worked out once per violation, not per comparison. */
interface Keyed {
  readonly violation: Violation;
  /** The document: '' for the root (its locations are bare pointers), else the URI before `#`. */
  readonly document: string;
  /** The pointer's unescaped segments; undefined when it is not a JSON Pointer (compared as text then). */
  readonly segments: readonly string[] | undefined;
  readonly pointer: string;
}

function keyed(violation: Violation): Keyed {
  const at = violation.schemaPath;
  const root = at === '' || at.startsWith('/');
  const hash = root ? -1 : at.indexOf('#');
  const document = root ? '' : hash < 0 ? at : at.slice(0, hash);
  const pointer = root ? at : hash < 0 ? '' : at.slice(hash + 1);
  return { violation, document, segments: pointerSegments(pointer), pointer };
}

/** Segment by segment (code units), a pointer before the ones below it: the canonical walk's order of places. */
function bySegments(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = byCodeUnits(a[i] as string, b[i] as string);
    if (c !== 0) return c;
  }
  return a.length - b.length;
}

function compareKeyed(a: Keyed, b: Keyed): number {
  const place =
    byCodeUnits(a.document, b.document) ||
    (a.segments !== undefined && b.segments !== undefined
      ? bySegments(a.segments, b.segments)
      : byCodeUnits(a.pointer, b.pointer));
  if (place !== 0) return place;
  const x = a.violation;
  const y = b.violation;
  return byCodeUnits(x.message, y.message) || byCodeUnits(x.keyword, y.keyword) || byCodeUnits(x.code, y.code);
}

/**
 * A refused schema's violations in canonical order: by document, then schemaPath as JSON Pointer segments compared
 * by UTF-16 code units, then message, keyword and code; none dropped. The same for every key order of the schema.
 */
export function inCanonicalOrder(violations: readonly Violation[]): Violation[] {
  if (violations.length < 2) return violations.slice();
  return violations
    .map(keyed)
    .sort(compareKeyed)
    .map((k) => k.violation);
}

/**
 * A refusal of `violations` in canonical order, its message `lead: ` and the first of them (`fallback` when there is
 * none): the same bytes for every key order of the schema.
 */
export function refuse(
  errorClass: Exclude<ErrorClass, 'execution_failure'>,
  lead: string,
  violations: readonly Violation[],
  fallback = '',
): Failure<GateError> {
  const sorted = inCanonicalOrder(violations);
  return fail(errorClass, `${lead}: ${sorted[0]?.message ?? fallback}`, sorted);
}
