/**
 * Regular-expression policy. Validation §6.3.3 and §10.3.2.2 make `pattern` and
 * `patternProperties` ECMA-262 regular expressions, which V8 matches by backtracking: a pattern
 * such as `^(a+)+$` takes exponential time on `aaaa…!`. Matching cannot be interrupted inside a
 * synchronous call, so when the schema is checked regex/degree.ts works out the cost of a match
 * from the pattern's backtracking paths, and this refuses:
 *  - exponential patterns: a repetition that can match the same text in two ways (`(a+)+`,
 *    `(a|a)*`, `(\w+\s?)*`), a backreference, or more than MAX_WIDTH paths on one short input
 *    (`(a|a){30}`);
 *  - polynomial ones of degree REFUSED_DEGREE or more (`a.*b.*c`, `^\S+@\S+\.\S+$`);
 *  - anything the reader does not know or too large to analyse.
 * Degree 2 runs under the per-call budget of regex/bound.ts; degree 1 runs as a plain RegExp.
 */

import { analyseRegex } from './degree.js';
import { readPattern } from './u-mode.js';

/** Degrees at or above this are refused: a cubic `test` on a 5,000-character string already takes seconds. */
export const REFUSED_DEGREE = 3;

/**
 * Why a pattern (already known to compile, in `u` mode or as its u-mode.ts spelling) is refused, or
 * undefined when it may run.
 * The reason is a complete phrase ending in its consequence.
 */
export function regexHazard(source: string): string | undefined {
  const found = analyseRegex(source);
  if (found.refused !== undefined) return found.refused;
  if (found.degree >= REFUSED_DEGREE)
    return (
      `its matching time can grow as the string length to the power ${found.degree} ` +
      '(repetitions that can each stop at many places where what follows can also match' +
      `${source.startsWith('^') ? '' : ', and no leading ^'})`
    );
  return undefined;
}

/**
 * The schema-time verdict on one `pattern` / `patternProperties` source (Validation §6.3.3, §10.3.2.2):
 * `invalid` when it is no ECMA-262 regular expression (a malformed schema), `hazard` when it compiles but
 * could backtrack without bound, or is valid only without the `u` flag with another meaning there
 * (regex/u-mode.ts), nothing when it may run (its `u`-mode spelling is what runs and is analysed).
 */
export function checkPattern(source: string): { readonly invalid?: string; readonly hazard?: string } {
  const reading = readPattern(source);
  if ('invalid' in reading) return { invalid: reading.invalid };
  if ('refused' in reading) return { hazard: reading.refused };
  const hazard = regexHazard(source);
  return hazard === undefined ? {} : { hazard };
}
