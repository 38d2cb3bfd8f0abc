// Patterns valid ECMA-262 only without the `u` flag (regex/u-mode.ts): where they mean the same in both modes
// they run as their u-mode spelling; where the meaning differs they are refused, saying why. Before, every one
// was an invalid schema ("Invalid escape"), `^\d{3}\-\d{4}$` and `[\w\@]` included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate, validateSchema } from '../../src/index.js';
import { patternExcludesLeadingDash } from '../../src/exec/pattern-lead.js';
import { checkPattern } from '../../src/regex/guard.js';
import { readPattern } from '../../src/regex/u-mode.js';

// pattern, the u-mode source it runs as (or the refusal's words, or 'invalid')
const table: [string, string | RegExp][] = [
  ['^\\d{3}\\-\\d{4}$', '^\\d{3}-\\d{4}$'],
  ['[\\w\\@]', '[\\w@]'],
  ['^[\\w-.]+$', '^[\\w\\-.]+$'],
  ['[a-\\d]', '[a\\-\\d]'],
  ['a{b}]', 'a\\{b\\}\\]'],
  ['x{2,3}\\#\\%\\ \\\'\\"\\_', 'x{2,3}#% \'"_'],
  ['^https?\\:\\/\\/.*$', '^https?:\\/\\/.*$'],
  ['(?<x>a)\\k<x>\\-', '(?<x>a)\\k<x>-'],
  ['(.+)\\1\\-', /cannot tell that both readings match alike \(a backreference\)/],
  ['[a-c-e]\\-', '[a-c-e]-'],
  ['[\\w-]', '[\\w-]'], // valid with the flag: run as written
  ['\\u{41}\\-', /`\\u\{…\}` means the letter u repeated/],
  ['\\p{L}\\-', /`\\p\{…\}` means the letter p, not a property class/],
  ['\\a\\-', /`\\a` means the letter a, not an escape/],
  ['\\k<x>\\-', /`\\k` means the letter k where there are no named groups/],
  ['\\1\\-', /`\\1` is an octal escape or a digit/],
  ['\\01\\-', /`\\0` followed by a digit is an octal escape/],
  ['\\c1', /`\\c` without a letter after it is a literal backslash/],
  ['^a.b\\-$', /`\.`, a negated class, `\\S`, `\\W` or `\\D` reads an emoji as two characters/],
  ['[^@]+\\@[^@]+', '[^@]+@[^@]+'],
  ['^[^\\s@]+\\@[^\\s@]+\\.[^\\s@]+$', '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$'],
  ['^\\".+\\"$', '^".+"$'],
  ['^\\S+\\-$', '^\\S+-$'],
  ['^.+.+\\-$', /reads an emoji as two characters/],
  ['^.{2,}\\-$', /reads an emoji as two characters/],
  ['^.?\\-$', /reads an emoji as two characters/],
  ['^(.a)*\\-$', /reads an emoji as two characters/],
  ['\\-.{1000}', /reads an emoji as two characters/],
  [`${'[^@]+\\@'.repeat(65)}`, /more than 64 `\.`, negated classes or `\\S`-like sets are too many to check/],
  [`${'[^@]+\\@'.repeat(64)}`, '[^@]+@'.repeat(64)],
  ['(?=a)\\-', /a lookaround or `\\B` can match inside an emoji/],
  ['😀\\-', /a character past U\+D7FF is read as UTF-16 units/],
  ['\\é', /an escaped "é" is no u-mode escape/],
  ['^(abc]', 'invalid'],
];

describe('reading patterns written without the u flag', () => {
  it.each(table)('%s', (pattern, expected) => {
    const reading = readPattern(pattern);
    if (expected === 'invalid') expect('invalid' in reading).toBe(true);
    else if (typeof expected === 'string') expect(reading).toMatchObject({ source: expected });
    else expect('refused' in reading ? reading.refused : reading).toMatch(expected);
  });

  it('every rewrite runs as the pattern does without the flag, on strings with and without emoji', () => {
    const subjects = ['555-1234', '555x1234', '@', 'a', '-', '😀', 'a😀b', 'x{b}]', 'xx#% \'"_', 'http://😀', ''];
    subjects.push('😀@😀.😀', 'a@b.c', '"😀"', '""', '😀-', '😀😀-', 'a😀-', '😀a-');
    for (const [pattern, expected] of table) {
      if (typeof expected !== 'string' || expected === 'invalid') continue;
      const annexB = new RegExp(pattern);
      const uMode = new RegExp(expected, 'u');
      for (const s of subjects) expect(uMode.test(s), `${pattern} on ${s}`).toBe(annexB.test(s));
    }
  });

  it('the option-injection check reads the rewrite too (a leading \\@ is no dash)', () => {
    expect(patternExcludesLeadingDash('^\\@[a-z]+$')).toBe(true);
    expect(patternExcludesLeadingDash('^\\-?[a-z]+$')).toBe(false);
  });

  it('the backtracking guard analyses the rewrite', () => {
    expect(checkPattern('^(\\-+)+$').hazard).toMatch(/exponential|two ways|same text/);
    expect(checkPattern('^\\d{3}\\-\\d{4}$')).toEqual({});
  });
});

const DIALECTS = [
  'https://json-schema.org/draft/2020-12/schema',
  'https://json-schema.org/draft/2019-09/schema',
  'http://json-schema.org/draft-07/schema#',
];
const options = { dialects: ['2019-09', 'draft-07'] } as const;

