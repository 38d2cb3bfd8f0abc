// Long differential runs: `npm run fuzz -- [--runs N] [--seed S] [--dialect D]` (defaults: 2000
// schemas, a random seed, 2020-12; D is 2020-12, 2019-09 or draft-07). Every finding no known.json
// entry claims is shrunk, by fast-check and then by minimize.ts, and printed once with a matcher for
// known.json; later findings of the same cause are counted against it. Ends with the tally (refusals
// by keyword included); exits 1 when a finding is left that no known entry claims.
import fc from 'fast-check';
import { comparePairs, newTally, type Finding, type Tally } from './compare.js';
import { DIALECT_URIS, isDialect } from './dialect.js';
import { KNOWN, keysOf, knownFor, matches, type Matcher } from './known.js';
import { minimize } from './minimize.js';
import { GENERATED_KEYWORDS, pairArbitrary } from './pairs.js';

const arg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('runs') ?? 2000);
let seed = Number(arg('seed') ?? Math.floor(Math.random() * 2 ** 31));
const firstSeed = seed;
const dialect = arg('dialect') ?? '2020-12';
if (!isDialect(dialect)) throw new Error(`--dialect must be 2020-12, 2019-09 or draft-07, got ${dialect}`);

// Keys that are keywords; property names and $defs names are not part of a matcher.
const KEYWORDS = new Set(
  GENERATED_KEYWORDS[dialect].filter((k) => !['$id', '$defs', 'definitions', '$schema'].includes(k)),
);
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const matcherOf = (f: Finding): Matcher => ({
  kind: f.kind,
  // Numbers in a message (indexes, counts) vary between findings of one cause.
  toolgate: `^${escape(f.toolgate.replace(/\d+/g, '\u0000')).replaceAll('\u0000', '\\d+').slice(0, 120)}`,
  peer: `^${escape(f.peer).slice(0, 80)}`,
  keywords: [...keysOf(f.schema)].filter((k) => KEYWORDS.has(k)).sort(),
  // An older dialect's finding is claimed in that dialect only.
  ...(dialect === '2020-12' ? {} : { schema: escape(`"$schema":"${DIALECT_URIS[dialect]}"`) }),
  // A format finding's cause is its string: each edge of each format is a cause of its own.
  ...(keysOf(f.schema).has('format') && f.kind !== 'schema' ? { instance: escape(JSON.stringify(f.instance)) } : {}),
});

interface NewCause {
  readonly matcher: Matcher;
  readonly example: Finding;
  count: number;
}
const fresh: NewCause[] = [];
const knownCounts = new Map<string, number>();
const tally: Tally = newTally();
const scratch: Tally = newTally();

const claim = (f: Finding): boolean => {
  const k = knownFor(f);
  if (k !== undefined) {
    knownCounts.set(k.id, (knownCounts.get(k.id) ?? 0) + 1);
    return true;
  }
  const c = fresh.find((n) => matches(n.matcher, f));
  if (c !== undefined) c.count++;
  return c !== undefined;
};

let done = 0;
const started = Date.now();
while (done < runs) {
  let shrinking = false;
  let used = 0;
  const details = await fc.check(
    fc.asyncProperty(pairArbitrary(dialect), async ({ schema, instances }) => {
      if (!shrinking) used++;
      const findings = await comparePairs(schema, instances, shrinking ? scratch : tally);
      const unclaimed = shrinking
        ? findings.filter((f) => knownFor(f) === undefined && !fresh.some((n) => matches(n.matcher, f)))
        : findings.filter((f) => !claim(f));
      if (unclaimed.length > 0) shrinking = true;
      return unclaimed.length === 0;
    }),
    { seed, numRuns: runs - done },
  );
  done += used;
  seed++;
  if (!details.failed || details.counterexample === null) break;
  const [minimal] = details.counterexample;
  const found = await comparePairs(minimal.schema, minimal.instances, scratch);
  const first = found.find((f) => knownFor(f) === undefined) ?? found[0];
  if (first === undefined) continue;
  const example = await minimize(first);
  const cause: NewCause = { matcher: matcherOf(example), example, count: 1 };
  fresh.push(cause);
  console.log(`\nNEW #${fresh.length} after ${done} schemas (shrunk in ${details.numShrinks} steps):`);
  console.log(
    JSON.stringify({
      schema: example.schema,
      instance: example.instance,
      toolgate: example.toolgate,
      peer: example.peer,
      match: cause.matcher,
    }),
  );
}

const { findings, ...counts } = tally;
console.log(`\n${dialect}, seed ${firstSeed}, ${Math.round((Date.now() - started) / 1000)} s`);
console.log(JSON.stringify({ ...counts, findings: findings.length }));
for (const e of KNOWN) console.log(`known ${e.id} (${e.owner}): ${knownCounts.get(e.id) ?? 0}`);
for (const [i, c] of fresh.entries())
  console.log(
    `new #${i + 1} ${c.matcher.kind} ${c.example.toolgate.slice(0, 80)} / ${c.example.peer.slice(0, 40)}: ${c.count}`,
  );
process.exitCode = fresh.length > 0 ? 1 : 0;
