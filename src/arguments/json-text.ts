import { ok, type Result } from '../result.js';
import { parseNative, provenByTally } from './json-text-native.js';
import { firstDuplicateKey, parseStrictJsonText } from './json-text-strict.js';
import { NO_TEXT_LIMITS, type ParsedText, type TextLimits } from './parsed-text.js';

/**
 * A strict JSON text parser (RFC 8259) for tool-call arguments. Unlike JSON.parse it refuses what a
 * tool and a log could read differently: duplicate keys, numbers a float64 does not carry exactly
 * (9007199254740993, 1.0000000000000000001, overflow to Infinity), lone surrogates, a byte order
 * mark. Iterative, so nesting depth cannot overflow the stack; maxArgumentDepth stops a deep text
 * before it is built.
 * The other argument limits are counted while building (values, string and key lengths, members).
 * Texts JSON.parse reads the same way take the native path (arguments/json-text-native.ts).
 */
export function parseJsonText(source: string, given: TextLimits): Result<ParsedText> {
  // Most texts are read exactly by the native parser; arguments/json-text-native.ts says which.
  const native = parseNative(source, given);
  return native !== undefined ? ok(native) : parseStrictJsonText(source, given);
}

/**
 * The first key written twice in one object of the JSON text `text`, where JSON.parse keeps the last (RFC 8259 §4:
 * names SHOULD be unique); undefined when there is none (or the text is not JSON). The native path proves most texts
 * in one scan; an inexact number or a lone surrogate does not stop the search.
 */
export function duplicateKeyIn(text: string, parsed?: { readonly value: unknown }): string | undefined {
  // `parsed`: JSON.parse's reading of `text`, when the caller has it (a proxied result), proven without a second parse.
  if (parsed !== undefined && provenByTally(parsed.value, text)) return undefined;
  if (parseNative(text, NO_TEXT_LIMITS) !== undefined) return undefined;
  return firstDuplicateKey(text);
}
