// Whether parsed JSON holds a number a rule picks out, walked without recursion (a listed tool is as deep as its
// server made it, and a recursive walk of one nested 100,000 deep would overflow the stack). JSON text as written is
// read by mask-secrets.ts's own tokenizer (Masker.retypesText).

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
