/**
 * Patterns written for ECMA-262 without the `u` flag. toolgate reads every `pattern` and
 * `patternProperties` key with the `u` flag (Core §6.4 and the suite's "patterns always use unicode
 * semantics"), which refuses Annex B forms real tools write: identity escapes of punctuation (`\-`,
 * `\@`, `\#`), lone `{`, `}` and `]`, and `-` next to `\w` in a class. Where the pattern means the
 * same in both modes it is run as its `u`-mode spelling (`\@` becomes `@`); the schema keeps the
 * pattern as written. Where the meaning would differ (`\u{41}` is "u" 41 times without the flag,
 * `\p{L}` is "p{L}", `.` is one UTF-16 unit, not one code point), it is refused, saying why.
 */

import { NESTED_TOO_DEEP, nestedTooDeep } from './nesting.js';
import { newerSyntax } from './newer-syntax.js';
import { syntaxReason } from './syntax-reasons.js';
import { parseRegex, type Node } from './parse.js';
import { unitDifference } from './unit-difference.js';

/** How toolgate reads a pattern: its `u`-mode source, or why it cannot be read exactly. */
export type UModeReading =
  | { readonly source: string; readonly rewritten: boolean }
  | { readonly invalid: string }
  | { readonly refused: string };

const SYNTAX = '^$\\.*+?()[]{}|/';
const SET_ESCAPES = 'dDwWsS';
const SAME_IN_BOTH = 'dDwWsSbnrtfv';
const QUANTIFIER = /\{\d+(?:,\d*)?\}/y;
const ASCII_PUNCTUATION = /^[ -/:-@[-`{-~]$/;

const FLAG = 'only without the u flag';

/** The Annex B pattern `src` rewritten to a `u`-mode one with the same meaning, or why not. */
function rewrite(src: string): { source: string; unitSensitive: boolean } | { refused: string } {
  let groups = 0;
  let named = false;
  for (const m of src.matchAll(/\\[\s\S]|\[(?:\\[\s\S]|[^\]\\])*\]|\((\?<(?![=!]))?(?!\?)/g)) {
    if (m[0].startsWith('(')) groups++;
    if (m[1] !== undefined) named = true;
  }
  let out = '';
  let i = 0;
  let inClass = false;
  // In a class: whether the last member was a set escape, or a `-` opened a range the next member ends.
  let last: 'none' | 'char' | 'set' = 'none';
  let unitSensitive = false;
  const refuse = (why: string) => ({ refused: `without the u flag ${why}, and toolgate reads patterns with it` });
  let rangeOpen = false;
  const member = (kind: 'char' | 'set'): void => {
    last = rangeOpen ? 'none' : kind;
    rangeOpen = false;
  };
  while (i < src.length) {
    const c = src[i] as string;
    if (c === '\\') {
      const x = src[i + 1] ?? '';
      const rest = src.slice(i + 2, i + 7); // enough for every test below, and no copy of the tail
      let text = `\\${x}`;
      if (SYNTAX.includes(x) || SAME_IN_BOTH.includes(x) || (inClass && x === '-')) {
        // the same escape in both modes
      } else if (x === 'B') {
        if (inClass) return refuse('`\\B` in a class means the letter B');
        unitSensitive = true;
      } else if (x === 'c') {
        if (!/^[A-Za-z]/.test(rest)) return refuse('`\\c` without a letter after it is a literal backslash');
        text += rest[0];
      } else if (x === 'x') {
        if (!/^[0-9A-Fa-f]{2}/.test(rest)) return refuse('`\\x` without two hex digits means the letter x');
        text += rest.slice(0, 2);
      } else if (x === 'u') {
        if (rest.startsWith('{')) return refuse('`\\u{…}` means the letter u repeated');
        if (!/^[0-9A-Fa-f]{4}/.test(rest)) return refuse('`\\u` without four hex digits means the letter u');
        text += rest.slice(0, 4);
      } else if (x === 'p' || x === 'P') return refuse(`\`\\${x}{…}\` means the letter ${x}, not a property class`);
      else if (x === 'k') {
        if (!named || inClass) return refuse('`\\k` means the letter k where there are no named groups');
      } else if (x === '0') {
        if (/^[0-9]/.test(rest)) return refuse('`\\0` followed by a digit is an octal escape');
      } else if (x >= '1' && x <= '9') {
        let end = i + 2;
        while (end < src.length && src.charCodeAt(end) >= 0x30 && src.charCodeAt(end) <= 0x39) end++;
        const digits = src.slice(i + 1, end);
        if (inClass || Number(digits) > groups)
          return refuse(`\`\\${digits}\` is an octal escape or a digit, not a backreference`);
        text = `\\${digits}`;
      } else if (/^[A-Za-z]$/.test(x)) return refuse(`\`\\${x}\` means the letter ${x}, not an escape`);
      else if (ASCII_PUNCTUATION.test(x))
        text = x; // an identity escape: the character itself
      else return refuse(`an escaped ${JSON.stringify(x)} is no u-mode escape`);
      i += text === x ? 2 : text.length;
      out += text;
      if (inClass) member(text.length === 2 && SET_ESCAPES.includes(x) ? 'set' : 'char');
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      else if (c === '-' && last !== 'none' && src[i + 1] !== ']') {
        // Annex B ClassAtom: a range with a set escape on either side is the two members and `-`.
        const nextIsSet = src[i + 1] === '\\' && SET_ESCAPES.includes(src[i + 2] ?? '');
        rangeOpen = (last as string) !== 'set' && !nextIsSet; // `member` sets `last`, out of TypeScript's sight
        out += rangeOpen ? '-' : '\\-';
        last = 'char';
        i++;
        continue;
      } else member('char');
      out += c;
    } else if (c === '[') {
      inClass = true;
      last = 'none';
      rangeOpen = false;
      out += c;
      if (src[i + 1] === '^') out += src[++i];
    } else if (c === '{') {
      QUANTIFIER.lastIndex = i;
      const q = QUANTIFIER.exec(src)?.[0];
      out += q ?? '\\{';
      i += (q?.length ?? 1) - 1;
    } else if (c === '}' || c === ']') out += `\\${c}`;
    else {
      if (c === '(' && /^\(\?<?[=!]/.test(src.slice(i, i + 4))) unitSensitive = true;
      out += c;
    }
    i++;
  }
  return { source: out, unitSensitive };
}

