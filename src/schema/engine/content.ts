import type { Ajv2020 } from 'ajv/dist/2020.js';
import { parseJsonText } from '../../arguments/json-text.js';
import { DEFAULT_LIMITS } from '../../util/limits.js';

/** Encodings and media types toolgate can check when `contentAssertion` is on (Validation §8). */
export const ASSERTED_ENCODINGS: readonly string[] = ['base64'];
export const ASSERTED_MEDIA_TYPES: readonly string[] = ['application/json'];

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Decodes per contentEncoding into text for a media type, or undefined when it is not that encoding or not UTF-8. */
export function decodeContent(text: string, encoding: unknown): string | undefined {
  if (encoding === undefined) return text;
  if (!BASE64.test(text)) return undefined;
  // Fatal decoding: bytes that are not UTF-8 must not turn into U+FFFD and then pass contentSchema.
  try {
    return UTF8.decode(Buffer.from(text, 'base64'));
  } catch {
    return undefined;
  }
}

/** Thrown to end a validation at a decoded document past the limits; check-arguments.ts reports the limit. */
export const CONTENT_OVER: Error = new Error('toolgate: a decoded contentMediaType document is past the limits');

/** Thrown to end a validation at a decoded document that is JSON toolgate cannot read exactly; check-arguments.ts. */
export const CONTENT_INEXACT: Error = new Error('toolgate: a decoded contentMediaType document is not exact JSON');

/** Whether `text` is JSON by its grammar alone (JSON.parse); a parse too deep for the stack is a limit. */
function isJsonGrammar(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch (thrown) {
    if (thrown instanceof SyntaxError) return false;
    throw CONTENT_OVER;
  }
}

/**
 * Parses per contentMediaType with the same strict parser as validateJSON, so a decoded document gets
 * the same treatment as arguments: duplicate keys, inexact numbers and lone surrogates are refused.
 * A decoded document past the default argument limits stops validation (execution_failure), and one that is JSON
 * but not exact JSON stops it too (validation, as such arguments are): neither is a mismatch.
 */
export function parseContent(text: string, mediaType: unknown): { ok: true; value?: unknown } | { ok: false } {
  if (mediaType === undefined) return { ok: true };
  const parsed = parseJsonText(text, DEFAULT_LIMITS);
  // A bound reached while parsing (the nesting depth) is a limit, as one found after it is: never "not JSON",
  // which under `not` would pass a document the schema forbids.
  if (!parsed.ok && parsed.error.class === 'execution_failure') throw CONTENT_OVER;
  if (!parsed.ok) {
    // What the strict parser refuses as inexact (a duplicate key, a lone surrogate, a number no double holds) is
    // still JSON (RFC 8259 §4, §6, §8.2): read as "not JSON", `not` or `if` would pass it (a hunt's find).
    if (isJsonGrammar(text)) throw CONTENT_INEXACT;
    return { ok: false };
  }
  if (!parsed.value.withinLimits) throw CONTENT_OVER;
  return { ok: true, value: parsed.value.value };
}

/**
 * Replaces Ajv's annotation-only content keywords by one assertion on `contentMediaType` /
 * `contentEncoding` that also applies `contentSchema` to the decoded document. The argument value
 * itself is never replaced: decoding happens on a copy of the string.
 */
export function installContentKeywords(ajv: Ajv2020): void {
  for (const k of ['contentEncoding', 'contentMediaType', 'contentSchema']) ajv.removeKeyword(k);
  ajv.addKeyword({ keyword: 'contentSchema' });
  ajv.addKeyword({
    keyword: 'contentEncoding',
    type: 'string',
    errors: true,
    compile(_schema: unknown, parent: Record<string, unknown>) {
      if (parent['contentMediaType'] !== undefined) return () => true;
      // Without a media type only the encoding is asserted: base64 of binary data is fine here.
      const check = (data: string): boolean => BASE64.test(data);
      return check;
    },
  });
  ajv.addKeyword({
    keyword: 'contentMediaType',
    type: 'string',
    errors: true,
    compile(_schema: unknown, parent: Record<string, unknown>) {
      const sub = parent['contentSchema'];
      const inner = sub === undefined ? undefined : ajv.compile(sub as object);
      return (data: string): boolean => {
        const decoded = decodeContent(data, parent['contentEncoding']);
        if (decoded === undefined) return false;
        const parsed = parseContent(decoded, parent['contentMediaType']);
        if (!parsed.ok) return false;
        return inner === undefined ? true : inner(parsed.value) === true;
      };
    },
  });
}
