// The small vocabularies both generators draw from, so that schemas and instances meet: the same
// property names, the same boundary numbers, patterns paired with names they match.

/** Property names, the awkward ones included: empty, prototype members, `__proto__`. */
export const NAMES = [
  'a',
  'b',
  'ab',
  '',
  '__proto__',
  'toString',
  'constructor',
  'valueOf',
  'hasOwnProperty',
  'length',
];

/**
 * Patterns both engines read alike (ECMA-262 with the `u` flag), each with strings it matches: the
 * instance generator uses them as property names and string values.
 */
export const PATTERNS: Readonly<Record<string, readonly string[]>> = {
  '^a': ['a', 'ab'],
  b$: ['b', 'ab'],
  '^[a-c]$': ['a', 'c'],
  '^_': ['__proto__', '_'],
  o: ['toString', 'constructor', 'valueOf'],
  '^$': [''],
  '\\d': ['a1', '7'],
  '^\\p{L}+$': ['ab', 'é'],
  '^.$': ['😀', 'x'],
  // Ajv drops a patternProperties key spelled "__proto__" (found by a hunt; now rewritten or refused).
  // A computed key: a plain `__proto__:` in an object literal would set the prototype.
  ['__proto__']: ['__proto__', 'x__proto__y'],
};

/** Strings, with a non-BMP character (length counts code points, Validation §6.3.1) and a precomposed letter. */
export const STRINGS = ['', 'a', 'ab', 'abc', 'b', '1', 'é', '😀', 'a😀', ' '];

/** Numbers near the usual boundaries: zero and -0, halves, tenths, float64 edges. */
export const NUMBERS = [
  0,
  -0,
  1,
  -1,
  2,
  3,
  0.5,
  1.5,
  2.5,
  -2.5,
  0.1,
  0.2,
  0.3,
  0.7,
  10,
  100,
  1e-8,
  0.0001,
  7.5,
  1e21,
  2 ** 53,
  2 ** 53 + 2,
];

/** multipleOf divisors: integers and decimals that float64 cannot hold exactly. */
export const DIVISORS = [1, 2, 3, 0.5, 0.1, 0.01, 1.5, 0.3, 0.25, 1e-8];

/** The seven JSON Schema types (Validation §6.1.1). */
export const TYPES = ['null', 'boolean', 'object', 'array', 'number', 'string', 'integer'] as const;
