// Found by the determinism hunt: the guard's reader and analysis recurse per level of groups, so the host's stack
// decided a deeply nested pattern's verdict. `((…a…))` 1,000 levels deep was admitted on Node's default stack and
// refused with ~100 KB of it left (`--stack-size=100`, a deep caller, a worker); 3,000 levels were refused with
// V8's `Maximum call stack size exceeded` in the message. Groups nested past MAX_GROUP_NESTING are now refused
// by toolgate's own bound, whatever stack is left.
import { describe, expect, it } from 'vitest';
import { checkPattern } from '../../src/regex/guard.js';
import { MAX_GROUP_NESTING } from '../../src/regex/nesting.js';

const nested = (depth: number, atom: string): string => `${'('.repeat(depth)}${atom}${')'.repeat(depth)}`;

/**
 * `run` called with only about a tenth of the stack left, as a deep caller or a small stack leaves it. The depth is
 * found by overflowing with the same frames that then hold `run`: a probe of other frames measured it wrong under
 * load (V8 sizes a frame by how far its function was optimized), and the helper itself overflowed (a newcomer's run).
 */
function withLittleStack<T>(run: () => T): T {
  let deepest = -1;
  let outcome: { value: T } | undefined;
  let ran = false;
  const descend = (n: number): void => {
    try {
      descend(n + 1);
    } catch (thrown) {
      if (ran || !(thrown instanceof RangeError)) throw thrown;
      if (deepest < 0) deepest = n;
    }
    if (!ran && deepest - n >= Math.floor(deepest / 10)) {
      ran = true;
      outcome = { value: run() };
    }
  };
  descend(0);
  if (outcome === undefined) throw new Error('run was never called');
  return outcome.value;
}

describe("a pattern's verdict does not depend on the stack left", () => {
  it.each([100, 200, 1_000, 3_000])(
    'groups %i deep: the same verdict, toolgate-worded, on a full or short stack',
    (d) => {
      const full = checkPattern(nested(d, 'a'));
      const short = withLittleStack(() => checkPattern(nested(d, 'b')));
      expect(short).toEqual(full);
      const said = `its groups nest more than ${MAX_GROUP_NESTING} levels deep`;
      expect(full).toEqual({ hazard: `${said}, past what the regular-expression guard reads` });
    },
  );

  it('groups nested to the bound are still read and judged', () => {
    expect(checkPattern(nested(MAX_GROUP_NESTING, 'a'))).toEqual({});
    expect(withLittleStack(() => checkPattern(nested(MAX_GROUP_NESTING, 'c')))).toEqual({});
  });

  it('parentheses in a class or escaped do not count as groups', () => {
    expect(checkPattern(`[${'('.repeat(200)}]\\(${'\\('.repeat(200)}x`)).toEqual({});
  });
});
