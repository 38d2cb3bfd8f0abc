// The raw text of one nested member of a JSON text (`params.arguments` of a tools/call line), so the proxy can
// hand the arguments' own text to validateJSON: a duplicate key or a number that parsing would round is refused
// there, which JSON.parse of the whole line would have hidden. The text is already known to be JSON (it parsed),
// so the scanner only skips strings and tracks nesting.

/** What was found at a path: the member's text, nothing, or the member more than once (a duplicate key). */
export type MemberText = { kind: 'absent' } | { kind: 'text'; text: string } | { kind: 'duplicate'; key: string };

/** Index just after the JSON string starting at `i` (a `"`): the next `"` not escaped by an odd run of `\\`. */
function skipString(text: string, i: number): number {
  for (let from = i + 1; ; ) {
    const q = text.indexOf('"', from);
    if (q < 0) return text.length;
    let k = q - 1;
    while (text.charCodeAt(k) === 92) k--;
    if ((q - 1 - k) % 2 === 0) return q + 1;
    from = q + 1;
  }
}

// Searched with indexOf and sticky regular expressions, not character by character: a 64 KB argument is
// scanned on every call, and this is the proxy's largest per-call cost after parsing.
const STRUCTURE = /["{}[\]]/g;
const SCALAR = /[^\s,}\]]*/y;
const SPACE = /[ \t\n\r]*/y;

/** Index just after the JSON value starting at `i` (whitespace before it already skipped). */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    STRUCTURE.lastIndex = i;
    for (let m = STRUCTURE.exec(text); m !== null; m = STRUCTURE.exec(text)) {
      const d = m[0];
      if (d === '"') STRUCTURE.lastIndex = skipString(text, m.index);
      else if (d === '{' || d === '[') depth++;
      else if (--depth === 0) return m.index + 1;
    }
    return text.length;
  }
  SCALAR.lastIndex = i;
  SCALAR.test(text);
  return SCALAR.lastIndex;
}

/** Index of the first character at or after `i` that is not JSON whitespace (RFC 8259 section 2). */
function skipSpace(text: string, i: number): number {
  SPACE.lastIndex = i;
  SPACE.test(text);
  return SPACE.lastIndex;
}

/** The [start, end) spans of every member named `key` of the object at `start`; none when it is no object. */
function membersOf(text: string, start: number, key: string): [number, number][] {
  const spans: [number, number][] = [];
  let i = skipSpace(text, start);
  if (text[i] !== '{') return spans;
  i = skipSpace(text, i + 1);
  while (i < text.length && text[i] !== '}') {
    const keyEnd = skipString(text, i);
    const name = JSON.parse(text.slice(i, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const valueEnd = skipValue(text, valueStart);
    if (name === key) spans.push([valueStart, valueEnd]);
    i = skipSpace(text, valueEnd);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return spans;
}

/** The text of the member at `path` (object keys, outermost first) of the JSON text `text`. */
export function memberText(text: string, path: readonly string[]): MemberText {
  let start = 0;
  let end = text.length;
  for (const key of path) {
    const spans = membersOf(text.slice(0, end), start, key);
    if (spans.length === 0) return { kind: 'absent' };
    if (spans.length > 1) return { kind: 'duplicate', key };
    [start, end] = spans[0] as [number, number];
  }
  return { kind: 'text', text: text.slice(start, end) };
}
