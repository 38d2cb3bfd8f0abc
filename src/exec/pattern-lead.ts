// Decides, conservatively, whether a `pattern` keeps a string from starting with "-" (and from being empty).
// Patterns are ECMA-262 with the `u` flag (Validation §6.3.3 and Core §6.4); they are read by the one regex
// reader (regex/parse.ts) into the automaton of regex/automaton.ts, whose character sets are exact or
// supersets, and which lets every assertion and lookaround pass: every approximation says "may start with
// a dash", which the option-injection check treats as unsafe.

import { buildAutomaton } from '../regex/automaton.js';
import { anchoredAtStart, parseRegex } from '../regex/parse.js';
import { contains } from '../regex/ranges.js';
import { uModeSource } from '../regex/u-mode.js';

const DASH = 0x2d;

/**
 * True when every string matching `pattern` is non-empty and starts with a character other than "-": every
 * alternative starts with `^` (so a match starts at position 0), the pattern cannot match the empty string,
 * and no character it can match first is "-". Anything that does not compile or cannot be read is false.
 */
export function patternExcludesLeadingDash(pattern: string): boolean {
  try {
    const source = uModeSource(pattern); // what runs (regex/u-mode.ts)
    new RegExp(source, 'u');
    const tree = parseRegex(source);
    if (!anchoredAtStart(tree)) return false;
    const automaton = buildAutomaton(tree);
    if ((automaton.endWays[0] ?? 1) > 0) return false;
    for (const first of automaton.edges[0]?.keys() ?? []) if (contains(automaton.sets[first] ?? [], DASH)) return false;
    return true;
  } catch {
    return false;
  }
}
