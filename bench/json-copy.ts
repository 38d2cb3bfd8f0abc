/**
 * The bounded private copy every host value and MCP result goes through (copyBoundedJson, src/util/plain-json.ts):
 * milliseconds to copy a 4 MiB result of 2,000,000 numbers (what the default result bound lets a server send),
 * 200,000 small objects and 100,000 strings, each the median of `--runs`. `--other <dist/util/plain-json.js of
 * another build>` copies the same values with that build too, interleaved run by run.
 *
 *   npm run build && node --import tsx bench/json-copy.ts [--other <old>/dist/util/plain-json.js] [--runs 5]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { other: { type: 'string' }, runs: { type: 'string', default: '5' } } });
const RUNS = Number(values.runs);
const builds = [
  fileURLToPath(new URL('../dist/util/plain-json.js', import.meta.url)),
  ...(values.other ? [values.other] : []),
];

type Copy = (value: unknown, bounds: object) => { ok: boolean };
const copies: Copy[] = [];
for (const b of builds) copies.push(((await import(b)) as { copyBoundedJson: Copy }).copyBoundedJson);

const VALUES: [string, unknown][] = [
  ['2,000,000 numbers', { structuredContent: { z: new Array<number>(2_000_000).fill(0) } }],
  ['200,000 objects {k, s}', { z: Array.from({ length: 200_000 }, (_, i) => ({ k: i, s: 'x' })) }],
  ['100,000 strings of 30', { z: Array.from({ length: 100_000 }, (_, i) => `${'s'.repeat(24)}${100_000 + i}`) }],
];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(`| value | ${builds.map((b) => b.replace(/\/dist\/.*$/, '')).join(' | ')} |`);
console.log(`|---|${builds.map(() => '---:').join('|')}|`);
for (const [name, value] of VALUES) {
  const times: number[][] = builds.map(() => []);
  for (let r = 0; r < RUNS; r++)
    copies.forEach((copy, i) => {
      const began = performance.now();
      if (!copy(value, {}).ok) throw new Error(`${name}: not copied`);
      times[i]?.push(performance.now() - began);
    });
  console.log(`| ${name} | ${times.map((t) => `${median(t).toFixed(0)} ms`).join(' | ')} |`);
}
