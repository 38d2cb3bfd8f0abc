// The UTF-8 bytes JSON.stringify writes for a string or a scalar, counted without writing it: how a result is
// charged against maxResultBytes as it is serialised (host-error.ts), so the refusal comes at the bound.
import { types } from 'node:util';

/**
 * Bytes of `s` as a JSON string literal, quotes included: `"` and `\` and the short control escapes take 2, other
 * controls and lone surrogates `\uXXXX` 6 (well-formed JSON.stringify), a surrogate pair 4, the rest their UTF-8.
 * The count stops once over `stopAbove` (what is left of a bound): a long string is not scanned past it.
 */
export function jsonStringBytes(s: string, stopAbove = Infinity): number {
  let n = 2 + s.length;
  const length = s.length;
  // n starts at one byte a character and only grows: check the bound every 4,096 characters.
  for (let i = 0; i < length && (i & 0xfff || n <= stopAbove); i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) n += 1;
      else if (c < 0x20) n += 5;
    } else if (c < 0x800) n += 1;
    else if (c < 0xd800 || c > 0xdfff) n += 2;
    else if (c <= 0xdbff && i + 1 < length && isLow(s.charCodeAt(i + 1))) {
      n += 2;
      i++;
    } else n += 5;
  }
  return n;
}

const isLow = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;

/**
 * Bytes JSON.stringify writes for `v` where it stands, its members aside: a string or a number in full, `null`,
 * `true`, `false`, and 1 for a container's opening bracket (its members and closing bracket are charged as they
 * are met). A boxed primitive is charged 1, never more than is written: pass it through `unboxed` first.
 */
export function jsonScalarBytes(v: unknown, stopAbove = Infinity): number {
  switch (typeof v) {
    case 'string':
      return jsonStringBytes(v, stopAbove);
    case 'number':
      return Number.isFinite(v) ? String(v).length : 4;
    case 'boolean':
      return v ? 4 : 5;
    default:
      return v === null ? 4 : 1;
  }
}

const booleanData = Boolean.prototype.valueOf;

/**
 * What JSON.stringify writes in place of a boxed String, Number or Boolean: the primitive, converted as it
 * converts one (ToString, ToNumber; a Boolean's own value), so a replacer that returns it is charged for what is
 * written (a String object charged 1 byte let 600 shared 1 MB ones be written out whole, 645 MB, before the bound
 * was checked). A String's toString (host code) runs here once, instead of in JSON.stringify. Else `v` itself.
 */
export function unboxed(v: object): unknown {
  if (!types.isBoxedPrimitive(v)) return v;
  if (types.isStringObject(v)) return `${v}`;
  if (types.isNumberObject(v)) return +v;
  return types.isBooleanObject(v) ? booleanData.call(v) : v;
}
