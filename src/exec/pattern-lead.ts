// Decides, conservatively, whether a `pattern` keeps a string from starting with "-" (and from being empty).
// Only the shape `^X...` with one first atom X is understood; anything else is "cannot tell", which the
// option-injection check treats as "may start with a dash". Patterns are ECMA-262 with the `u` flag
// (Validation §6.3.3 and Core §6.4), so class syntax follows the Unicode-mode grammar.

const DASH = 0x2d;

/** Escapes that are a character set with no dash in it (ECMA-262 CharacterClassEscape). */
const DASHLESS_CLASS_ESCAPES = new Set(['d', 'w', 's']);

/** Escapes that stand for one control character. */
const CONTROL_ESCAPES: Readonly<Record<string, number>> = { t: 0x09, n: 0x0a, v: 0x0b, f: 0x0c, r: 0x0d };

/** A parsed class member: one code point, or a set known to exclude the dash. */
type Member = { kind: 'char'; cp: number } | { kind: 'dashless-set' };

/** Reads one escape after a backslash at `i` (pointing at the backslash). Undefined when not understood. */
function readEscape(src: string, i: number): { member: Member; next: number } | undefined {
  const c = src[i + 1];
  if (c === undefined) return undefined;
  if (DASHLESS_CLASS_ESCAPES.has(c)) return { member: { kind: 'dashless-set' }, next: i + 2 };
  const control = CONTROL_ESCAPES[c];
  if (control !== undefined) return { member: { kind: 'char', cp: control }, next: i + 2 };
  // With the `u` flag only syntax characters and "/" may be escaped as themselves (IdentityEscape[+U]).
  if ('^$\\.*+?()[]{}|/-'.includes(c)) return { member: { kind: 'char', cp: c.codePointAt(0)! }, next: i + 2 };
  if (c === 'x' && /^[0-9a-fA-F]{2}$/.test(src.slice(i + 2, i + 4)))
    return { member: { kind: 'char', cp: parseInt(src.slice(i + 2, i + 4), 16) }, next: i + 4 };
  if (c === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(i + 2, i + 6)))
    return { member: { kind: 'char', cp: parseInt(src.slice(i + 2, i + 6), 16) }, next: i + 6 };
  return undefined;
}

/** Parses a class starting at `[` (index i); says whether it can match "-". Undefined when not understood. */
function classAdmitsDash(src: string, i: number): { admits: boolean; next: number } | undefined {
  let j = i + 1;
  const negated = src[j] === '^';
  if (negated) j++;
  const members: Member[] = [];
  let rangesCoverDash = false;
  while (j < src.length && src[j] !== ']') {
    let first: Member;
    if (src[j] === '\\') {
      const e = readEscape(src, j);
      if (e === undefined) return undefined;
      first = e.member;
      j = e.next;
    } else {
      const cp = src.codePointAt(j)!;
      first = { kind: 'char', cp };
      j += String.fromCodePoint(cp).length;
    }
    // "a-z" is a range unless the dash is the last character of the class.
    if (src[j] === '-' && src[j + 1] !== ']' && src[j + 1] !== undefined) {
      let last: Member;
      if (src[j + 1] === '\\') {
        const e = readEscape(src, j + 1);
        if (e === undefined) return undefined;
        last = e.member;
        j = e.next;
      } else {
        const cp = src.codePointAt(j + 1)!;
        last = { kind: 'char', cp };
        j += 1 + String.fromCodePoint(cp).length;
      }
      if (first.kind !== 'char' || last.kind !== 'char') return undefined;
      if (first.cp <= DASH && DASH <= last.cp) rangesCoverDash = true;
      continue;
    }
    members.push(first);
  }
  if (src[j] !== ']') return undefined;
  const listed = rangesCoverDash || members.some((m) => m.kind === 'char' && m.cp === DASH);
  return { admits: negated ? !listed : listed, next: j + 1 };
}

/** True when a `|` outside any group or class exists: then `^` anchors only the first alternative. */
function hasTopLevelAlternation(src: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return true;
  }
  return false;
}

/**
 * True when every string matching `pattern` is non-empty and starts with a character other than "-": the
 * pattern starts with `^`, has no top-level alternation, and its first atom (a literal, an escape or a
 * class that cannot match "-") is not made optional by `?`, `*` or `{0,...}`.
 */
export function patternExcludesLeadingDash(pattern: string): boolean {
  if (!pattern.startsWith('^') || hasTopLevelAlternation(pattern)) return false;
  let next: number;
  const c = pattern[1];
  if (c === undefined) return false;
  if (c === '\\') {
    const e = readEscape(pattern, 1);
    if (e === undefined || (e.member.kind === 'char' && e.member.cp === DASH)) return false;
    next = e.next;
  } else if (c === '[') {
    const cls = classAdmitsDash(pattern, 1);
    if (cls === undefined || cls.admits) return false;
    next = cls.next;
  } else {
    // A group, an assertion, "." or a quantifier at the start is not analysed: "cannot tell".
    if ('-.()^$|*+?{}]'.includes(c)) return false;
    next = 1 + String.fromCodePoint(pattern.codePointAt(1)!).length;
  }
  const q = pattern[next];
  if (q === '?' || q === '*') return false;
  // `{0}` and `{0,n}` allow zero repetitions; `{01}` or `{1,}` do not.
  if (q === '{' && /^\{0*[,}]/.test(pattern.slice(next))) return false;
  return true;
}
