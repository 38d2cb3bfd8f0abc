/**
 * The `regex` format (Validation §7.3.8: an ECMA-262 regular expression), read with the `u` flag as Core §6.4
 * recommends and the official suite asks (`\a`, an identity escape only Annex B allows, is invalid there): a value
 * is valid exactly when `new RegExp(value, 'u')` compiles and it uses no syntax newer than ECMAScript 2024
 * (regex/newer-syntax.ts: Node 24 compiles modifier groups and repeated group names, Node 20 and 22 do not).
 * A `pattern` valid only without the flag, which toolgate runs as its `u`-mode spelling (regex/u-mode.ts: `\-`,
 * a lone `]` or `{`, `[\w-z]`), is not a valid `regex`.
 *
 * Cost: the subject is compiled, and V8 builds the code point table of every `\p{…}` / `\P{…}` class as
 * it parses, 15-60 µs each (`\p{L}` about 40), where the rest of a pattern costs well under 0.1 µs a
 * character. The step budget charges formats per character, so each such class is charged here, before
 * the compile, at PROPERTY_CLASS_STEPS (60 µs at the 10 ns a step the format charges are measured at):
 * 64 KB of `\p{L}` then stops at `maxValidationSteps` instead of compiling for 650 ms.
 * V8 also keeps a parser state per open group: 0.5-1 µs each (64 KB of `(` or `(a` took 27-65 ms at 4 steps a
 * character), charged at GROUP_STEPS each before the compile.
 */

import { chargeSteps } from '../util/work-budget.js';
import { newerSyntax } from './newer-syntax.js';

/** Steps one `\p{…}` or `\P{…}` class of a `regex` subject is charged. */
export const PROPERTY_CLASS_STEPS = 6_000;

/** Steps one `(` of a `regex` subject is charged (1 µs, the measured worst per group). */
export const GROUP_STEPS = 100;

const PROPERTY_CLASS = /\\[pP]\{/g;

/** Whether `s` is an ECMA-262 regular expression with the `u` flag; charges its property classes and groups first. */
export function isRegexFormat(s: string): boolean {
  // An escaped backslash before `p{` is counted too: an overcharge, never an undercharge.
  const classes = s.indexOf('{') === -1 ? 0 : (s.match(PROPERTY_CLASS)?.length ?? 0);
  // An escaped `\(` or one in a class is counted too: an overcharge, never an undercharge.
  let groups = 0;
  for (let at = s.indexOf('('); at !== -1; at = s.indexOf('(', at + 1)) groups++;
  if (classes + groups > 0) chargeSteps(classes * PROPERTY_CLASS_STEPS + groups * GROUP_STEPS);
  // Read as ECMAScript 2024, on every Node: Node 24 alone would compile these.
  if (newerSyntax(s) !== undefined) return false;
  try {
    new RegExp(s, 'u');
    return true;
  } catch {
    return false;
  }
}
