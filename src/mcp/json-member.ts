// The raw text of one nested member of a JSON text (`params.arguments` of a tools/call line), so the proxy can
// hand the arguments' own text to validateJSON: a duplicate key or a number that parsing would round is refused
// there, which JSON.parse of the whole line would have hidden. The text is already known to be JSON (it parsed),
// so the scanner only skips strings and tracks nesting.

/** What was found at a path: the member's text, nothing, or the member more than once (a duplicate key). */
export type MemberText = { kind: 'absent' } | { kind: 'text'; text: string } | { kind: 'duplicate'; key: string };

/** The code unit of `"`. */
const QUOTE = 34;

// Searched with indexOf and sticky regular expressions, not character by character: a 64 KB argument is
// scanned on every call, and this is the proxy's largest per-call cost after parsing. `test` with a sticky
// expression only moves lastIndex; `exec` would allocate a match for every string and bracket.
const PLAIN = /[^"{}[\]]*/y;
const SCALAR = /[^\s,}\]]*/y;
const SPACE = /[ \t\n\r]*/y;
/** A string's characters up to its closing quote, when none is escaped. */
const UNESCAPED = /[^"\\]*"/y;

/** Index just after the JSON string starting at `i` (a `"`): the next `"` not escaped by an odd run of `\\`. */
export function skipString(text: string, i: number): number {
  for (let from = i + 1; ; ) {
    const q = text.indexOf('"', from);
    if (q < 0) return text.length;
    let k = q - 1;
    while (text.charCodeAt(k) === 92) k--;
    if ((q - 1 - k) % 2 === 0) return q + 1;
    from = q + 1;
  }
}

/**
 * Whether the JSON string at [start, end) (quotes included) spells `key`. A string with no escape is compared as it
 * stands, with nothing allocated; one with an escape is read as JSON (`"\u0070arams"` is `params`).
 */
function spells(text: string, start: number, end: number, key: string): boolean {
  UNESCAPED.lastIndex = start + 1;
  if (UNESCAPED.test(text) && UNESCAPED.lastIndex === end)
    return end - start - 2 === key.length && text.startsWith(key, start + 1);
  return JSON.parse(text.slice(start, end)) === key;
}

/** Index just after the JSON value starting at `i` (whitespace before it already skipped). */
export function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return skipString(text, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let at = i; ; ) {
      PLAIN.lastIndex = at;
      PLAIN.test(text);
      at = PLAIN.lastIndex;
      if (at >= text.length) return text.length;
      const d = text.charCodeAt(at);
      if (d === QUOTE) at = skipString(text, at);
      else {
        at++;
        if (d === 123 || d === 91) depth++;
        else if (--depth === 0) return at;
      }
    }
  }
  SCALAR.lastIndex = i;
  SCALAR.test(text);
  return SCALAR.lastIndex;
}

/** Index of the first character at or after `i` that is not JSON whitespace (RFC 8259 section 2). */
export function skipSpace(text: string, i: number): number {
  SPACE.lastIndex = i;
  SPACE.test(text);
  return SPACE.lastIndex;
}

/** The members named `key` of an object: how many, and the [start, end) span of the first. */
interface Found {
  count: number;
  start: number;
  end: number;
}

/** The members named `key` of the object at `start` (none when it is no object): one record, no array per call. */
function membersOf(text: string, start: number, key: string): Found {
  const found: Found = { count: 0, start: 0, end: 0 };
  let i = skipSpace(text, start);
  if (text[i] !== '{') return found;
  i = skipSpace(text, i + 1);
  while (i < text.length && text[i] !== '}') {
    const keyEnd = skipString(text, i);
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const valueEnd = skipValue(text, valueStart);
    if (spells(text, i, keyEnd, key) && found.count++ === 0) {
      found.start = valueStart;
      found.end = valueEnd;
    }
    i = skipSpace(text, valueEnd);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return found;
}

/** The text of the member at `path` (object keys, outermost first) of the JSON text `text`. */
export function memberText(text: string, path: readonly string[]): MemberText {
  let start = 0;
  let end = text.length;
  for (const key of path) {
    const found = membersOf(text.slice(0, end), start, key);
    if (found.count === 0) return { kind: 'absent' };
    if (found.count > 1) return { kind: 'duplicate', key };
    ({ start, end } = found);
  }
  return { kind: 'text', text: text.slice(start, end) };
}

/** The texts of the elements of the JSON array text `text` (known to be JSON), in order; none when it is no array. */
export function elementTexts(text: string): string[] {
  const out: string[] = [];
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 91) return out;
  i = skipSpace(text, i + 1);
  while (i < text.length && text.charCodeAt(i) !== 93) {
    const end = skipValue(text, i);
    out.push(text.slice(i, end));
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
  }
  return out;
}
