// What guardClient validates and sends of a call's arguments (mcp-client.ts, mcp-client-backend.ts): its own copy,
// never the caller's object, so nothing the caller holds (a getter, a value changed later) can differ between the
// check and the SDK serialising the request.
import { clip } from '../util/describe-value.js';
import { excessFailure } from '../util/limits.js';
import { copyBoundedJson, deepFreeze } from '../util/plain-json.js';
import type { JsonBounds, JsonExcess } from '../util/json-bounds.js';

/** The text of arguments past a bound. */
function excessMessage(excess: JsonExcess): string {
  const failed = excessFailure(excess, false);
  return failed.ok ? '' : failed.error.message;
}

/**
 * What is validated and sent of a call's arguments: a frozen private copy of an object, so the caller (or a getter in
 * it) cannot change it between the check and the SDK serialising the request, bounded as the Registry bounds
 * arguments (each reference counted as its JSON text would hold it); anything else as it is. Or why not.
 */
export function privateArguments(given: unknown, limits: JsonBounds): { value: unknown } | { why: string } {
  if (given === undefined || typeof given !== 'object' || given === null) return { value: given };
  const copy = copyBoundedJson(given, limits);
  if (copy.ok) return { value: deepFreeze(copy.value) };
  return {
    why: copy.finding.kind === 'not-json' ? 'arguments are not JSON' : clip(excessMessage(copy.finding.excess), 300),
  };
}
