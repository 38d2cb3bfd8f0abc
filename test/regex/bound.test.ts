// Polynomial backtracking: degree >= 3 is refused when the schema is checked; degree 2 is bounded
// at run time by maxPatternSubject, maxPatternWork and maxValidationSteps (length² × the pattern's
// weight). The proofs count the characters that reach the real RegExp engine (a spy on
// RegExp.prototype.test), never wall-clock time.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateSchema } from '../../src/schema/compile.js';
import { regexDegree } from '../../src/regex/degree.js';
import { regexHazard } from '../../src/regex/guard.js';
import type { Limits } from '../../src/util/limits.js';

const DEGREES = [
  { pattern: '^[a-z]+$', degree: 1, why: 'anchored, one run' },
  { pattern: '\\d+', degree: 1, why: 'unanchored, nothing after the run can fail' },
  { pattern: '\\S', degree: 1, why: 'unanchored single character' },
  { pattern: '^(?!.*\\.\\.)[a-z.]+$', degree: 1, why: 'lookahead at the start only' },
  { pattern: '^"(?:[^"\\\\]|\\\\.)*"$', degree: 1, why: 'unambiguous repetition' },
  { pattern: 'a.*b', degree: 2, why: 'unanchored: every start, then every stop of .*' },
  { pattern: '\\d+x', degree: 2, why: 'unanchored run that must be followed by x' },
  { pattern: '[a-z]+$', degree: 2, why: 'unanchored run that must reach the end' },
  { pattern: '^a.*b.*c', degree: 2, why: 'two ambiguous runs, anchored' },
  { pattern: '^(\\d+\\.)+\\d+$', degree: 1, why: 'the final run cannot read the dot that ends an iteration' },
  { pattern: '(a|ab)*c', degree: 2, why: 'an unambiguous loop, scanned from every start' },
  { pattern: '.*cd$', degree: 2, why: "zod's endsWith: every start scans to the end" },
  { pattern: '^ab.*', degree: 1, why: "zod's startsWith: the run ends the match" },
  { pattern: 'a.*b.*c', degree: 3, why: 'two ambiguous runs, unanchored' },
  { pattern: '^\\S+@\\S+\\.\\S+$', degree: 3, why: 'three runs that can each contain the separators' },
  { pattern: 'a?a?a?a?aaaa', degree: 1, why: 'a?^n a^n for a fixed n: a constant number of paths per start' },
  { pattern: '(?:a|ab)(?:c|cd)(?:e|ef)', degree: 1, why: 'fixed-length alternatives: a constant number of paths' },
  { pattern: '^(?:(?=\\w*x)\\w)*$', degree: 2, why: 'a lookahead scanning to the end from every iteration' },
  { pattern: '^(?:(?=\\d*x)a)*$', degree: 2, why: 'over-estimate: the lookahead cannot read past the next a' },
  { pattern: '(?<=\\w*)x', degree: 2, why: 'a lookbehind scanning back from every start' },
  { pattern: '^(?=.{1,253}$)[a-z.]+$', degree: 1, why: 'a bounded lookahead, once' },
];

describe('polynomial degree of a pattern (regex/degree.ts)', () => {
  it.each(DEGREES)('$pattern has degree $degree ($why)', ({ pattern, degree }) => {
    expect(regexDegree(pattern)).toBe(degree);
    const verdict = validateSchema({ type: 'object', properties: { s: { type: 'string', pattern } } });
    if (degree >= 3) {
      expect(regexHazard(pattern)).toMatch(/to the power/);
      expect(verdict.ok ? 'ok' : `${verdict.error.class}: ${verdict.error.message}`).toMatch(
        new RegExp(
          '^unsupported_capability: .*regular expression .* is refused: ' +
            'its matching time can grow as the string length to the power \\d',
        ),
      );
    } else {
      expect(verdict.ok).toBe(true);
    }
  });
});

