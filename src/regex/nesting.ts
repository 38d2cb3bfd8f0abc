// The guard's reader and analysis recurse once per level of groups, so without a bound the host's stack decided a
// deep pattern's verdict: 1,000 nested groups were admitted on Node's default stack and refused on a 100 KB one,
// and at 3,000 the message carried V8's `Maximum call stack size exceeded`. The bound is toolgate's own.

/** Deepest nesting of groups the regular-expression guard reads; real patterns nest a few levels. */
export const MAX_GROUP_NESTING = 64;

/** Why the guard does not read `source`'s groups, nested past MAX_GROUP_NESTING, or undefined when it does. */
export function nestedTooDeep(source: string): string | undefined {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === '(' && ++depth > MAX_GROUP_NESTING)
      return `its groups nest more than ${MAX_GROUP_NESTING} levels deep, past what the regular-expression guard reads`;
  }
  return undefined;
}
