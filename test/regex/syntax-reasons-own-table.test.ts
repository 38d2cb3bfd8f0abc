// Found by the determinism hunt: why a pattern did not compile was V8's own text (`Invalid group`, `Range out of
// order in character class`), passed on into reports and the model's messages, and a Node whose V8 rewords a
// reason or adds one would change those bytes. The reason now always comes from toolgate's table.
import { describe, expect, it } from 'vitest';
import { validateSchema } from '../../src/index.js';
import { checkPattern } from '../../src/regex/guard.js';
import { SYNTAX_REASONS, syntaxReason } from '../../src/regex/syntax-reasons.js';

const INVALID = [
  ['(', 'a group is not closed'],
  ['a)', 'a `)` closes no group'],
  ['[z-a]', 'a class range whose end comes before its start'],
  ['a{2,1}', 'a `{min,max}` quantifier with max below min'],
  ['(?<x', 'a malformed capture-group name'],
  ['\\k<y>(?<x>a)', 'a `\\k<…>` reference to no group'],
  ['*', 'a quantifier with nothing to repeat'],
  ['(?<=a)+', 'a quantifier on what cannot be repeated'],
  ['(?<a>.)\\k<a', 'a malformed capture-group name'],
  ['[a', 'a class is not closed'],
  ['(?P<a>x)', 'a group opened with `(?` and no known kind'],
] as const;

describe("an invalid pattern's reason is toolgate's own text, not V8's", () => {
  it.each(INVALID)('%j: %s', (pattern, reason) => {
    expect(checkPattern(pattern)).toEqual({ invalid: reason });
  });

  it('every reason said is a value of the table, or `does not compile`', () => {
    const own = new Set([...SYNTAX_REASONS.values(), 'does not compile']);
    for (const [pattern] of INVALID) expect(own.has(checkPattern(pattern).invalid as string), pattern).toBe(true);
  });

  it('a reason V8 might add or reword is not passed on', () => {
    const reworded = new SyntaxError('Invalid regular expression: /(/u: Group left open by a future V8');
    expect(syntaxReason(reworded)).toBe('does not compile');
    expect(syntaxReason(new RangeError('Maximum call stack size exceeded'))).toBe('does not compile');
  });

  it("the schema's message carries the table's text", () => {
    const r = validateSchema({ type: 'object', properties: { a: { type: 'string', pattern: '[z-a]' } } });
    expect(r.ok ? '' : r.error.message).toBe(
      'invalid schema: invalid regular expression [z-a]: a class range whose end comes before its start',
    );
  });
});
