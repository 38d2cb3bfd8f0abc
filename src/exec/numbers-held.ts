// Whether JSON holds a number a rule picks out: a parsed value walked without recursion (a listed tool is as deep as
// its server made it, and a recursive walk of one nested 100,000 deep would overflow the stack), or JSON text read
// token by token (what the proxy passes on as its server wrote it is masked as written: mask-secrets.ts).

/** Whether some number in `value` (parsed JSON: objects, arrays, strings, numbers, booleans, null) passes `picked`. */
export function holdsNumber(value: unknown, picked: (n: number) => boolean): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'number') {
      if (picked(v)) return true;
    } else if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (typeof v === 'object' && v !== null) for (const item of Object.values(v)) stack.push(item);
  }
  return false;
}

/** Characters of a JSON number token. */
const NUMBER_CHAR = /[-+.0-9eE]/;

/** Whether some number token of `json` (JSON text), as written, passes `picked`; strings are skipped. */
export function writesNumber(json: string, picked: (token: string) => boolean): boolean {
  for (let i = 0; i < json.length; ) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, past each escaped character.
      for (i++; i < json.length && json.charCodeAt(i) !== 0x22; i++) if (json.charCodeAt(i) === 0x5c) i++;
      i++;
    } else if (NUMBER_CHAR.test(json[i] as string)) {
      let end = i + 1;
      while (end < json.length && NUMBER_CHAR.test(json[end] as string)) end++;
      if (picked(json.slice(i, end))) return true;
      i = end;
    } else i++;
  }
  return false;
}
