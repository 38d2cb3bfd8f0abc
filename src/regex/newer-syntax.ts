/**
 * Regular-expression syntax newer than the V8 of the oldest Node toolgate supports (package.json `engines`):
 * ECMAScript 2025's modifier groups (`(?i:…)`, `(?-m:…)`) and a capture-group name used twice in alternatives
 * that exclude each other. Node 20 and 22 refuse both as SyntaxErrors, Node 24 compiles them, so a verdict read
 * from V8 alone would depend on the Node version. toolgate finds them itself, before V8 is asked, and every
 * version gives the same answer. A form ECMAScript 2025 refuses too (PCRE's `(?i)`, one name on two groups in
 * sequence) is no newer syntax: V8 says it is invalid, on every Node alike.
 */

import { MAX_GROUP_NESTING } from './nesting.js';

/** ECMAScript 2025's modifier group opening: flags to add, then `-` and flags to remove, then `:`. */
const MODIFIERS = /^\(\?([a-z]*)(?:-([a-z]*))?:/;

/** Where a group stands: its enclosing group's place, that group's id, and which alternative of it. */
interface Place {
  readonly outer: Place | undefined;
  readonly id: number;
  readonly alternative: number;
}

/**
 * Past this many groups of one name, or nested past MAX_GROUP_NESTING, a name's groups are not compared (bounded
 * cost): a repeated name is then refused as newer syntax, as every Node still refuses it (an unsupported pattern,
 * where the exact verdict may be an invalid one).
 */
const MAX_SAME_NAME = 32;

/** Why `source` uses syntax only newer Node versions compile, or undefined when it uses none. */
export function newerSyntax(source: string): string | undefined {
  const names = new Map<string, Place[]>();
  let duplicate = false;
  let place: Place = { outer: undefined, id: 0, alternative: 0 };
  let ids = 1;
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '|') place = { ...place, alternative: place.alternative + 1 };
    else if (c === ')' && place.outer !== undefined) {
      place = place.outer;
      depth--;
    }
    if (c !== '(') continue;
    const outside = place;
    depth++;
    place = { outer: place, id: ids++, alternative: 0 };
    if (source[i + 1] !== '?') continue;
    const modifiers = MODIFIERS.exec(source.slice(i, i + 12));
    if (modifiers !== null && validModifiers(modifiers[1] ?? '', modifiers[2]))
      return 'a modifier group `(?flags:…)` (ECMAScript 2025)';
    if (source[i + 2] !== '<' || source[i + 3] === '=' || source[i + 3] === '!') continue;
    const end = source.indexOf('>', i + 3);
    if (end === -1) continue;
    const name = groupName(source.slice(i + 3, end));
    const before = names.get(name) ?? [];
    if (before.length === 0) names.set(name, before);
    // ECMAScript 2025 allows a name twice only where both groups cannot take part in one match.
    if (before.length >= MAX_SAME_NAME || depth > MAX_GROUP_NESTING) duplicate ||= before.length > 0;
    else if (before.some((p) => mightBothTakePart(p, outside))) return undefined;
    else if (before.length > 0) duplicate = true;
    // Kept in place, and no more than are compared: a copy per group was quadratic in a model's `regex` value
    // (8,000 alternatives of one name, 64 KB: 80-110 ms a call; bench/adversarial.ts).
    if (before.length < MAX_SAME_NAME) before.push(outside);
  }
  return duplicate ? 'one capture-group name for two groups (ECMAScript 2025)' : undefined;
}

/** Flags ECMAScript 2025 lets a modifier group name: i, m, s, none twice, and at least one. */
function validModifiers(add: string, remove: string | undefined): boolean {
  const all = add + (remove ?? '');
  return all !== '' && /^[ims]*$/.test(all) && new Set(all).size === all.length;
}

/** Whether two groups placed at `a` and `b` can both take part (no group holds them in different alternatives). */
function mightBothTakePart(a: Place, b: Place): boolean {
  const seen = new Map<number, number>();
  for (let p: Place | undefined = a; p !== undefined; p = p.outer) seen.set(p.id, p.alternative);
  for (let p: Place | undefined = b; p !== undefined; p = p.outer) {
    const alternative = seen.get(p.id);
    if (alternative !== undefined) return alternative === p.alternative;
  }
  return true;
}

/** A group name with its `\uXXXX` and `\u{…}` escapes read, so `\u0061` and `a` are one name. */
function groupName(written: string): string {
  return written.replace(/\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})/g, (_, braced, four) => {
    const code = Number.parseInt((braced ?? four) as string, 16);
    return code > 0x10ffff ? '\u{fffd}' : String.fromCodePoint(code);
  });
}
