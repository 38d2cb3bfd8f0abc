// A tools/call's arguments as the text that arrived, for a server that is handed what JSON.parse made of them (the
// MCP SDK's handlers): JSON.parse rounds a number no double holds (9007199254740993 passes a maximum of
// 9007199254740992 and arrives as it) and keeps the last of two equal keys, so a handler would check, and run,
// other arguments than the client sent. The proxy and validateJSON read the text exactly; this says where they would
// refuse, for a server to answer before its handler runs.
import { parseJsonText } from '../arguments/json-text.js';
import { NO_TEXT_LIMITS } from '../arguments/parsed-text.js';
import { readCall, requestTwice } from './repeated-keys.js';

/**
 * Why the `arguments` of the tools/call read from `text` are not exactly what JSON.parse made of them (a key of the
 * request given twice in one object, anywhere, a number no double holds as written) or what the SDK's handler gets
 * (a top-level `__proto__`), or undefined.
 */
export function inexactArguments(text: string): string | undefined {
  // The SDK's handler reads `name` and `_meta` as JSON.parse kept them too: a key given twice is refused anywhere.
  const raw = readCall(text);
  if (raw.kind === 'twice') return requestTwice(raw.key);
  if (raw.arguments === undefined) return undefined;
  const read = parseJsonText(raw.arguments, NO_TEXT_LIMITS);
  if (!read.ok) return read.error.message;
  // The SDK copies the arguments' top-level members into a new object (its record schema), where a member named
  // `__proto__` sets the copy's prototype and is gone: the schema would judge the call without it.
  const value = read.value.value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, '__proto__'))
    return 'the arguments have a member named "__proto__", which would not reach the tool as a member';
  return undefined;
}