/** How toolgate reads a pattern, not memoised. */
function readPatternOnce(source: string): UModeReading {
  const newer = newerSyntax(source);
  if (newer !== undefined) return { refused: `it uses ${newer}, which not every supported Node version compiles` };
  let uError: string;
  try {
    new RegExp(source, 'u');
    return { source, rewritten: false };
  } catch (thrown) {
    uError = syntaxReason(thrown);
  }
  try {
    new RegExp(source);
  } catch {
    return { invalid: uError };
  }
  const found = rewrite(source);
  if ('refused' in found) return found;
  const why = `it is valid ECMA-262 ${FLAG}, where`;
  try {
    new RegExp(found.source, 'u');
  } catch (thrown) {
    return { refused: `it is valid ECMA-262 ${FLAG}: ${syntaxReason(thrown)}` };
  }
  if (found.unitSensitive) return { refused: `${why} a lookaround or \`\\B\` can match inside an emoji` };
  let tree: Node;
  try {
    tree = parseRegex(found.source);
  } catch (thrown) {
    if (nestedTooDeep(thrown)) return { refused: NESTED_TOO_DEEP };
    return { refused: `${why} the regular-expression reader cannot read it` };
  }
  let differs: string | undefined;
  try {
    differs = unitDifference(tree);
  } catch (thrown) {
    const what = thrown instanceof Error && !(thrown instanceof RangeError) ? thrown.message : 'too large';
    return { refused: `${why} toolgate cannot tell that both readings match alike (${what})` };
  }
  if (differs !== undefined) return { refused: `${why} ${differs}` };
  return { source: found.source, rewritten: true };
}

const memo = new Map<string, UModeReading>();
const MEMO_SIZE = 4_096;

/** How toolgate reads a pattern (memoised: patterns are read at admission, at compile and per analysis). */
export function readPattern(source: string): UModeReading {
  let found = memo.get(source);
  if (found === undefined) {
    found = readPatternOnce(source);
    if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
    memo.set(source, found);
  }
  return found;
}

/** The `u`-mode source toolgate runs for a pattern it reads: the rewrite, or the pattern itself otherwise. */
export function uModeSource(source: string): string {
  const found = readPattern(source);
  return 'source' in found ? found.source : source;
}
