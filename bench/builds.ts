/**
 * W1 of two builds of toolgate in one process: this checkout's `dist/` and another build's (`--other <its
 * dist/index.js>`), with raw Ajv 2020 as the baseline, over the same corpus calls, interleaved block by block as
 * `npm run bench` does (bench/measure.ts). Two single runs of `npm run bench` on a shared machine moved raw Ajv
 * as much as toolgate; here every contender meets the same load, so a difference between the builds is theirs.
 *
 *   npm run build && node --expose-gc --import tsx bench/builds.ts --other <earlier checkout>/dist/index.js
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { rawAjvDefault, rawAjvSameOptions, toolgate, type Contender } from './contenders.js';
import { loadCorpus } from './corpus.js';
import { validObjects } from './hot.js';
import { median, ratioOf, type MeasureOptions } from './measure.js';
import { comparisonSet, prepare, warmUp } from './select.js';

const { values } = parseArgs({ options: { other: { type: 'string' }, rounds: { type: 'string', default: '3' } } });
if (values.other === undefined) throw new Error('--other <dist/index.js of another build> is required');
const HOT: MeasureOptions = {
  repetitions: Number(values.rounds),
  timeMs: 2400,
  firstWarmupMs: 3000,
  warmupMs: 400,
  blockMs: 30,
  unitMs: 3,
};
type ValidateSchema = (
  schema: unknown,
) =>
  | { ok: true; value: { validate(args: unknown): { ok: boolean } } }
  | { ok: false; error: { class: string; message: string } };
const other = (await import(pathToFileURL(resolve(values.other)).href)) as { validateSchema: ValidateSchema };
const otherBuild: Contender = {
  name: 'toolgate validate, other build',
  pkg: 'toolgate',
  load: async () => () => ({
    compile: (schema) => {
      const compiled = other.validateSchema(schema);
      if (!compiled.ok) throw new Error(`${compiled.error.class}: ${compiled.error.message}`);
      const c = compiled.value;
      return (args) => c.validate(args).ok;
    },
  }),
};
const tools = loadCorpus();
if (tools === undefined) throw new Error('the tool-schema corpus is missing (../shared beside the checkout)');
const contenders = [toolgate, otherBuild, rawAjvDefault, rawAjvSameOptions];
const reference: Contender = { ...rawAjvSameOptions, name: '#reference' };
const { prepared } = await prepare(tools, contenders, reference);
const names = contenders.map((c) => c.name);
const set = comparisonSet(prepared, names, { invalidToo: false });
warmUp(prepared, 6000);
const run = await validObjects('W1 valid call, object arguments', set, names, HOT);
if (run === undefined) throw new Error('no calls');
console.log(`other build: ${values.other}; ${run.schemas} schemas, ${run.calls} calls; ${HOT.repetitions} runs\n`);
console.log('| contender | ns/call (median) | ratio to raw Ajv 2020 | spread |');
console.log('|---|---:|---:|---|');
for (const [name, ns] of run.timings) {
  const r = name === rawAjvDefault.name ? undefined : ratioOf(run.timings, name, rawAjvDefault.name);
  const ratio = r === undefined ? 'baseline' : `${r.median.toFixed(2)}x`;
  const spread = r === undefined ? '' : `${r.min.toFixed(2)}x – ${r.max.toFixed(2)}x`;
  console.log(`| ${name} | ${median(ns).toFixed(1)} | ${ratio} | ${spread} |`);
}
const between = ratioOf(run.timings, toolgate.name, otherBuild.name);
console.log(
  `\nthis build / the other: ${between.median.toFixed(3)}x (${between.min.toFixed(3)}x – ${between.max.toFixed(3)}x)`,
);
