/**
 * Where a valid call's time goes inside toolgate `validate`, piece by piece, on the corpus's valid calls (the
 * W1 calls): raw Ajv, Ajv with toolgate's options, toolgate's own generated validator (those options plus the
 * step instrumentation of src/schema/engine/step-budget.ts) bare and under its per-call budget
 * (src/schema/engine/within-steps.ts), the argument check alone, `checkArguments` and the whole `validate`; then
 * the same calls as JSON text (W2): `JSON.parse`,
 * toolgate's text check (parseJsonText), each with the validators, and `validateJSON`. Same run, same calls,
 * interleaved (bench/measure.ts).
 * Not part of `npm run bench`: bench/analysis.md quotes its table. Run on the built package:
 *   npm run build && cd bench && node --expose-gc --import tsx pieces.ts
 */
import { loadCorpus } from './corpus.js';
import { generateCalls } from './generate.js';
import { measureInterleaved, median, ratioOf, type SweepTask } from './measure.js';

type Check = ((data: unknown) => unknown) & { errors?: unknown; schemaEnv?: { root?: unknown } };

// The engine's generated validators, caught as Ajv makes them (`new Function(...)` returns their factory): the
// built package does not hand its validator out, and the bench must not change it to.
const made: Check[] = [];
const NativeFunction = globalThis.Function;
globalThis.Function = new Proxy(NativeFunction, {
  construct(target, args) {
    const factory = Reflect.construct(target, args) as (...a: unknown[]) => unknown;
    return (...a: unknown[]) => {
      const fn = factory(...a);
      if (typeof fn === 'function') made.push(fn as Check);
      return fn;
    };
  },
});

const { validateSchema } = await import('../dist/index.js');
const { argumentChecker, checkArguments } = await import('../dist/schema/check-arguments.js');
const { validateWithinSteps } = await import('../dist/schema/engine/within-steps.js');
const { isPlainJsonWithin } = await import('../dist/arguments/json-fast-check.js');
const { parseJsonText } = await import('../dist/arguments/json-text.js');
const { DEFAULT_LIMITS } = await import('../dist/util/limits.js');
const { RAW_AJV_OPTIONS, TOOLGATE_AJV_OPTIONS, ajv2020 } = await import('./contenders.js');

const Ajv = await ajv2020();
const raw = new Ajv(RAW_AJV_OPTIONS);
const same = new Ajv(TOOLGATE_AJV_OPTIONS);
const reference = new Ajv(TOOLGATE_AJV_OPTIONS);

interface Tool {
  readonly raw: Check;
  readonly same: Check;
  readonly engine: Check;
  readonly checker: unknown;
  readonly validate: (args: unknown) => { ok: boolean };
  readonly validateJSON: (text: string) => { ok: boolean };
  readonly valid: readonly unknown[];
}

const tools: Tool[] = [];
for (const tool of loadCorpus() ?? []) {
  try {
    const ref = reference.compile(structuredClone(tool.inputSchema)) as Check;
    const calls = generateCalls(tool.inputSchema, (a) => ref(a) === true);
    if (calls.valid.length === 0) continue;
    const from = made.length;
    const compiled = validateSchema(structuredClone(tool.inputSchema));
    if (!compiled.ok) continue;
    // The root validator is the last function made for this schema whose environment is its own root.
    const engine = made
      .slice(from)
      .reverse()
      .find((f) => f.schemaEnv !== undefined && f.schemaEnv.root === f.schemaEnv);
    if (engine === undefined) continue;
    const checker = argumentChecker(engine as never, {
      toolRoot: true,
      limits: DEFAULT_LIMITS,
      patternBudget: false,
    });
    const entry: Tool = {
      raw: raw.compile(structuredClone(tool.inputSchema)) as Check,
      same: same.compile(structuredClone(tool.inputSchema)) as Check,
      engine,
      checker,
      validate: compiled.value.validate,
      validateJSON: compiled.value.validateJSON,
      valid: calls.valid,
    };
    const agree = calls.valid.every(
      (a) => entry.raw(a) === true && entry.same(a) === true && engine(a) === true && entry.validate(a).ok,
    );
    if (agree) tools.push(entry);
  } catch {
    // A schema one of them refuses is left out, as bench/select.ts does.
  }
}

