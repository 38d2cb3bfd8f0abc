import { clip, describeValue, oneLine } from '../util/describe-value.js';
import { readOwnFields } from '../util/own-field.js';

/** A tool call as models emit it: `arguments` a JSON text (OpenAI) or an object (Anthropic, MCP). */
export interface ToolCall {
  readonly id: string;
  readonly name: string;
  /** A JSON text (empty or whitespace means `{}`), a value, or absent (means `{}`). */
  readonly arguments?: unknown;
}

/** A call's fields, each read once as own data: every later step uses these, never the caller's object. */
export interface CallFields {
  readonly callId: string;
  /** The name as sent (any value); looked up only if a string. */
  readonly name: unknown;
  /** The name for result texts: the string (cut to 80 characters), or a description of what was sent. */
  readonly shownName: string;
  readonly args: unknown;
  /** Set when a field is an accessor or a Proxy trap threw. */
  readonly problem: string | undefined;
}

/**
 * Reads `id`, `name` and `arguments` exactly once, as own data properties (own-field.ts). A getter or
 * a Proxy could answer 'read_only' to the lookup and the authorize stage and 'delete_all' afterwards;
 * with one read, what was looked up, validated and authorized is what runs.
 */
export function readCall(call: unknown): CallFields {
  const { values, problems } = readOwnFields(call, ['id', 'name', 'arguments']);
  const { id, name } = values;
  // A primitive id (some clients send numbers) is kept as text; an object id is dropped, since String()
  // on it would run its toString (caller code) and the id is only echoed back, never trusted.
  const callId =
    typeof id === 'string'
      ? id
      : typeof id === 'number' || typeof id === 'boolean' || typeof id === 'bigint'
        ? String(id)
        : '';
  // The name as the model's result names it; only a string is ever looked up.
  // Cut: a name is foreign text, and a 100,000-character one must not come back whole in the result. One line:
  // a refusal puts it unquoted in a sentence, where a line break would let it pose as a line of toolgate's.
  const shownName = typeof name === 'string' ? oneLine(clip(name, 80)) : name === undefined ? '' : describeValue(name);
  const problem = problems.length > 0 ? `a tool call must hold plain data: ${problems.join('; ')}` : undefined;
  return { callId, name, shownName, args: values.arguments, problem };
}
