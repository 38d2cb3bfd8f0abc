// The one regex reader (regex/parse.ts): character sets exact where V8's are known, supersets otherwise
// (never subsets, which would hide backtracking paths), and a throw on syntax it does not know.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anchoredAtStart, parseRegex, reversed, type Node } from '../../src/regex/parse.js';
import { contains } from '../../src/regex/ranges.js';
import { loadCases } from '../suite/suite.js';
import { patternsIn, zodPatterns } from '../fixtures/regex-sources.js';

const setOf = (pattern: string) => {
  const n = parseRegex(pattern);
  if (n.t !== 'chars') throw new Error(`${pattern} is not one character set`);
  return n.set;
};

// Code points around every boundary the sets below have.
const PROBES = [
  0, 8, 9, 10, 13, 32, 0x2d, 0x30, 0x39, 0x41, 0x5a, 0x5f, 0x61, 0x7a, 0x7f, 0xa0, 0x2028, 0x2029, 0xd800, 0xfeff,
  0x1f600, 0x1f64f, 0x10ffff,
];

describe('character sets', () => {
  it.each([
    { pattern: '.', why: 'every code point but the line terminators' },
    { pattern: '[^\\d]', why: 'a negated class escape' },
    { pattern: '[\\w-]', why: 'a class escape and a literal dash' },
    { pattern: '[a\\-z]', why: 'an escaped dash is no range' },
    { pattern: '[\\b]', why: 'backspace inside a class' },
    { pattern: '\\cJ', why: 'a control escape' },
    { pattern: '\\u{1F600}', why: 'a braced code point' },
    { pattern: '\\uD83D\\uDE00', why: 'a surrogate pair is one code point' },
    { pattern: '[\\uD83D\\uDE00-\\uD83D\\uDE4F]', why: 'a range of surrogate pairs' },
    { pattern: '\u{1F600}', why: 'a literal astral character' },
    { pattern: '[^\\s\\S]', why: 'the empty set' },
    { pattern: '\\x2D', why: 'a hex escape' },
  ])('$pattern is exact ($why)', ({ pattern }) => {
    const rx = new RegExp(`^(?:${pattern})$`, 'u');
    const set = setOf(pattern);
    for (const cp of PROBES) expect(contains(set, cp), `U+${cp.toString(16)}`).toBe(rx.test(String.fromCodePoint(cp)));
  });

  it.each([
    { pattern: '\\p{L}', why: 'a property escape' },
    { pattern: '\\P{L}', why: 'a negated property escape' },
    { pattern: '[^\\p{L}]', why: 'a negated class holding a property escape (its complement is not a superset)' },
  ])('$pattern is read as every character ($why)', ({ pattern }) => {
    expect(setOf(pattern)).toEqual([[0, 0x10ffff]]);
  });

  it('random classes are exact', () => {
    const piece = fc.constantFrom(
      'a',
      'z',
      '-',
      '\\-',
      '\\d',
      '\\w',
      '\\s',
      '\\D',
      '\\W',
      'a-f',
      '0-9',
      '\\u0041-\\u005A',
    );
    fc.assert(
      fc.property(fc.boolean(), fc.array(piece, { minLength: 1, maxLength: 4 }), (negated, pieces) => {
        const pattern = `[${negated ? '^' : ''}${pieces.join('')}]`;
        try {
          new RegExp(pattern, 'u');
        } catch {
          return; // e.g. a range ending in a class escape
        }
        const rx = new RegExp(`^${pattern}$`, 'u');
        const set = setOf(pattern);
        for (const cp of PROBES) expect(contains(set, cp)).toBe(rx.test(String.fromCodePoint(cp)));
      }),
      { numRuns: 300, seed: 13 },
    );
  });
});

describe('structure', () => {
  const shape = (n: Node): string => {
    switch (n.t) {
      case 'chars':
        return 'c';
      case 'seq':
        return `(${n.items.map(shape).join(' ')})`;
      case 'alt':
        return `(${n.alts.map(shape).join('|')})`;
      case 'quant':
        return `${shape(n.body)}{${n.min},${n.max}}`;
      case 'assert':
        return n.kind;
      case 'look':
        return `look${n.behind ? '<' : '>'}${n.negative ? '!' : '='}${shape(n.body)}`;
      case 'backref':
        return 'ref';
    }
  };
  it.each([
    ['^a+?$', '(start c{1,Infinity} end)'],
    ['a{2,}b{3}c{0,4}', '(c{2,Infinity} c{3,3} c{0,4})'],
    ['(?<n>a)\\k<n>', '(c ref)'],
    ['(a)\\1', '(c ref)'],
    ['(?<=a)(?<!b)(?=c)(?!d)', '(look<=c look<!c look>=c look>!c)'],
    ['\\bx\\B', '(boundary c boundary)'],
    ['a|b|', '(c|c|())'],
    ['()', '()'],
  ])('%s reads as %s', (pattern, expected) => {
    expect(shape(parseRegex(pattern))).toBe(expected);
  });

  it.each(['(?i:a)', '(?-i:a)', 'a{,5}', '(a', 'a)', '\\'])('%s is not read (the caller refuses)', (pattern) => {
    expect(() => parseRegex(pattern)).toThrow();
  });

  it.each([
    ['^a|^b', true],
    ['(?:^a)', true],
    ['^a|b', false],
    ['a^', false],
    ['(?=^)a', false],
  ])('%s anchored at the start: %s', (pattern, anchored) => {
    expect(anchoredAtStart(parseRegex(pattern))).toBe(anchored);
  });

  it('a lookbehind body is read right to left', () => {
    const n = reversed(parseRegex('a[bc](?:d|ef)'));
    expect(
      n.t === 'seq' && n.items.map((x) => (x.t === 'chars' ? String.fromCodePoint(x.set[0]?.[0] ?? 0) : x.t)),
    ).toEqual(['alt', 'b', 'a']);
  });
});

describe('every real pattern can be read', () => {
  it('the official suite (required and optional) and zod 4', () => {
    const patterns = new Set(zodPatterns().map((s) => s.pattern));
    for (const dir of ['draft2020-12', 'draft2020-12/optional'])
      for (const c of loadCases(dir)) for (const p of patternsIn(c.schema)) patterns.add(p);
    const compiling = [...patterns].filter((p) => {
      try {
        return new RegExp(p, 'u') !== undefined;
      } catch {
        return false;
      }
    });
    expect(compiling.length).toBeGreaterThan(80);
    expect(compiling.filter((p) => !readable(p))).toEqual([]);
  });
});

function readable(p: string): boolean {
  try {
    parseRegex(p);
    return true;
  } catch {
    return false;
  }
}
