// The path segments of an http(s) URL that may be keys. Some services put the key in the path
// (`https://mcp.zapier.com/api/mcp/s/<key>/mcp`, a hunt's note), where query values and a password were the only
// parts of a URL masked: `--url`'s (mcp/server-url.ts) and a command line's URL words (exec/command-line.ts).
import { writtenAndDecoded } from './percent-decoded.js';

/**
 * A path segment that may be a key: at least 24 characters with at least 4 letters and 4 digits, as generated keys
 * and UUIDs are; a place's name (`/v1/mcp`, `/modelcontextprotocol/`, `/weather-api-v2024/`) is left alone, since
 * masking a word would garble every text holding it (a review's find: a 17-character slug with a year in it was
 * masked in every result that named it).
 */
const isKeySegment = (text: string): boolean =>
  text.length >= 24 && (text.match(/\d/g)?.length ?? 0) >= 4 && (text.match(/[A-Za-z]/g)?.length ?? 0) >= 4;

/** The path segments of an http(s) URL word that may be keys (isKeySegment), with where each starts. */
export function keySegments(word: string): { at: number; text: string }[] {
  if (!/^https?:\/\//i.test(word)) return [];
  // The authority ends at the first `/`, `?` or `#` (RFC 3986 §3.2); only a `/` starts a path.
  const authority = word.indexOf('//') + 2;
  const pathStart = word.slice(authority).search(/[/?#]/) + authority;
  if (pathStart < authority || word[pathStart] !== '/') return [];
  const stops = [word.indexOf('?', pathStart), word.indexOf('#', pathStart)].filter((i) => i >= 0);
  const path = word.slice(pathStart, stops.length === 0 ? word.length : Math.min(...stops));
  const out: { at: number; text: string }[] = [];
  let at = pathStart + 1;
  for (const text of path.slice(1).split('/')) {
    if (isKeySegment(text)) out.push({ at, text });
    at += text.length + 1;
  }
  return out;
}

/** `url` (an http(s) URL's text) with each path segment that may be a key written as `shown`. */
export function withoutKeySegments(url: string, shown: string): string {
  let out = url;
  // Right to left: each cut leaves the places of the segments before it as they were.
  for (const { at, text } of keySegments(url).reverse())
    out = `${out.slice(0, at)}${shown}${out.slice(at + text.length)}`;
  return out;
}

/** The secrets of `url`'s path: each segment that may be a key, as written and percent-decoded. */
export function keySegmentSecrets(url: string): string[] {
  return keySegments(url).flatMap(({ text }) => writtenAndDecoded(text));
}
