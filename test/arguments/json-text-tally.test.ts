// The length tally lets the native path skip its scan (arguments/json-text-tally.ts). It must never prove a text
// the strict parser refuses: generated texts mix what each refusal needs (duplicate keys, also spelt with
// escapes and nested; number spellings that save or cost characters; inexact, overflowing and underflowing
// numbers; -0; lone surrogates; whitespace; deep nesting) with the plain texts the tally is for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonText } from '../../src/arguments/json-text.js';
import { parseStrictJsonText } from '../../src/arguments/json-text-strict.js';
import { PROVEN_WITHIN, tallyText, UNPROVEN } from '../../src/arguments/json-text-tally.js';
import { DEFAULT_LIMITS } from '../../src/util/limits.js';

const SMALL = {
  ...DEFAULT_LIMITS,
  maxArgumentValues: 8,
  maxStringLength: 3,
  maxObjectProperties: 2,
  maxArrayItems: 2,
  maxArgumentDepth: 5,
};

// Spellings of one value (saving or costing characters on the plain digits) and refused numbers.
const NUMBERS = [
  ['0', '-0', '0.0', '0e5', '-0.00'],
  ['1', '1.0', '1e0', '10e-1', '1.0000000000000001'],
  ['1000', '1e3', '1E3', '1e+3', '10e2', '1000.00'],
  ['100000', '1e5', '100000.0'],
  ['1200000000', '12e8', '1.2e9'],
  ['-25', '-25.0', '-2.5e1'],
  ['0.1', '0.10', '1e-1', '0.1000000000000000055'],
  ['19.99', '1999e-2', '19.990'],
  ['123456789012345', '123456789012345.0', '1.23456789012345e14'],
  ['-999999999999999', '-999999999999999.0'],
  ['0.000001', '1e-6', '0.0000010'],
  ['12345678901234.5', '1234567890123.45'],
  ['9007199254740992', '9007199254740993', '9.007199254740993e15'],
  ['1e400', '-1e400', '1e-400', `0.${'0'.repeat(330)}1`, '5e-324', '4e-324'],
  ['0.30000000000000004', '0.3000000000000000444', '3.0000000000000004e-1'],
];
// Spellings that save characters on the plain digits come often, to pay for a hidden refusal.
const number = fc.oneof(
  fc.constantFrom('1e5', '12e8', '1E3', '1e-6', '100000'),
  fc.constantFrom(...NUMBERS).chain((spellings) => fc.constantFrom(...spellings)),
);

const ws = fc.constantFrom('', '', '', ' ', '\n  ');
const KEYS = ['a', 'b', 'role', '__proto__', '', '1', 'e1'];
// A key as written: raw, or with a letter escaped (`"\u0072ole"` is the key `role`).
const key = fc
  .constantFrom(...KEYS)
  .chain((k) =>
    fc.constantFrom(
      `"${k}"`,
      `"${k}"`,
      `"${k}"`,
      `"${k.replace(/[a-z]/, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)}"`,
    ),
  );
const STRINGS = [
  ...['', 'x', 'abcd', '1e5', '12345678901234567890', ': a', '\\"a\\":1', '\\ud800', '\\ud83d\\ude00'],
  ...['\\udc00', 'a\\ud83d', '\\ud83d\\u0041', '\\uD83D\\uDE00', '\\ud83d\ude00'],
];
const string = fc
  .oneof(fc.constantFrom('', 'x', 'abcd', '1e5'), fc.constantFrom(...STRINGS, '\ud800', '\ud83d\ude00', '\\u0041'))
  .map((s) => `"${s}"`);

const text: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    number,
    string,
    fc.constantFrom('true', 'false', 'null'),
    fc
      .array(fc.tuple(ws, tie('value'), ws), { maxLength: 4 })
      .map((items) => `[${items.map((t) => t.join('')).join(',')}]`),
    fc
      .array(fc.tuple(key, ws, tie('value')), { maxLength: 4 })
      .map((members) => `{${members.map(([k, w, v]) => `${k}${w}:${w}${v}`).join(',')}}`),
  ),
})).value;
/**
 * Pads a text with spaces up to the length JSON.stringify gives its value, when it is shorter: a text that
 * spells its numbers shorter than their plain digits then has room to hide a refusal in, which is what the
 * tally must see through (about the length it checks, so the generated texts often reach its last test).
 */
