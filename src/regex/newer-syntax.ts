/**
 * Regular-expression syntax newer than the V8 of the oldest Node toolgate supports (package.json `engines`):
 * ECMAScript 2025's modifier groups (`(?i:…)`, `(?-m:…)`) and a capture-group name used twice. Node 20 and 22
 * refuse both as SyntaxErrors, Node 24 compiles them, so a verdict read from V8 alone would depend on the
 * Node version. toolgate finds them itself, before V8 is asked, and every version gives the same answer.
 */

/** Why `source` uses syntax only newer Node versions compile, or undefined when it uses none. */
export function newerSyntax(source: string): string | undefined {
  const names = new Set<string>();
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    if (c !== '(' || source[i + 1] !== '?') continue;
    const next = source[i + 2] ?? '';
    if ('ims-'.includes(next) && next !== '') return 'a modifier group `(?flags:…)` (ECMAScript 2025)';
    if (next !== '<' || source[i + 3] === '=' || source[i + 3] === '!') continue;
    const end = source.indexOf('>', i + 3);
    if (end === -1) continue;
    const name = groupName(source.slice(i + 3, end));
    if (names.has(name)) return 'one capture-group name for two groups (ECMAScript 2025)';
    names.add(name);
  }
  return undefined;
}

/** A group name with its `\uXXXX` and `\u{…}` escapes read, so `\u0061` and `a` are one name. */
function groupName(written: string): string {
  return written.replace(/\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})/g, (_, braced, four) => {
    const code = Number.parseInt((braced ?? four) as string, 16);
    return code > 0x10ffff ? '\u{fffd}' : String.fromCodePoint(code);
  });
}