/** Lengths of every string the real RegExp engine is given while `run` runs. */
function subjectsDuring(run: () => void): number[] {
  const lengths: number[] = [];
  const original = RegExp.prototype.test;
  const spy = vi.spyOn(RegExp.prototype, 'test').mockImplementation(function (this: RegExp, s: string) {
    lengths.push(String(s).length);
    return original.call(this, s);
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return lengths;
}

const compiled = (schema: object, limits?: Partial<Limits>) => {
  const c = validateSchema(schema, limits === undefined ? undefined : { limits });
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
};

describe('quadratic patterns are bounded at run time', () => {
  afterEach(() => vi.restoreAllMocks());

  // Fails if the bound is removed: the 20,000-character string would then reach the engine (and
  // take about half a second); with it, nothing longer than the limit is ever matched.
  it('maxPatternSubject: a string longer than the limit never reaches the engine (pattern)', () => {
    const c = compiled(
      { type: 'object', properties: { s: { type: 'string', pattern: 'a.*b' } } },
      { maxPatternSubject: 100 },
    );
    let message = '';
    const lengths = subjectsDuring(() => {
      const r = c.validate({ s: 'a'.repeat(20_000) });
      message = r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`;
    });
    expect(message).toBe(
      'execution_failure: limit maxPatternSubject exceeded: limit 100, seen a string of 20000 characters tested ' +
        'against the quadratic pattern "a.*b"',
    );
    expect(lengths.filter((n) => n > 100)).toEqual([]);
  });

  it.each([
    // An asserting subschema: under `true` nothing depends on the match, and the engine skips the test.
    { where: 'patternProperties', schema: { type: 'object', patternProperties: { 'x.*y': { type: 'integer' } } } },
    { where: 'propertyNames', schema: { type: 'object', propertyNames: { pattern: 'x.*y' } } },
    {
      where: 'unevaluatedProperties over patternProperties',
      schema: { type: 'object', allOf: [{ patternProperties: { 'x.*y': true } }], unevaluatedProperties: false },
    },
  ])('maxPatternSubject applies to property names ($where)', ({ schema }) => {
    const c = compiled(schema, { maxPatternSubject: 100 });
    let cls = '';
    const lengths = subjectsDuring(() => {
      const r = c.validate({ ['x'.repeat(5_000)]: 1 });
      cls = r.ok ? 'ok' : `${r.error.class} ${r.error.violations[0]?.keyword}`;
    });
    expect(cls).toBe('execution_failure maxPatternSubject');
    expect(lengths.filter((n) => n > 100)).toEqual([]);
  });

  it("the default maxPatternSubject stops the issue's case: `a.*b` against 100,000 a's", () => {
    const c = compiled({ type: 'object', properties: { s: { type: 'string', pattern: 'a.*b' } } });
    const lengths = subjectsDuring(() => {
      const r = c.validate({ s: 'a'.repeat(100_000) });
      expect(r.ok ? 'ok' : r.error.message).toMatch(
        /^limit maxPatternSubject exceeded: limit 4096, seen a string of 100000 characters/,
      );
    });
    expect(lengths).toEqual([]);
  });

  // Fails if the budget is removed: all 50 strings would reach the engine.
  it('maxPatternWork: length² × weight adds up over one call; the call stops at the budget', () => {
    const c = compiled(
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string', pattern: 'a.*b' } } } },
      // The step budget, which counts the same work, is lifted to show maxPatternWork alone.
      { maxPatternWork: 120_000_000, maxValidationSteps: Infinity },
    );
    let message = '';
    const lengths = subjectsDuring(() => {
      const r = c.validate({
        a: Array.from({ length: 50 }, (_, i) => `${'a'.repeat(996)}${String(i).padStart(4, '0')}`),
      });
      message = r.ok ? 'ok' : `${r.error.class}: ${r.error.message}`;
    });
    // `a.*b` weighs 12: each string of 1,000 characters costs 12,000,000.
    expect(message).toBe(
      'execution_failure: limit maxPatternWork exceeded: limit 120000000, seen 132000000 (length² × weight ' +
        'summed over the strings tested against quadratic patterns; the last, 1000 characters against "a.*b", ' +
        'weight 12)',
    );
    // Each test is preceded by one of the empty string (bound.ts: it keeps V8 off its interpreter).
    expect(lengths.filter((n) => n > 0)).toEqual(new Array(10).fill(1_000));
    // Each call has its own budget: a call within it passes afterwards.
    expect(c.validate({ a: new Array(10).fill('a'.repeat(1_000)) }).ok).toBe(false);
    expect(c.validate({ a: ['ab', 'aab'] }).ok).toBe(true);
  });

  it('the default maxPatternWork lets one call test 1,581 characters against `a.*b` (weight 12), not 1,582', () => {
    const c = compiled({ type: 'object', properties: { s: { type: 'string', pattern: 'a.*b' } } });
    const within = subjectsDuring(() => expect(c.validate({ s: 'a'.repeat(1_581) }).ok).toBe(false));
    expect(within.filter((n) => n > 100)).toEqual([1_581]);
    let message = '';
    const past = subjectsDuring(() => {
      const r = c.validate({ s: 'a'.repeat(1_582) });
      message = r.ok ? 'ok' : r.error.message;
    });
    expect(message).toMatch(/^limit maxPatternWork exceeded: limit 30000000, seen 30032688 /);
    expect(past.filter((n) => n > 100)).toEqual([]);
  });

  // Fails if pattern work is not counted as steps: the engine's other work and the patterns'
  // would then each get a full budget, and one call could take the sum of both.
  it('pattern work also counts toward maxValidationSteps (one step per 25)', () => {
    const c = compiled(
      { type: 'object', properties: { a: { type: 'array', items: { type: 'string', pattern: 'a.*b' } } } },
      { maxPatternWork: Infinity },
    );
    let message = '';
    const lengths = subjectsDuring(() => {
      const r = c.validate({ a: ['x', 'y', 'z', 'w'].map((end) => `${'a'.repeat(1_499)}${end}`) });
      message = r.ok ? 'ok' : r.error.message;
    });
    // 1,500² × 12 / 25 = 1,080,000 steps a string: the second passes the default 1,500,000.
    expect(message).toMatch(/^limit maxValidationSteps exceeded: limit 1500000, seen at least 216\d{4} steps/);
    expect(lengths.filter((n) => n > 100)).toEqual([1_500]);
  });

  it('a string tested again against the same pattern is answered once and charged once', () => {
    const c = compiled(
      { type: 'object', patternProperties: { 'a.*b': { type: 'integer' } }, additionalProperties: false },
      { maxPatternWork: 40_000_000 },
    );
    // A string no other test here uses: matchers are shared by pattern and keep their last answer.
    const key = `${'a'.repeat(1_499)}q`;
    // additionalProperties tests every name against the patterns again after patternProperties did.
    const lengths = subjectsDuring(() => expect(c.validate({ [key]: 1 }).ok).toBe(false));
    expect(lengths.filter((n) => n > 100)).toEqual([1_500]);
  });

  // Regression: the last answer outlived its validation, so a string another schema had just tested passed
  // this one's maxPatternSubject without being charged (a verdict depending on earlier calls).
  it('a last answer is never reused by another validation: every call is charged by its own limits', () => {
    const schema = { type: 'object', properties: { s: { type: 'string', pattern: 'x.*z' } } };
    const roomy = compiled(schema, {});
    const tight = compiled(schema, { maxPatternSubject: 10 });
    const s = 'x'.repeat(50);
    const verdict = (c: typeof roomy): string => {
      const r = c.validate({ s });
      return r.ok ? 'ok' : `${r.error.class} ${/^limit (\w+)/.exec(r.error.message)?.[1] ?? 'no limit'}`;
    };
    const alone = verdict(tight);
    expect(verdict(roomy)).toBe('validation no limit');
    expect(verdict(tight)).toBe(alone);
    expect(alone).toBe('execution_failure maxPatternSubject');
  });

  it('validateJSON is bounded the same way', () => {
    const c = compiled(
      { type: 'object', properties: { s: { type: 'string', pattern: '\\d+x' } } },
      { maxPatternSubject: 1_000 },
    );
    const r = c.validateJSON(JSON.stringify({ s: '1'.repeat(50_000) }));
    expect(r.ok ? 'ok' : `${r.error.class} ${r.error.violations[0]?.keyword}`).toBe(
      'execution_failure maxPatternSubject',
    );
  });

  // Fails if the empty test goes: V8 would run the first test of a short string in its interpreter.
  it('a quadratic test is preceded by a test of the empty string', () => {
    const c = compiled({ type: 'object', properties: { s: { type: 'string', pattern: 'a*a{50}b' } } });
    const lengths = subjectsDuring(() => expect(c.validate({ s: `${'a'.repeat(300)}z` }).ok).toBe(false));
    expect(lengths.filter((n) => n === 0 || n === 301)).toEqual([0, 301]);
  });

  it('linear patterns are not bounded: 100,000 characters against ^[a-z]+$ reach the engine and pass', () => {
    const c = compiled({ type: 'object', properties: { s: { type: 'string', pattern: '^[a-z]+$' } } });
    const s = 'a'.repeat(100_000);
    const lengths = subjectsDuring(() => {
      const r = c.validate({ s });
      expect(r.ok && r.value).toEqual({ s });
    });
    expect(lengths).toContain(100_000);
  });

  it('within the limits a quadratic pattern answers as ECMA-262 says', () => {
    const c = compiled({ type: 'object', properties: { s: { type: 'string', pattern: 'a.*b' } } });
    expect(c.validate({ s: `x${'a'.repeat(1_500)}b` }).ok).toBe(true);
    const r = c.validate({ s: 'a'.repeat(1_500) });
    expect(r.ok ? 'ok' : r.error.class).toBe('validation');
  });

  it.each([{ maxPatternSubject: 0 }, { maxPatternWork: -1 }, { maxPatternWork: 2.5 }])(
    'invalid pattern limit %j is a validation error',
    (limits) => {
      const r = validateSchema({ type: 'object' }, { limits });
      expect(r.ok ? 'ok' : r.error.class).toBe('validation');
    },
  );
});
