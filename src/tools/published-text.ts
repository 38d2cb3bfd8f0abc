// What a tool publishes to a model (its description, annotations, input schema) holds no lone surrogate: I-JSON
// refuses one (RFC 7493 §2.1), and so do model APIs (Anthropic: "no low surrogate in string"), so one tool's
// description would fail every request of a conversation. Nor a character that steers its reader unseen
// (src/util/hidden-text.ts): a control (a terminal escape), a bidi embedding, override or isolate (the text a
// reviewer sees is not the text in the order a model reads it), a tag character (instructions a model reads and no
// person sees). Admission (preflight) and the framework adapters refuse it.
import { fail, type Failure, type GateError } from '../result.js';
import { shownPlace } from '../util/describe-value.js';
import { steeringIn } from '../util/hidden-text.js';
import { firstTextAt, hasLoneSurrogate } from '../util/jcs.js';

/** What in `text` may not be published, and why; undefined when nothing. */
function problemOf(text: string): readonly [what: string, why: string] | undefined {
  if (hasLoneSurrogate(text)) return ['a lone surrogate', 'not I-JSON, which model APIs refuse'];
  const steering = steeringIn(text);
  return steering === undefined ? undefined : [steering, 'it steers what a model reads, unseen'];
}

/**
 * The `validation` failure of published parts (`{ description, inputSchema, ... }`) holding a lone surrogate or a
 * steering character, `prefix` before its message; undefined when none does. The violation's `params.field` names
 * the part.
 */
export function publishedTextRefusal(prefix: string, parts: Record<string, unknown>): Failure<GateError> | undefined {
  const found = firstTextAt(parts, (text) => problemOf(text) !== undefined);
  if (found === undefined) return undefined;
  const [what, why] = problemOf(found.text) as readonly [string, string];
  const message = `${what} at ${JSON.stringify(shownPlace(found.pointer))}: ${why}`;
  const field = found.pointer.split('/')[1] ?? '';
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
