// The raw text of one nested member of a JSON text (`params.arguments` of a tools/call line), so the proxy can
// hand the arguments' own text to validateJSON: a duplicate key or a number that parsing would round is refused
// there, which JSON.parse of the whole line would have hidden. The text is already known to be JSON (it parsed),
// so the scanner only skips strings and tracks nesting.

/** What was found at a path: the member's text, nothing, or the member more than once (a duplicate key). */
export type MemberText = { kind: 'absent' } | { kind: 'text'; text: string } | { kind: 'duplicate'; key: string };

/** Index just after the JSON string starting at `i` (a `"`). */
function skipString(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92) j++;
    else if (c === 34) return j + 1;
  }
  return text.length;
}

/** Index just after the JSON value starting at `i` (whitespace before it already skipped). */
function skipValue(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return skipString(text, i);
  if (c === '{' || c === '[') {
    let depth = 0;
    for (let j = i; j < text.length; j++) {
      const d = text[j];
      if (d === '"') j = skipString(text, j) - 1;
      else if (d === '{' || d === '[') depth++;
      else if (d === '}' || d === ']') {
        depth--;
        if (depth === 0) return j + 1;
      }
    }
    return text.length;
  }
  let j = i;
  while (j < text.length && !/[\s,}\]]/.test(text[j] as string)) j++;
  return j;
}

function skipSpace(text: string, i: number): number {
  let j = i;
  while (j < text.length && /\s/.test(text[j] as string)) j++;
  return j;
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
