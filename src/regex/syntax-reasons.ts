// V8's reasons for a pattern that does not compile are V8's texts, and a newer V8 may reword one or add
// another: a report or a model's message would then change with the Node version. Each reason V8 gives
// maps to toolgate's own phrase here; one not in the table is said as `does not compile`.

/** toolgate's phrase for each reason V8 gives after `Invalid regular expression: /…/u: `. */
export const SYNTAX_REASONS: ReadonlyMap<string, string> = new Map([
  ['Unterminated group', 'a group is not closed'],
  ["Unmatched ')'", 'a `)` closes no group'],
  ['\\ at end of pattern', 'it ends in a lone `\\`'],
  ['Invalid property name', 'an unknown property in `\\p{…}` or `\\P{…}`'],
  ['Invalid property name in character class', 'an unknown property in `\\p{…}` or `\\P{…}` in a class'],
  ['Invalid escape', 'an escape the u flag does not allow'],
  ['Invalid decimal escape', 'a decimal escape that names no group'],
  ['Invalid Unicode escape', 'a malformed `\\u` or `\\c` escape'],
  ['Invalid class escape', 'an escape a class does not allow'],
  ['Nothing to repeat', 'a quantifier with nothing to repeat'],
  ['Lone quantifier brackets', 'a lone `{` or `}`'],
  ['numbers out of order in {} quantifier', 'a `{min,max}` quantifier with max below min'],
  ['Incomplete quantifier', 'an incomplete `{…}` quantifier'],
  ['Invalid quantifier', 'a quantifier on what cannot be repeated'],
  ['Invalid group', 'a group opened with `(?` and no known kind'],
  ['Too many captures', 'too many capture groups'],
  ['Invalid capture group name', 'a malformed capture-group name'],
  ['Duplicate capture group name', 'one capture-group name for two groups'],
  ['Invalid named reference', 'a malformed `\\k<…>` reference'],
  ['Invalid named capture referenced', 'a `\\k<…>` reference to no group'],
  ['Invalid character class', 'a class range with a set escape (`\\d`, `\\w`, `\\s`) at an end'],
  ['Unterminated character class', 'a class is not closed'],
  ['Range out of order in character class', 'a class range whose end comes before its start'],
  ['Regular expression too large', 'too large to compile'],
]);

/** toolgate's phrase for why V8 did not compile a pattern: never V8's own text, nor the pattern it repeats. */
export function syntaxReason(thrown: unknown): string {
  if (!(thrown instanceof SyntaxError)) return 'does not compile';
  const at = thrown.message.lastIndexOf(': ');
  return (at === -1 ? undefined : SYNTAX_REASONS.get(thrown.message.slice(at + 2))) ?? 'does not compile';
}
