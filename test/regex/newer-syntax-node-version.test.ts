// Found by the determinism hunt: V8 alone decided whether a pattern compiles, and Node 24 compiles ECMAScript
// 2025's modifier groups and repeated group names where Node 20 and 22 throw. `(?i:abc)` was an invalid schema
// (`Invalid group`) on Node 22 and refused by the guard on Node 24; `(?<a>x)|(?<a>y)` was invalid on Node 22 and
// admitted on Node 24; the `regex` format said false, then true. toolgate now finds both itself, before V8.
import { describe, expect, it } from 'vitest';
import { validate, validateSchema } from '../../src/index.js';
import { checkPattern } from '../../src/regex/guard.js';
import { newerSyntax } from '../../src/regex/newer-syntax.js';
import { isRegexFormat } from '../../src/regex/regex-format.js';

const NEWER = [
  ['(?i:abc)', 'modifier group'],
  ['^(?-m:a)$', 'modifier group'],
  ['x(?ims-:a)', 'modifier group'],
  ['(?<a>x)|(?<a>y)', 'capture-group name'],
  ['((?<a>x)|y)|(?<a>z)', 'capture-group name'],
  ['(?<\\u0061>x)|(?<a>y)', 'capture-group name'],
  ['(?<\\u{61}>x)|(?<a>y)', 'capture-group name'],
] as const;

const OLDER = [
  '(?:a)',
  '(?=a)b',
  '(?!a)b',
  '(?<=a)b',
  '(?<!a)b',
  '(?<a>x)\\k<a>',
  '[(?i:]',
  '\\(?i:a\\)',
  '(?<a>x)|(?<b>y)',
  '(?P<a>x)',
];

describe('syntax newer than the oldest supported Node is judged by toolgate, the same on every Node', () => {
  it.each(NEWER)('%j is refused as %s on every Node version', (pattern, what) => {
    expect(newerSyntax(pattern)).toContain(what);
    expect(checkPattern(pattern)).toEqual({
      hazard: expect.stringMatching(/^it uses .*ECMAScript 2025.*, which not every supported Node version compiles$/),
    });
    expect(isRegexFormat(pattern)).toBe(false);
  });

  it.each(OLDER)('%j is no newer syntax', (pattern) => {
    expect(newerSyntax(pattern)).toBeUndefined();
  });

  it('a schema with a modifier group is unsupported_capability, not an invalid schema or an admitted one', () => {
    const r = validateSchema({ type: 'object', properties: { q: { type: 'string', pattern: '(?i:abc)' } } });
    expect(r.ok ? undefined : [r.error.class, r.error.violations[0]?.code]).toEqual([
      'unsupported_capability',
      'pattern_refused',
    ]);
  });

  it('a `regex` value with a repeated group name is not a regex', () => {
    const schema = { type: 'object', properties: { r: { type: 'string', format: 'regex' } } };
    const r = validate(schema, { r: '(?<a>x)|(?<a>y)' }, { formatAssertion: true });
    expect(r.ok).toBe(false);
  });
});