function padded(t: string): string {
  let plain: string;
  try {
    plain = JSON.stringify(JSON.parse(t));
  } catch {
    return t;
  }
  return t.length < plain.length ? t + ' '.repeat(plain.length - t.length) : t;
}

// Now and then deeper than the limits and the tally's walk go; half of the texts padded.
const nested = fc.tuple(text, fc.constantFrom(0, 0, 0, 4, 63, 70), fc.boolean()).map(([t, depth, pad]) => {
  const deep = `${'{"a":['.repeat(depth)}${t}${']}'.repeat(depth)}`;
  return pad ? padded(deep) : deep;
});

describe('the length tally never proves a text the strict parser refuses', () => {
  it('same answer as the strict parser on generated texts, proven or not', () => {
    let proven = 0;
    let refused = 0;
    fc.assert(
      fc.property(nested, (t) => {
        for (const limits of [DEFAULT_LIMITS, SMALL]) {
          const strict = parseStrictJsonText(t, limits);
          if (!strict.ok) refused++;
          expect(parseJsonText(t, limits)).toStrictEqual(strict);
          let value: unknown;
          try {
            value = JSON.parse(t);
          } catch {
            continue;
          }
          // A raw surrogate keeps a text from the native path, which alone asks the tally.
          if (/[\uD800-\uDFFF]/.test(t)) continue;
          const proof = tallyText(value, t, limits, t.includes('\\'));
          if (proof === UNPROVEN) continue;
          proven++;
          expect(strict.ok && strict.value.withinLimits).toBe(proof === PROVEN_WITHIN);
        }
      }),
      { numRuns: 4000 },
    );
    // Both sides were reached: texts the tally proved, and refusals it had to leave to the strict parser.
    expect(proven).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('same answer as the strict parser where the tally has most to see through: no escapes, all padded', () => {
    const saving = fc.constantFrom('1e5', '12e8', '1E3', '1e-6', '1', '0.5', '"x"', 'true', '1.0000000000000001');
    const plainText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        saving,
        fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
        fc
          .array(fc.tuple(fc.constantFrom('a', 'b', ''), tie('value')), { maxLength: 4 })
          .map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(',')}}`),
      ),
    })).value;
    let proven = 0;
    fc.assert(
      fc.property(plainText.map(padded), (t) => {
        const strict = parseStrictJsonText(t, DEFAULT_LIMITS);
        expect(parseJsonText(t, DEFAULT_LIMITS)).toStrictEqual(strict);
        if (tallyText(JSON.parse(t), t, DEFAULT_LIMITS, false) === UNPROVEN) return;
        proven++;
        expect(strict.ok).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(proven).toBeGreaterThan(300);
  });

  // Texts padded to the length of their tally, each hiding a refusal in characters saved elsewhere.
  it.each([
    { name: 'duplicate paid for by 1e5 spellings', text: '{"a":1,"b":1e5,"c":1e5,"a":1}' },
    { name: 'duplicate paid for, nested', text: '{"x":{"a":1e5,"b":1e5,"a":1e5},"y":[1e5,1e5,1e5]}' },
    { name: 'inexact number paid for', text: '[1e5,1e5,1e5,1e5,1e5,1e3,1e3,1.0000000000000001]' },
    { name: 'inexact number of 18 digits paid for by 4 characters', text: '[123456789012345.001,1e4,1e4]' },
    { name: 'underflow paid for', text: '[1e5,1e5,1e-400]' },
    { name: 'duplicate paid for by a fraction with an exponent', text: '{"x":1e-6,"y":1e-6,"a":1,"a":1}' },
    // With escapes: strings are tallied as JSON.stringify writes them, and a lone surrogate is never proven.
    { name: 'duplicate paid for beside escapes', text: '{"s":"\\"\\n\\\\","a":1,"b":1e5,"c":1e5,"a":1}' },
    {
      name: 'duplicate key spelt with an escape, paid for',
      text: '{"a":12e8,"b":12e8,"c":12e8,"d":12e8,"e":12e8,"\\u0061":1,"a":1}',
    },
    { name: 'lone surrogate escape as long as its tally', text: '["\\ud800",1e5,1e5]' },
    { name: 'lone low surrogate in a key', text: '{"\\udc00":1e5,"b":1e5}' },
    // JSON.stringify writes a lone surrogate escaped: beside a quote, the string is as long as its writing.
    { name: 'lone surrogate beside a quote', text: '{"k":"\\"\\ud800"}' },
    { name: 'lone surrogate beside a line feed, in a key', text: '{"\\n\\udfff":1}' },
  ])('$name: left to the strict parser', ({ text: written }) => {
    const t = padded(written);
    // As long as the tally counts: only what the spellings save pays for the refusal.
    expect(t.length).toBe(JSON.stringify(JSON.parse(t)).length);
    expect(tallyText(JSON.parse(t), t, DEFAULT_LIMITS, t.includes('\\'))).toBe(UNPROVEN);
    expect(parseJsonText(t, DEFAULT_LIMITS)).toEqual(parseStrictJsonText(t, DEFAULT_LIMITS));
    expect(parseJsonText(t, DEFAULT_LIMITS).ok).toBe(false);
  });

  it.each([
    { name: 'JSON.stringify of a typical call', text: JSON.stringify({ city: 'Paris', days: [1, 2], unit: 0.5 }) },
    { name: 'round numbers without exponents', text: '{"limit":1000,"timeout":30000,"max":100000,"n":-0}' },
    { name: 'fractions as written', text: '{"price":19.99,"score":0.75,"neg":-0.001,"big":12345678901234.5}' },
    { name: '__proto__ and an integer key', text: '{"__proto__":{"1":1},"0":"x"}' },
    { name: 'escapes JSON.stringify writes', text: JSON.stringify({ t: 'a "b"\n\tc \\ d\u0001\u001f\b\f\r' }) },
    {
      name: 'an MCP result holding JSON text',
      text: JSON.stringify({ content: [{ type: 'text', text: JSON.stringify({ id: 7, tags: ['a'] }, null, 2) }] }),
    },
    { name: 'escaped keys and raw non-ASCII', text: JSON.stringify({ 'a"b': 1, 'c\nd': ['\u2028', '\u007f', 'é'] }) },
  ])('$name: proven, with the value JSON.parse reads', ({ text: t }) => {
    expect(tallyText(JSON.parse(t), t, DEFAULT_LIMITS, t.includes('\\'))).toBe(PROVEN_WITHIN);
    const strict = parseStrictJsonText(t, DEFAULT_LIMITS);
    expect(strict.ok && strict.value.value).toStrictEqual(JSON.parse(t));
  });

  it.each([
    { name: 'a solidus escaped', text: '{"url":"a\\/b"}' },
    { name: 'a letter escaped', text: '{"k":"\\u0061"}' },
    { name: 'a pair escaped', text: '["\\ud83d\\ude00"]' },
    { name: 'a control in its long form', text: '["\\u000a"]' },
  ])('$name: longer than its tally, left to the scan, read the same', ({ text: t }) => {
    expect(tallyText(JSON.parse(t), t, DEFAULT_LIMITS, true)).toBe(UNPROVEN);
    const strict = parseStrictJsonText(t, DEFAULT_LIMITS);
    expect(strict.ok).toBe(true);
    expect(parseJsonText(t, DEFAULT_LIMITS)).toStrictEqual(strict);
  });

  it('a text with whitespace between tokens is longer than its tally: the scan reads it', () => {
    const t = '{ "a": 1,\n  "b": [true, false, null] }';
    expect(tallyText(JSON.parse(t), t, DEFAULT_LIMITS, false)).toBe(UNPROVEN);
    expect(parseJsonText(t, DEFAULT_LIMITS)).toEqual(parseStrictJsonText(t, DEFAULT_LIMITS));
  });
});
