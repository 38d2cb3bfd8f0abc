// The UTF-8 bytes JSON.stringify writes for a string or a scalar, counted without writing it: how a result is
// charged against maxResultBytes as it is serialised (host-error.ts), so the refusal comes at the bound.

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
 * are met). A boxed primitive, written as the primitive, is charged 1: never more than is written.
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
