// RFC 8785 against the RFC's own examples: §3.2.2's serialization example, §3.2.3's sorting example, and every
// number of Appendix B (given there as IEEE 754 bit patterns). canonicalJson, the cache key, differs on -0.
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/util/canonical-json.js';
import { printable } from '../../src/util/describe-value.js';
import { jcsMembers, jcsObject, jcsText } from '../../src/util/jcs.js';

const text = (value: unknown): string => {
  const r = jcsText(value);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

/** A float64 from its IEEE 754 bit pattern in hex, as Appendix B gives them. */
const fromBits = (hex: string): number => {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
};

// RFC 8785 Appendix B, "Number Serialization Samples": bit pattern, canonical text (undefined: an error).
const APPENDIX_B: readonly [string, string | undefined][] = [
  ['0000000000000000', '0'],
  ['8000000000000000', '0'],
  ['0000000000000001', '5e-324'],
  ['8000000000000001', '-5e-324'],
  ['7fefffffffffffff', '1.7976931348623157e+308'],
  ['ffefffffffffffff', '-1.7976931348623157e+308'],
  ['4340000000000000', '9007199254740992'],
  ['c340000000000000', '-9007199254740992'],
  ['4430000000000000', '295147905179352830000'],
  ['7fffffffffffffff', undefined],
  ['7ff0000000000000', undefined],
  ['44b52d02c7e14af5', '9.999999999999997e+22'],
  ['44b52d02c7e14af6', '1e+23'],
  ['44b52d02c7e14af7', '1.0000000000000001e+23'],
  ['444b1ae4d6e2ef4e', '999999999999999700000'],
  ['444b1ae4d6e2ef4f', '999999999999999900000'],
  ['444b1ae4d6e2ef50', '1e+21'],
  ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
  ['3eb0c6f7a0b5ed8d', '0.000001'],
  ['41b3de4355555553', '333333333.3333332'],
  ['41b3de4355555554', '333333333.33333325'],
  ['41b3de4355555555', '333333333.3333333'],
  ['41b3de4355555556', '333333333.3333334'],
  ['41b3de4355555557', '333333333.33333343'],
  ['becbf647612f3696', '-0.0000033333333333333333'],
  ['43143ff3c1cb0959', '1424953923781206.2'],
];

describe('jcsText (RFC 8785)', () => {
  it.each(APPENDIX_B)('writes the number with bits %s as %s (Appendix B)', (bits, expected) => {
    const r = jcsText([fromBits(bits)]);
    if (expected === undefined) expect(r.ok).toBe(false);
    else expect(r).toEqual({ ok: true, value: `[${expected}]` });
  });

  it('writes the example of §3.2.2 (literals, numbers, string escapes)', () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "literals": [null, true, false]}',
    );
    expect(text(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units, as the example of §3.2.3', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // Written out in the expected order: an object literal would put the integer-like "1" first.
    expect(text(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('writes -0 as 0 (Number::toString), where the cache key keeps it apart', () => {
    expect(text({ a: -0 })).toBe('{"a":0}');
    expect(canonicalJson({ a: -0 })).toBe('{"a":-0}');
  });

  it.each([
    ['a lone high surrogate in a string', { a: '\ud800x' }, '/a'],
    ['a lone low surrogate in a key', { b: { '\udc00': 1 } }, '/b/\udc00'],
  ])('refuses %s (RFC 8785 §3.1 requires I-JSON)', (_, value, at) => {
    const r = jcsText(value);
    expect(r.ok).toBe(false);
    // A lone surrogate is written out by the message's clip (printable), so the message stays well-formed.
    if (!r.ok) expect(r.error.message).toContain(JSON.stringify(printable(at)));
  });

  it.each([
    ['undefined', { a: undefined }],
    ['a function', [() => 1]],
    ['Infinity', { n: Number.POSITIVE_INFINITY }],
  ])('refuses a value that is not JSON: %s', (_, value) => {
    expect(jcsText(value).ok).toBe(false);
  });

  it('keeps a surrogate pair, and a key named __proto__ as an ordinary key', () => {
    expect(text(JSON.parse('{"__proto__":{"x":"\\ud83d\\ude00"}}'))).toBe('{"__proto__":{"x":"😀"}}');
  });

  it('composes an object from its members exactly as it writes the whole (what a pin and its fields share)', () => {
    const value = { b: [1, { d: -0, c: 'x' }], a: '\u20ac', '10': null, '9': true };
    const members = jcsMembers(value);
    expect(members.ok && jcsObject(members.value)).toBe(text(value));
    expect(members.ok && members.value.map(([k]) => k)).toEqual(['10', '9', 'a', 'b']);
    expect(jcsMembers([1]).ok).toBe(false);
  });
});
