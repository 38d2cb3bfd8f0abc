// The order a JSON text gives the members of an object. A JavaScript object lists the names that look like array
// indexes ("1", "20") first, in numeric order, whatever order they were written in (ECMA-262 §10.1.11.1,
// OrdinaryOwnPropertyKeys): a config whose servers are named "2" and "10" would be read, reported and written
// back in another order than its own. The text is JSON already parsed strictly, so the scan trusts its shape.

/** Whether `c` is JSON whitespace (RFC 8259 §2). */
const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** Where the JSON string opening at `start` ends (after its closing quote). */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}

/**
 * The names of the members of the object that is the value of the top-level member `key`, in the order `text`
 * writes them; undefined when that value is no object.
 */
export function memberNamesInOrder(text: string, key: string): string[] | undefined {
  const names: string[] = [];
  let depth = 0;
  let lastTopKey: string | undefined;
  let inside = false;
  let found = false;
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    if (c === '"') {
      const end = stringEnd(text, i);
      let j = end;
      while (isSpace(text[j])) j++;
      if (text[j] === ':') {
        const name = JSON.parse(text.slice(i, end)) as string;
        if (depth === 1) lastTopKey = name;
        else if (inside && depth === 2) names.push(name);
      }
      i = end;
      continue;
    }
    if (c === '{' || c === '[') {
      depth++;
      if (depth === 2 && c === '{' && lastTopKey === key && !found) inside = found = true;
    } else if (c === '}' || c === ']') {
      if (depth === 2) inside = false;
      depth--;
    }
    i++;
  }
  return found ? names : undefined;
}

/**
 * `document` as JSON text indented by `indent`, its member `key` replaced by `servers` written in `order` (each
 * name once): the names stand in as keys no index looks like while JSON.stringify writes, then are put back.
 */
export function stringifyInOrder(
  document: Readonly<Record<string, unknown>>,
  key: string,
  servers: Readonly<Record<string, unknown>>,
  order: readonly string[],
  indent: string,
): string {
  // What stands for the name of the server at index i while the document is written: U+0001 around i, as many
  // times over as no key or string of the document holds it (JSON writes it `\u0001`), so only a stand-in matches.
  const written = JSON.stringify({ ...document, [key]: servers });
  let mark = '\u0001';
  while (written.includes(JSON.stringify(mark).slice(1, -1))) mark += '\u0001';
  const held = Object.create(null) as Record<string, unknown>;
  for (const [i, name] of order.entries()) held[`${mark}${i}${mark}`] = servers[name];
  const text = JSON.stringify({ ...document, [key]: held }, null, indent);
  const escaped = JSON.stringify(mark).slice(1, -1).replaceAll('\\', '\\\\');
  // A key is a string followed by ":"; inside a string a quote is escaped, so the pattern is only ever a key.
  const stand = new RegExp(`"${escaped}(\\d+)${escaped}":`, 'g');
  return text.replace(stand, (_, i: string) => `${JSON.stringify(order[Number(i)])}:`);
}
