// The `Content-Type` and `Accept` checks of `--listen` (MCP 2025-06-18, "Sending Messages to the Server"), read as
// RFC 9110 defines them: a media type is compared as its type/subtype tokens, case-insensitive, whatever its
// parameters (so `application/jsonp` is not JSON), and an `Accept` range weighted `q=0` says "not acceptable"
// (section 12.4.2), the most specific range that names a type deciding for it (section 12.5.1).
import type { IncomingMessage } from 'node:http';

/** The type/subtype of a media type with its parameters, lowercased; '' when there is none. */
function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Whether a `Content-Type` names `type` (`type` lowercase), with any parameters. */
export function isMediaType(contentType: string | undefined, type: string): boolean {
  // Most clients send the bare type as it is compared: no strings made for those.
  return contentType === type || (contentType !== undefined && essence(contentType) === type);
}

/** A weight RFC 9110 allows: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * The members of a header list split at commas outside quoted strings (a parameter value may hold one), each
 * cut at its semicolons outside quoted strings.
 */
function listOf(header: string): string[][] {
  const members: string[][] = [];
  let parts: string[] = [];
  let part = '';
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i] as string;
    if (quoted && c === '\\') {
      part += c + (header[++i] ?? '');
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (quoted || (c !== ',' && c !== ';')) {
      part += c;
      continue;
    }
    parts.push(part.trim());
    part = '';
    if (c === ',') {
      members.push(parts);
      parts = [];
    }
  }
  parts.push(part.trim());
  members.push(parts);
  return members;
}

/** The weight of each media range of an `Accept` header, by its lowercase type/subtype (the first of repeats). */
function rangesOf(accept: string): ReadonlyMap<string, number> {
  const ranges = new Map<string, number>();
  for (const [range = '', ...params] of listOf(accept)) {
    const name = range.toLowerCase();
    if (!/^[^\s/]+\/[^\s/]+$/.test(name) || ranges.has(name)) continue;
    // The first `q` ends the media type's own parameters; what follows is an extension, not read.
    const q = params.find((p) => /^q\s*=/i.test(p))?.replace(/^q\s*=\s*/i, '');
    // A malformed weight grants nothing: the range is as if it were not there.
    if (q !== undefined && !QVALUE.test(q)) continue;
    ranges.set(name, q === undefined ? 1 : Number(q));
  }
  return ranges;
}

/** The ranges of the last `Accept` header read: a client sends the same one with every request. */
let lastAccept: { readonly text: string; readonly ranges: ReadonlyMap<string, number> } = {
  text: '',
  ranges: new Map(),
};

/** Whether a request's `Accept` header makes `type` (lowercase type/subtype) acceptable: weighted above 0. */
export function accepts(req: IncomingMessage, type: string): boolean {
  const accept = req.headers.accept ?? '';
  if (accept !== lastAccept.text) lastAccept = { text: accept, ranges: rangesOf(accept) };
  const { ranges } = lastAccept;
  const q = ranges.get(type) ?? ranges.get(`${type.slice(0, type.indexOf('/'))}/*`) ?? ranges.get('*/*') ?? 0;
  return q > 0;
}