describe.each(DIALECTS)('patterns without the u flag under %s', ($schema) => {
  const schema = {
    $schema,
    type: 'object',
    properties: { phone: { type: 'string', pattern: '^\\d{3}\\-\\d{4}$' } },
    patternProperties: { '^x[\\w\\@]$': { type: 'integer' } },
  };

  it('accepts real tools patterns, runs them, and keeps the schema as written', () => {
    const compiled = validateSchema(schema, options);
    if (!compiled.ok) throw new Error(compiled.error.message);
    expect(compiled.value.schema).toEqual(schema);
    expect(compiled.value.validate({ phone: '555-1234', 'x@': 1 }).ok).toBe(true);
    expect(compiled.value.validate({ phone: '555x1234' }).ok).toBe(false);
    expect(compiled.value.validate({ 'x@': 'one' }).ok).toBe(false);
  });

  it('refuses a pattern whose meaning differs without the flag, saying why', () => {
    const r = validateSchema({ $schema, type: 'object', properties: { a: { pattern: 'a\\u{2}\\-' } } }, options);
    expect(r.ok ? 'admitted' : `${r.error.class}: ${r.error.message}`).toMatch(
      /^unsupported_capability: .*`\\u\{…\}` means the letter u repeated/,
    );
  });
});

describe('the regex format is charged for what its subject costs', () => {
  // Compiling a `\p{L}` class costs about 40 µs; it was charged as any 4 steps a character, so 64 KB of `\p{L}`
  // took 650 ms and was valid.
  const schema = { type: 'object', properties: { r: { format: 'regex' } } };
  it.each([
    ['64 KB of \\p{L}', '\\p{L}'.repeat(12_800)],
    // V8 keeps a parser state per open group: 27-65 ms for 64 KB, charged 4 steps a character before.
    ['64 KB of unclosed groups', '('.repeat(64_000)],
    ['64 KB of (a', '(a'.repeat(32_000)],
    ['64 KB of balanced groups', `${'('.repeat(32_000)}${')'.repeat(32_000)}`],
  ])('%s stops at maxValidationSteps', (_name, subject) => {
    const r = validate(schema, { r: subject }, { formatAssertion: true });
    expect(r.ok ? 'valid' : `${r.error.class}: ${r.error.message}`).toMatch(
      /^execution_failure: limit maxValidationSteps exceeded/,
    );
  });

  it('a few hundred property classes or a few thousand groups still get their verdict', () => {
    expect(validate(schema, { r: '\\p{L}'.repeat(200) }, { formatAssertion: true }).ok).toBe(true);
    expect(validate(schema, { r: '(a)'.repeat(5_000) }, { formatAssertion: true }).ok).toBe(true);
  });
});

describe('a rewrite accepted means the same in both modes (generated)', () => {
  // Patterns built from the pieces whose reading differs between the modes (sets that hold surrogates and
  // astral code points, counted and open repetitions, identity escapes), tried on strings with emoji.
  const atom = fc.constantFrom('a', '\\-', '\\@', '.', '[^a]', '\\S', '[^\\s@]', '\\d', 'b', '(a|.)', '(.a)');
  const quant = fc.constantFrom('', '', '*', '+', '?', '{2}', '{1,}', '{0,2}');
  const pattern = fc
    .array(fc.tuple(atom, quant), { minLength: 1, maxLength: 5 })
    .chain((parts) => fc.tuple(fc.constant(parts), fc.boolean(), fc.boolean()))
    .map(([parts, start, end]) => `${start ? '^' : ''}${parts.map(([a, q]) => a + q).join('')}${end ? '$' : ''}`);
  const subject = fc
    .array(fc.constantFrom('a', 'b', '-', '@', ' ', '1', '😀', '中', '\u{1F600}\u{1F601}'), { maxLength: 6 })
    .map((cs) => cs.join(''));

  it('u-mode spelling and Annex B pattern agree on every subject', () => {
    let accepted = 0;
    fc.assert(
      fc.property(pattern, fc.array(subject, { minLength: 8, maxLength: 8 }), (p, subjects) => {
        const reading = readPattern(`${p}\\-`);
        if (!('source' in reading) || !reading.rewritten) return;
        accepted++;
        const annexB = new RegExp(`${p}\\-`);
        const uMode = new RegExp(reading.source, 'u');
        for (const s of subjects) expect(uMode.test(`${s}-`), `${p} on ${s}`).toBe(annexB.test(`${s}-`));
      }),
      { numRuns: 3000, seed: 20 },
    );
    expect(accepted).toBeGreaterThan(300);
  });
});

describe("an invalid pattern's message", () => {
  // Before, V8's message was passed on whole: `Invalid regular expression: /<the whole pattern>/u: ...`, so a
  // 5,000-character pattern came back twice (once clipped, once whole) with its terminal escapes raw.
  it('says why without repeating the pattern: clipped once, control characters written out', () => {
    const pattern = `\u001b]0;pwned\u0007(${'x'.repeat(5000)}`;
    const r = validateSchema({ type: 'object', properties: { a: { type: 'string', pattern } } });
    const message = r.ok ? '' : r.error.message;
    expect(message).toMatch(/invalid regular expression .*…: a lone `\{` or `\}`$/);
    expect(message.length).toBeLessThan(400);
    expect(message).not.toContain('\u001b');
  });
});
