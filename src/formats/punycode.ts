/**
 * Punycode (RFC 3492), the encoding behind IDNA A-labels (`xn--…`, RFC 5890 §2.3.2.1). toolgate
 * decodes A-labels to check the U-label inside, and re-encodes to insist on the one canonical form.
 * Works on arrays of code points; never throws: a malformed input is `undefined`.
 */

// RFC 3492 §5: parameter values for Punycode.
const BASE = 36;
const TMIN = 1;
const TMAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 0x80;
const MAX_CODE_POINT = 0x10ffff;
// Integers stay exact below 2^53; RFC 3492 §6.4 asks for overflow detection.
const MAX_INT = Number.MAX_SAFE_INTEGER;

/** RFC 3492 §6.1: bias adaptation after each delta. */
function adapt(delta: number, numPoints: number, firstTime: boolean): number {
  let d = firstTime ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - TMIN) * TMAX) >> 1) {
    d = Math.floor(d / (BASE - TMIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - TMIN + 1) * d) / (d + SKEW));
}

/** RFC 3492 §5: a-z (either case) are 0-25, 0-9 are 26-35. */
function digitValue(c: number): number | undefined {
  if (c >= 0x61 && c <= 0x7a) return c - 0x61;
  if (c >= 0x41 && c <= 0x5a) return c - 0x41;
  if (c >= 0x30 && c <= 0x39) return c - 0x30 + 26;
  return undefined;
}

const digitChar = (d: number): string => String.fromCharCode(d < 26 ? 0x61 + d : 0x30 + d - 26);

const threshold = (k: number, bias: number): number => (k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias);

/** RFC 3492 §6.2: decodes the part after `xn--`; undefined when it is not valid Punycode. */
export function punycodeDecode(input: string): number[] | undefined {
  for (let i = 0; i < input.length; i++) if (input.charCodeAt(i) >= 0x80) return undefined;
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let i = 0; i < Math.max(delimiter, 0); i++) output.push(input.charCodeAt(i));
  let n = INITIAL_N;
  let i = 0;
  let bias = INITIAL_BIAS;
  // §6.2: the main loop starts after the last delimiter only when basic code points precede it.
  let pos = delimiter > 0 ? delimiter + 1 : 0;
  while (pos < input.length) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (pos >= input.length) return undefined;
      const digit = digitValue(input.charCodeAt(pos++));
      if (digit === undefined) return undefined;
      if (digit * w > MAX_INT - i) return undefined;
      i += digit * w;
      const t = threshold(k, bias);
      if (digit < t) break;
      if (w > MAX_INT / (BASE - t)) return undefined;
      w *= BASE - t;
    }
    bias = adapt(i - oldi, output.length + 1, oldi === 0);
    n += Math.floor(i / (output.length + 1));
    if (n > MAX_CODE_POINT) return undefined;
    i %= output.length + 1;
    output.splice(i, 0, n);
    i++;
  }
  return output;
}

/** RFC 3492 §6.3: encodes code points into Punycode (without the `xn--` prefix). */
export function punycodeEncode(input: readonly number[]): string {
  let out = '';
  for (const c of input) if (c < 0x80) out += String.fromCharCode(c);
  const basic = out.length;
  let handled = basic;
  if (basic > 0) out += '-';
  let n = INITIAL_N;
  let delta = 0;
  let bias = INITIAL_BIAS;
  while (handled < input.length) {
    let m = MAX_CODE_POINT + 1;
    for (const c of input) if (c >= n && c < m) m = c;
    delta += (m - n) * (handled + 1);
    n = m;
    for (const c of input) {
      if (c < n) delta++;
      if (c !== n) continue;
      let q = delta;
      for (let k = BASE; ; k += BASE) {
        const t = threshold(k, bias);
        if (q < t) break;
        out += digitChar(t + ((q - t) % (BASE - t)));
        q = Math.floor((q - t) / (BASE - t));
      }
      out += digitChar(q);
      bias = adapt(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
    delta++;
    n++;
  }
  return out;
}