// The checker's own bounds object: the argument check keeps the last bounds it was given (json-fast-check.ts).
const bounds = argumentChecker(tools[0]!.engine as never, {
  toolRoot: true,
  limits: DEFAULT_LIMITS,
  patternBudget: false,
}).bounds;
const max = DEFAULT_LIMITS.maxValidationSteps;
const calls = tools.flatMap((t) => t.valid.map((args) => ({ t, args })));
const PIECES: Record<string, (t: Tool, args: unknown) => boolean> = {
  'raw Ajv 2020': (t, a) => t.raw(a) === true,
  'raw Ajv 2020, toolgate options': (t, a) => t.same(a) === true,
  "toolgate's generated validator, bare (options + step charges)": (t, a) => t.engine(a) === true,
  '... under its per-call budget (validateWithinSteps)': (t, a) => validateWithinSteps(max, t.engine, a) === true,
  'argument check alone (isPlainJsonWithin)': (_t, a) => isPlainJsonWithin(a, bounds),
  'argument check, then the budgeted validator (nothing else)': (t, a) =>
    isPlainJsonWithin(a, bounds) && validateWithinSteps(max, t.engine, a) === true,
  'checkArguments (probe, check, tool root, budgeted engine, Result)': (t, a) =>
    (checkArguments(t.checker as never, a) as { ok: boolean }).ok,
  'toolgate validate (the whole call)': (t, a) => t.validate(a).ok,
};
const texts = calls.map((c) => ({ t: c.t, args: JSON.stringify(c.args) }));
type Parsed = { ok: true; value: { value: unknown } } | { ok: false };
const parsed = (text: string): unknown => {
  const r = parseJsonText(text, DEFAULT_LIMITS) as Parsed;
  return r.ok ? r.value.value : undefined;
};
const TEXT_PIECES: Record<string, (t: Tool, text: string) => boolean> = {
  'JSON.parse + raw Ajv 2020': (t, x) => t.raw(JSON.parse(x)) === true,
  'JSON.parse alone': (_t, x) => JSON.parse(x) !== undefined,
  'text check alone (parseJsonText: JSON.parse + tally or scan)': (_t, x) => parsed(x) !== undefined,
  'JSON.parse + the budgeted validator': (t, x) => validateWithinSteps(max, t.engine, JSON.parse(x)) === true,
  'text check + the budgeted validator (nothing else)': (t, x) =>
    validateWithinSteps(max, t.engine, parsed(x)) === true,
  'toolgate validateJSON (the whole call)': (t, x) => t.validateJSON(x).ok,
};

function sweeps<T>(pieces: Record<string, (t: Tool, x: T) => boolean>, items: readonly { t: Tool; args: T }[]) {
  return (): SweepTask[] =>
    Object.entries(pieces).map(([name, piece]) => ({
      name,
      calls: items.length,
      run: () => {
        for (let i = 0; i < items.length; i++) {
          const c = items[i]!;
          if (!piece(c.t, c.args)) throw new Error(`${name}: valid call rejected`);
        }
      },
    }));
}

const OPTIONS = { repetitions: 3, timeMs: 2400, firstWarmupMs: 2000, warmupMs: 400, blockMs: 30, unitMs: 3 };
for (const [label, makeTasks, baseline] of [
  ['W1, object arguments', sweeps(PIECES, calls), 'raw Ajv 2020'],
  ['W2, arguments text', sweeps(TEXT_PIECES, texts), 'JSON.parse + raw Ajv 2020'],
] as const) {
  // Warm every piece first (raw Ajv's validators reach their optimised tier only after seconds of calls).
  const warmUntil = performance.now() + 6000;
  while (performance.now() < warmUntil) for (const t of makeTasks()) t.run();
  const timings = await measureInterleaved(makeTasks, OPTIONS);
  console.log(`\n${label}: ${tools.length} schemas, ${calls.length} valid calls; median of 3 runs, ratios run by run`);
  console.log(`| piece | ns/call | / ${baseline} | spread |`);
  console.log('|---|---|---|---|');
  for (const [name, ns] of timings) {
    const r = ratioOf(timings, name, baseline);
    const spread = `${r.min.toFixed(2)}–${r.max.toFixed(2)}`;
    console.log(`| ${name} | ${median(ns).toFixed(0)} | ${r.median.toFixed(2)}x | ${spread} |`);
  }
}
