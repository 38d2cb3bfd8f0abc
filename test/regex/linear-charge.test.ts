// A linear pattern (degree 1) may still read many characters for each one of the string: without a leading
// `^` every start tries the whole pattern, and a lookaround in an open repetition runs at every iteration.
// Such a pattern is charged its weight per character before the test (regex/bound.ts, regex/weight.ts), so
// a 64 KB string stops at maxPatternWork instead of running for 0.1-1 s. The proofs count the characters
// that reach the RegExp engine (a spy on RegExp.prototype.test), never wall-clock time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateSchema } from '../../src/schema/compile.js';
import { regexDegree } from '../../src/regex/degree.js';
import { lintSchema } from '../../src/lint/lint.js';

const HEAVY = [
  { pattern: '\\w{500}\\d', took: '100 ms on 64 KB: every start reads 500 characters' },
  { pattern: `${'\\w{500}'.repeat(7)}\\d`, took: '1,000 ms on 64 KB: every start reads 3,500 characters' },
  { pattern: '[a-z]{100}!', took: '46 ms on 64 KB: every start reads 100 characters' },
  { pattern: '^(?:a(?![a-z]{300}!))*$', took: '98 ms on 64 KB: the lookahead reads 300 characters per iteration' },
];

const LIGHT = ['^[a-z]+$', '^[a-z0-9]{1,64}$', '\\d{3}-\\d{4}', '^(?=.{1,253}$)[a-z.]+$', '^\\w{500}$'];

function testedLengths(pattern: string, s: string): { lengths: number[]; outcome: string } {
  const c = validateSchema({ type: 'object', properties: { s: { type: 'string', pattern } } });
  if (!c.ok) throw new Error(c.error.message);
  const lengths: number[] = [];
  const real = RegExp.prototype.test;
  vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, t: string) {
    lengths.push(t.length);
    return real.call(this, t);
  });
  const r = c.value.validate({ s });
  vi.restoreAllMocks();
  return { lengths, outcome: r.ok ? 'valid' : `${r.error.class}: ${r.error.message}` };
}

describe('heavy linear patterns are charged per character before they run', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(HEAVY)('$pattern ($took) stops at maxPatternWork on 64 KB', ({ pattern }) => {
    expect(regexDegree(pattern)).toBe(1);
    const { lengths, outcome } = testedLengths(pattern, 'a'.repeat(64_000));
    expect(outcome).toMatch(/^execution_failure: limit maxPatternWork exceeded/);
    expect(lengths).not.toContain(64_000);
  });

  it.each(HEAVY)('$pattern still answers on a short string', ({ pattern }) => {
    expect(testedLengths(pattern, 'a'.repeat(200)).outcome).toMatch(/^(valid|validation)/);
  });

  it.each(LIGHT)('%s reads each character a bounded number of times: 100,000 characters reach the engine', (p) => {
    const { lengths } = testedLengths(p, 'a'.repeat(100_000));
    expect(lengths).toContain(100_000);
  });
});

describe('lint required-but-closed bounds a heavy linear key the same way', () => {
  it('a 100,000-character required name never reaches the engine: no verdict, no warning', () => {
    const pattern = `${'\\w{500}'.repeat(7)}\\d`; // 8.6 s of lint on a 900 KB name before
    const schema = { type: 'object', patternProperties: { [pattern]: {} }, additionalProperties: false };
    const lengths: number[] = [];
    const real = RegExp.prototype.test;
    vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, t: string) {
      lengths.push(t.length);
      return real.call(this, t);
    });
    const r = lintSchema({ ...schema, required: ['a'.repeat(100_000)] });
    vi.restoreAllMocks();
    expect(r.ok && r.value.filter((w) => w.rule === 'required-but-closed')).toEqual([]);
    expect(lengths).not.toContain(100_000);
    const short = lintSchema({ ...schema, required: ['a'] });
    expect(short.ok && short.value.map((w) => w.rule)).toContain('required-but-closed');
  });
});
