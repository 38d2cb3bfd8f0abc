// What a tool publishes to a model (its description, annotations, input schema) holds no lone surrogate: I-JSON
// refuses one (RFC 7493 §2.1), and so do model APIs (Anthropic: "no low surrogate in string"), so one tool's
// description would fail every request of a conversation. Admission (preflight) and the framework adapters refuse it.
import { fail, type Failure, type GateError } from '../result.js';
import { shownPlace } from '../util/describe-value.js';
import { loneSurrogateAt } from '../util/jcs.js';

/**
 * The `validation` failure of published parts (`{ description, inputSchema, ... }`) holding a lone surrogate,
 * `prefix` before its message; undefined when none does. The violation's `params.field` names the part.
 */
export function loneSurrogateRefusal(prefix: string, parts: Record<string, unknown>): Failure<GateError> | undefined {
  const at = loneSurrogateAt(parts);
  if (at === undefined) return undefined;
  const message = `a lone surrogate at ${JSON.stringify(shownPlace(at))}: not I-JSON, which model APIs refuse`;
  const field = at.split('/')[1] ?? '';
  const violation = {
    path: '$',
    pointer: '',
    keyword: 'descriptor',
    schemaPath: '',
    code: 'descriptor_invalid' as const,
    params: { field },
    message,
  };
  return fail('validation', `${prefix}${message}`, [violation]);
}
