// The guard's reader and analysis recurse once per level of groups, so without a bound the host's stack decided a
// deep pattern's verdict: 1,000 nested groups were admitted on Node's default stack and refused on a 100 KB one,
// and at 3,000 the message carried V8's `Maximum call stack size exceeded`. The bound is toolgate's own, kept by the
// one reader of pattern source (parse.ts), which stops at it before its own recursion goes deeper.

/** Deepest nesting of groups the regular-expression guard reads; real patterns nest a few levels. */
export const MAX_GROUP_NESTING = 64;

const DEEPER = `more than ${MAX_GROUP_NESTING} levels deep`;

/** Why the guard does not read a pattern whose groups nest past MAX_GROUP_NESTING: what parse.ts throws. */
export const NESTED_TOO_DEEP = `its groups nest ${DEEPER}, past what the regular-expression guard reads`;

/** Whether `thrown` (by parseRegex) is the nesting bound's refusal. */
export const nestedTooDeep = (thrown: unknown): boolean =>
  thrown instanceof Error && thrown.message === NESTED_TOO_DEEP;
