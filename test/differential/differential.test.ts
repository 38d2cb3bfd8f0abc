// Differential property test: toolgate's verdicts against @hyperjump/json-schema's (peer.ts) on
// generated schemas and instances of each dialect toolgate enables, fixed seed and bounded count per
// dialect, `format` asserted on both sides. Every verdict is checked again after other calls on the
// same validator and on a fresh one (compare.ts). Every disagreement must be claimed by a known.json
// entry; every entry must still disagree exactly as recorded (a fix makes it stale, and the entry
// must go). Long runs with random seeds: `npm run fuzz -- --dialect D`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ok, type Result } from '../../src/result.js';
import { compileSchema } from '../../src/schema/compile.js';
import { type Compiler, comparePairs, newTally } from './compare.js';
import { isDecimalMultiple } from './decimal-multiple.js';
import type { Dialect } from './dialect.js';
import { FORMATS } from './format-pools.js';
import { KNOWN, keysOf, knownFor, matches } from './known.js';
import { instancesOf } from './minimize.js';
import { GENERATED_KEYWORDS, pairArbitrary } from './pairs.js';

/**
 * Seed and schemas per CI run, each schema with 4 to 8 instances: 2020-12 as before, the opt-in older
 * engines with fewer. Each seed meets the per-element `contains` class. 28 s in all on a 2-core machine
 * at load 5 (67 s at load 15), where the 2020-12 run alone took 7 s (19 s) before the re-checks. Drawing
 * and asserting `format` (format-pools.ts) costs no measurable time: 12-14 s at load 3-4 with and without.
 */
const RUNS: readonly { dialect: Dialect; seed: number; schemas: number }[] = [
  { dialect: '2020-12', seed: 1301, schemas: 1000 },
  { dialect: '2019-09', seed: 1909, schemas: 500 },
  { dialect: 'draft-07', seed: 707, schemas: 500 },
];

/** The `format` values a schema names, each once. */
function formatsIn(schema: unknown): Set<string> {
  const out = new Set<string>();
  JSON.stringify(schema, (key, value: unknown) => {
    if (key === 'format' && typeof value === 'string') out.add(value);
    return value;
  });
  return out;
}

describe.each(RUNS)(
  'differential $dialect: toolgate and @hyperjump/json-schema agree',
  ({ dialect, seed, schemas }) => {
    it(`${schemas} generated schemas (seed ${seed}): no disagreement outside known.json`, async () => {
      const tally = newTally();
      const claimed = new Map<string, number>();
      const withKeyword = new Map<string, number>();
      const withFormat = new Map<string, number>();
      await fc.assert(
        fc.asyncProperty(pairArbitrary(dialect), async ({ schema, instances }) => {
          for (const k of keysOf(schema)) withKeyword.set(k, (withKeyword.get(k) ?? 0) + 1);
          for (const f of formatsIn(schema)) withFormat.set(f, (withFormat.get(f) ?? 0) + 1);
          for (const f of await comparePairs(schema, instances, tally)) {
            const entry = knownFor(f);
            if (entry === undefined) throw new Error(`disagreement no known.json entry claims: ${JSON.stringify(f)}`);
            claimed.set(entry.id, (claimed.get(entry.id) ?? 0) + 1);
          }
        }),
        { seed, numRuns: schemas },
      );
      const { findings, ...counts } = tally;
      console.info(`differential ${dialect}: ${JSON.stringify({ ...counts, known: Object.fromEntries(claimed) })}`);
      expect(tally.schemas).toBe(schemas);
      // Not vacuous: most schemas are admitted (2019-09 refuses what its engine cannot do exactly; the
      // refusals are counted apart), most admitted pairs are compared, both verdicts are common,
      // non-object roots are compared, and every compared verdict was checked again on the same and
      // on a fresh validator.
      expect(tally.refusedSchemas).toBeLessThan(schemas * 0.5);
      expect(tally.compared).toBeGreaterThan((tally.pairs - tally.refusedPairs) * 0.9);
      expect(tally.agreedValid).toBeGreaterThan(tally.compared * 0.2);
      expect(tally.agreedInvalid).toBeGreaterThan(tally.compared * 0.2);
      expect(tally.nonObjectRoots).toBeGreaterThan(tally.compared * 0.25);
      expect(tally.rechecked).toBeGreaterThan(tally.compared * 0.95);
      // Every keyword the generator knows for the dialect is generated, in at least 1% of the schemas.
      const rare = GENERATED_KEYWORDS[dialect].filter((k) => (withKeyword.get(k) ?? 0) < schemas / 100);
      expect(rare).toEqual([]);
      // Every format both engines assert in the dialect is named by some schema.
      expect(FORMATS[dialect].filter((f) => !withFormat.has(f))).toEqual([]);
    }, 180_000);
  },
);

describe.each(KNOWN)('known.json $id ($owner)', (entry) => {
  it('still disagrees exactly as recorded, and its matcher claims it', async () => {
    const found = await comparePairs(entry.schema, instancesOf(entry.match.kind, entry.instance), newTally());
    // An empty list means toolgate now agrees with the peer: the entry is stale and must be removed.
    expect(found.map((f) => ({ kind: f.kind, toolgate: f.toolgate, peer: f.peer }))).toEqual([
      { kind: entry.match.kind, toolgate: entry.toolgate, peer: entry.peer },
    ]);
    expect(matches(entry.match, found[0] as (typeof found)[0])).toBe(true);
  });
});

describe('the harness finds a verdict that depends on earlier calls', () => {
  // A stand-in engine that, once it has seen `null`, calls everything valid: the shape of a validator with
  // shared state (a priming call unlocks invalid arguments). Fresh compiles start unprimed.
  const primedAfterNull: Compiler = (schema, options) => {
    const real = compileSchema(schema, options, { toolRoot: false });
    if (!real.ok) return real;
    let primed = false;
    const validate = (value: unknown): Result<unknown> => {
      const verdict = primed ? ok(value) : real.value.validate(value);
      primed ||= value === null;
      return verdict;
    };
    return ok({ ...real.value, validate });
  };
  const schema = { type: 'string' };

  it('reports "unstable" with the run of instances, on the same validator and on a fresh one', async () => {
    const found = await comparePairs(schema, [1, null, 'a'], newTally(), primedAfterNull);
    expect(found.map(({ kind, instance, toolgate, peer }) => ({ kind, instance, toolgate, peer }))).toEqual([
      {
        kind: 'unstable',
        instance: [1, null, 'a'],
        toolgate: 'first invalid, again valid, fresh valid',
        peer: 'invalid',
      },
    ]);
  });

  it('reports nothing for the real engine on the same run', async () => {
    const tally = newTally();
    expect(await comparePairs(schema, [1, null, 'a'], tally)).toEqual([]);
    expect(tally.rechecked).toBe(3);
  });
});

describe('the peer multipleOf oracle divides the decimals exactly (Validation §6.2.1)', () => {
  it.each([
    [0.3, 0.1, true],
    [0.30000000000000004, 0.1, false],
    [0.7000000000000001, 0.1, false],
    [2.1, 0.3, true],
    [1e-8, 1, false],
    [4.5, 1.5, true],
    [-0, 0.5, true],
    [1e21, 3, false],
    [1e21, 0.01, true],
    [2 ** 53 + 2, 2, true],
  ])('%d / %d is an integer: %s', (value, divisor, expected) => {
    expect(isDecimalMultiple(value, divisor)).toBe(expected);
  });
});
