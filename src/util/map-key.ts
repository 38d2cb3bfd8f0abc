/**
 * Longest string V8 hashes by its content: past it, by its length alone, so that every key of one length shares
 * one bucket of a Map and each lookup compares them whole.
 */
export const CONTENT_HASHED_CHARS = 16_383;

/**
 * A Map key standing for `text`: the text itself, or past CONTENT_HASHED_CHARS its SHA-256 (a key made of
 * foreign strings, such as a resource copy's dynamic context in schema/link.ts, could otherwise cost its length
 * on every lookup per key of that length). The marker keeps a digest from meeting a short text.
 */
export function mapKey(text: string): string {
  if (text.length <= CONTENT_HASHED_CHARS) return text;
  return `\u0001${process.getBuiltinModule('node:crypto').hash('sha256', text, 'base64')}`;
}
