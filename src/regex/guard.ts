/**
 * Regular-expression policy. Validation §6.3.3 and §10.3.2.2 make `pattern` and
 * `patternProperties` ECMA-262 regular expressions, which V8 matches by backtracking: a pattern
 * such as `^(a+)+$` takes exponential time on `aaaa…!`. Matching cannot be interrupted inside a
 * synchronous call, so such patterns are refused when the schema is checked, by a conservative
 * static analysis of the `u`-mode source:
 *  - a backreference is refused outright;
 *  - inside a repetition that can run more than once, a variable-length part (a quantifier whose
 *    bounds differ) must be followed by characters it cannot match (`(\d+\.)+` passes, `(a+)+`,
 *    `(\w+\s?)*` and `(a+ba+)+` do not: the split between parts would be ambiguous);
 *  - inside such a repetition, the alternatives of an alternation must start with disjoint
 *    characters (`(a|ab)*`, `(\w|\d)+` are refused, `(?:[^"\\]|\\.)*` passes).
 * Classes this analysis cannot enumerate (`.`, `\p{…}`) count as every character. Patterns that
 * pass are then given a polynomial degree (regex/degree.ts): degree 3 or more is refused too;
 * degree 2 is bounded at run time (regex/bound.ts).
 */

import { ALL, info, NONE, overlaps, parseRegex, union, type Info, type Node, type Ranges } from './parse.js';
import { degreeOf } from './degree.js';

/** Walks the tree; `follow` is what may come right after `n`, `iterated` whether `n` can repeat. */
function hazard(n: Node, iterated: boolean, follow: Ranges): string | undefined {
  switch (n.t) {
    case 'chars':
      return undefined;
    case 'backref':
      return 'a backreference can make matching take exponential time';
    case 'zero':
      return n.body === undefined ? undefined : hazard(n.body, iterated, ALL);
    case 'quant': {
      const b = info(n.body);
      if (iterated && b.max > 0 && n.min !== n.max && overlaps(b.chars, follow))
        return (
          'a variable-length repetition inside a repetition, not followed by characters it cannot match, can ' +
          'make matching take exponential time'
        );
      const again = n.max >= 2;
      return hazard(n.body, iterated || again, again ? union(b.first, follow) : follow);
    }
    case 'alt': {
      if (iterated) {
        const firsts = n.alts.map((a) => info(a).first);
        for (let x = 0; x < firsts.length; x++)
          for (let y = x + 1; y < firsts.length; y++) {
            if (overlaps(firsts[x] as Ranges, firsts[y] as Ranges))
              return (
                'an alternation inside a repetition whose alternatives can start with the same character can ' +
                'make matching take exponential time'
              );
          }
      }
      for (const a of n.alts) {
        const h = hazard(a, iterated, follow);
        if (h) return h;
      }
      return undefined;
    }
    case 'seq': {
      const infos = n.items.map(info);
      for (let k = 0; k < n.items.length; k++) {
        let f = NONE;
        let open = true;
        for (let j = k + 1; j < infos.length && open; j++) {
          f = union(f, (infos[j] as Info).first);
          if ((infos[j] as Info).min > 0) open = false;
        }
        if (open) f = union(f, follow);
        const h = hazard(n.items[k] as Node, iterated, f);
        if (h) return h;
      }
      return undefined;
    }
  }
}

/** Degrees at or above this are refused: a cubic `test` on a 5,000-character string already takes seconds. */
export const REFUSED_DEGREE = 3;

/**
 * Why a `u`-mode pattern (already known to compile) could backtrack exponentially, or with a
 * polynomial of degree REFUSED_DEGREE or more (regex/degree.ts), or undefined when the analysis
 * finds it safe. Anything the reader does not understand is refused. The reason is a complete
 * phrase ending in its consequence.
 */
export function regexHazard(source: string): string | undefined {
  let tree: Node;
  try {
    tree = parseRegex(source);
  } catch {
    return 'a construct the regular-expression guard cannot analyse';
  }
  const exponential = hazard(tree, false, NONE);
  if (exponential !== undefined) return exponential;
  const degree = degreeOf(tree);
  if (degree >= REFUSED_DEGREE)
    return (
      `its matching time can grow as the string length to the power ${degree} (several parts that can each stop ` +
      `at many places${anchoredNote(source)})`
    );
  return undefined;
}

const anchoredNote = (source: string): string => (source.startsWith('^') ? '' : ', and no leading ^');

/**
 * The schema-time verdict on one `pattern` / `patternProperties` source (Validation §6.3.3, §10.3.2.2):
 * `invalid` when it is not an ECMA-262 regular expression under the `u` flag (a malformed schema),
 * `hazard` when it compiles but could backtrack without bound (refused), nothing when it may run.
 */
export function checkPattern(source: string): { readonly invalid?: string; readonly hazard?: string } {
  try {
    new RegExp(source, 'u');
  } catch (thrown) {
    return { invalid: thrown instanceof SyntaxError ? thrown.message : 'does not compile' };
  }
  const hazard = regexHazard(source);
  return hazard === undefined ? {} : { hazard };
}
