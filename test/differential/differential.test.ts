// Differential property test: toolgate's verdicts against @hyperjump/json-schema's (peer.ts) on
// generated Draft 2020-12 schemas and instances, fixed seed and bounded count. Every disagreement
// must be claimed by a known.json entry; every entry must still disagree exactly as recorded (a fix
// makes it stale, and the entry must go). Long runs with random seeds: `npm run fuzz`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePairs, newTally } from './compare.js';
import { isDecimalMultiple } from './decimal-multiple.js';
import { KNOWN, keysOf, knownFor, matches } from './known.js';
import { GENERATED_KEYWORDS, pairArbitrary } from './pairs.js';

const SEED = 1301;
/** Schemas per CI run, each with 4 to 8 instances; sized for about 15 s on a busy 2-core machine. */
const SCHEMAS = 1000;

describe('differential: toolgate and @hyperjump/json-schema agree on generated pairs', () => {
  it(`${SCHEMAS} generated schemas (seed ${SEED}): no disagreement outside known.json`, async () => {
    const tally = newTally();
    const claimed = new Map<string, number>();
    const withKeyword = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(pairArbitrary, async ({ schema, instances }) => {
        for (const k of keysOf(schema)) withKeyword.set(k, (withKeyword.get(k) ?? 0) + 1);
        for (const f of await comparePairs(schema, instances, tally)) {
          const entry = knownFor(f);
          if (entry === undefined) throw new Error(`disagreement no known.json entry claims: ${JSON.stringify(f)}`);
          claimed.set(entry.id, (claimed.get(entry.id) ?? 0) + 1);
        }
      }),
      { seed: SEED, numRuns: SCHEMAS },
    );
    const { findings, ...counts } = tally;
    console.info(`differential: ${JSON.stringify({ ...counts, known: Object.fromEntries(claimed) })}`);
    expect(tally.schemas).toBe(SCHEMAS);
    // Not vacuous: most pairs are compared, and both verdicts are common.
    expect(tally.compared).toBeGreaterThan(tally.pairs * 0.9);
    expect(tally.agreedValid).toBeGreaterThan(tally.compared * 0.25);
    expect(tally.agreedInvalid).toBeGreaterThan(tally.compared * 0.25);
    // Every keyword the generator knows is generated, in at least 1% of the schemas.
    const rare = GENERATED_KEYWORDS.filter((k) => (withKeyword.get(k) ?? 0) < SCHEMAS / 100);
    expect(rare).toEqual([]);
  }, 120_000);

  describe.each(KNOWN)('known.json $id ($owner)', (entry) => {
    it('still disagrees exactly as recorded, and its matcher claims it', async () => {
      const found = await comparePairs(entry.schema, entry.match.kind === 'schema' ? [] : [entry.instance], newTally());
      // An empty list means toolgate now agrees with the peer: the entry is stale and must be removed.
      expect(found.map((f) => ({ kind: f.kind, toolgate: f.toolgate, peer: f.peer }))).toEqual([
        { kind: entry.match.kind, toolgate: entry.toolgate, peer: entry.peer },
      ]);
      expect(matches(entry.match, found[0] as (typeof found)[0])).toBe(true);
    });
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
