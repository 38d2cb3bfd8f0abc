import { fail, ok, schemaViolation, type Result } from '../result.js';
import { echo } from '../util/describe-value.js';
import type { ResourceIndex } from './references.js';

// What the reference index found wrong with the identifiers themselves, judged once every document is in (pipeline.ts
// resolveReferences), before any reference is followed: one read as two URIs, one that cannot be placed, or two
// resources under one URI (Core §9.1.2).

/**
 * The refusal of the index's identifiers, in that order, or ok; `rootUri`'s locations are bare pointers, and a URI
 * in `builtin` (a meta-schema the engine carries) is named as such.
 */
export function identifierRefusal(index: ResourceIndex, rootUri: string, builtin: ReadonlySet<string>): Result<true> {
  if (index.misread.length > 0) {
    const m = index.misread[0]!;
    return fail(
      'unsupported_capability',
      `schema cannot be enforced exactly: ${m.message}`,
      index.misread.map((x) =>
        schemaViolation(
          x.keyword,
          x.message,
          x.docUri === rootUri ? x.schemaPath : `${x.docUri}#${x.schemaPath}`,
          'not_enforceable',
        ),
      ),
    );
  }
  if (index.unplaced.length > 0) {
    // WHATWG URL, which the index reads URIs with, resolves nothing against an opaque base: the engine would
    // place such an `$id` its own way, and the references under it would go where the index does not look.
    const u = index.unplaced[0]!;
    const message = (x: { value: string }): string => `"$id" ${echo(x.value)} cannot be resolved against its base URI`;
    return fail(
      'unsupported_capability',
      `schema cannot be enforced exactly: ${message(u)}`,
      index.unplaced.map((x) =>
        schemaViolation(
          '$id',
          message(x),
          x.docUri === rootUri ? x.schemaPath : `${x.docUri}#${x.schemaPath}`,
          'not_enforceable',
        ),
      ),
    );
  }
  if (index.duplicates.length > 0) {
    const d = index.duplicates[0]!;
    const shippedClaim = (uri: string): string =>
      builtin.has(uri) ? ': the URI of a meta-schema the engine carries' : '';
    return fail(
      'validation',
      `duplicate schema identifier ${echo(d.uri)}${shippedClaim(d.uri)}`,
      index.duplicates.map((x) =>
        schemaViolation(
          '$id',
          `duplicate schema identifier ${echo(x.uri)}${shippedClaim(x.uri)}`,
          x.schemaPath,
          'duplicate_id',
        ),
      ),
    );
  }
  return ok(true);
}
