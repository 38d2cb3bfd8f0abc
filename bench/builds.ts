/**
 * W1 and W2 of two builds of toolgate in one process: this checkout's `dist/` and another build's (`--other <its
 * dist/index.js>`), with raw Ajv 2020 as the baseline, over the same corpus calls, interleaved block by block as
 * `npm run bench` does (bench/measure.ts). Two single runs of `npm run bench` on a shared machine moved raw Ajv
 * as much as toolgate; here every contender meets the same load, so a difference between the builds is theirs.
 *
 *   npm run build && node --expose-gc --import tsx bench/builds.ts --other <earlier checkout>/dist/index.js
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { validateSchema } from '../dist/index.js';
import { rawAjvDefault, rawAjvSameOptions, toolgate, type Contender } from './contenders.js';
import { loadCorpus } from './corpus.js';
import { validObjects } from './hot.js';
import { measureInterleaved, median, ratioOf, type MeasureOptions, type SweepTask } from './measure.js';
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
  | { ok: true; value: { validate(args: unknown): { ok: boolean }; validateJSON(text: string): { ok: boolean } } }
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
  `\nW1, this build / the other: ${between.median.toFixed(3)}x ` +
    `(${between.min.toFixed(3)}x – ${between.max.toFixed(3)}x)`,
);

// W2: validateJSON of each valid call's text, both builds, the same texts.
const texts = set.schemas.flatMap((p) => {
  const mine = validateSchema(p.tool.inputSchema);
  const theirs = other.validateSchema(p.tool.inputSchema);
  if (!mine.ok || !theirs.ok) return [];
  return p.calls.valid.map((args) => ({ text: JSON.stringify(args), mine: mine.value, theirs: theirs.value }));
});
const jsonTask = (name: string, pick: (t: (typeof texts)[number]) => { validateJSON(text: string): { ok: boolean } }) =>
  ({
    name,
    calls: texts.length,
    run: () => {
      for (const t of texts) if (!pick(t).validateJSON(t.text).ok) throw new Error(`${name} rejected a valid call`);
    },
  }) satisfies SweepTask;
const w2 = await measureInterleaved(
  () => [jsonTask('this build', (t) => t.mine), jsonTask('other build', (t) => t.theirs)],
  HOT,
);
const w2Between = ratioOf(w2, 'this build', 'other build');
console.log(
  `W2 validateJSON (${texts.length} texts): this build ${median(w2.get('this build') ?? []).toFixed(1)} ns, ` +
    `other ${median(w2.get('other build') ?? []).toFixed(1)} ns; this / other ${w2Between.median.toFixed(3)}x ` +
    `(${w2Between.min.toFixed(3)}x – ${w2Between.max.toFixed(3)}x)`,
);
