/**
 * What masking costs, this build against another (`--other <its dist/>`), in one process, rounds alternating: the
 * masker of three secrets (as `--env` values are) over texts a client is sent: 115 KB of multi-line prose, a 1 KB
 * JSON result, 100 KB of base64 wrapped at 76 columns holding no secret, and the same holding one. The fifteenth
 * sitting's masker looked for encoded forms across line breaks and in hex too (exec/wrapped-text.ts).
 *
 *   npm run build && node --import tsx bench/mask-cost.ts --other <earlier checkout>/dist [--rounds 5]
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { other: { type: 'string' }, rounds: { type: 'string', default: '5' } } });
if (values.other === undefined) throw new Error('--other <dist/ of another build> is required');
type Masker = { text(t: string): string; json(t: string): string };
type Make = (secrets: readonly string[], min: number, heads: 'whole-values') => Masker;
const load = async (dist: string): Promise<Make> =>
  ((await import(pathToFileURL(resolve(dist, 'exec/mask-secrets.js')).href)) as { createMasker: Make }).createMasker;
const builds = [
  { name: 'this build', make: await load(resolve(import.meta.dirname, '../dist')) },
  { name: 'other build', make: await load(values.other) },
];

const SECRETS = ['sk-live-0123456789abcdef', 'hunter2-password-xyz', 'ghp_ABCDEFGHIJ0123456789'];
const prose = Array.from({ length: 2000 }, (_, i) => `line ${i} of some tool output with words and ${i * 7}`).join(
  '\n',
);
const wrap = (b64: string): string => (b64.match(/.{1,76}/g) ?? []).join('\n');
const blob = Buffer.alloc(75_000, 0).map((_, i) => (i * 7919) % 251);
const withSecret = Buffer.concat([blob, Buffer.from(SECRETS[0] as string), blob.subarray(0, 1000)]);
const TEXTS: [string, 'text' | 'json', string][] = [
  ['115 KB prose, 2,000 lines', 'text', prose],
  ['1 KB JSON result', 'json', JSON.stringify({ content: [{ type: 'text', text: prose.slice(0, 900) }] })],
  ['100 KB base64, wrapped, no secret', 'text', wrap(Buffer.from(blob).toString('base64'))],
  ['100 KB base64, wrapped, one secret', 'text', wrap(withSecret.toString('base64'))],
];

/** Microseconds per call of `f`, over about 200 ms. */
function time(f: () => unknown): number {
  for (let i = 0; i < 20; i++) f();
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < 200) {
    f();
    n++;
  }
  return ((performance.now() - start) / n) * 1000;
}

console.log(`| text | this build (µs) | other build (µs) | ratio |\n|---|---:|---:|---:|`);
for (const [name, kind, text] of TEXTS) {
  const runs: number[][] = builds.map(() => []);
  for (let r = 0; r < Number(values.rounds); r++)
    builds.forEach((b, i) => {
      const masker = b.make(SECRETS, 8, 'whole-values');
      runs[i]?.push(time(() => masker[kind](text)));
    });
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const [a, b] = runs.map(med) as [number, number];
  console.log(`| ${name} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(a / b).toFixed(2)}x |`);
}
