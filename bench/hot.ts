import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateSchema } from '../dist/index.js';
import { ajv2020, RAW_AJV_OPTIONS, type Check } from './contenders.js';
import { catalogName } from './corpus.js';
import { measureInterleaved, type MeasureOptions, type SweepTask, type Timings } from './measure.js';
import type { ComparisonSet } from './select.js';

/** One measured workload: per contender, nanoseconds per call in each repetition (see measure.ts). */
export interface HotRun {
  readonly workload: string;
  readonly schemas: number;
  readonly calls: number;
  readonly timings: Timings;
}

function sweep(name: string, pairs: readonly { check: Check; args: unknown }[]): SweepTask {
  return {
    name,
    calls: pairs.length,
    run: () => {
      for (let i = 0; i < pairs.length; i++) {
        const p = pairs[i]!;
        // A wrong verdict throws, so a contender cannot be fast by skipping the work.
        if (!p.check(p.args)) throw new Error(`${name}: valid call rejected`);
      }
    },
  };
}

/** Workload 1 (and 6 on the hot path): valid calls as objects, each contender's compiled check. */
export async function validObjects(
  workload: string,
  set: ComparisonSet,
  names: readonly string[],
  options: MeasureOptions,
  pieces: Readonly<Record<string, Check>> = {},
): Promise<HotRun | undefined> {
  const makeTasks = (): SweepTask[] => [
    ...names.map((n) =>
      sweep(
        n,
        set.schemas.flatMap((p) => p.calls.valid.map((args) => ({ check: p.checks.get(n)!, args }))),
      ),
    ),
    // Pieces of the work, one function for every call: what a part costs on the same calls.
    ...Object.entries(pieces).map(([n, check]) =>
      sweep(
        n,
        set.schemas.flatMap((p) => p.calls.valid.map((args) => ({ check, args }))),
      ),
    ),
  ];
  const calls = makeTasks()[0]?.calls ?? 0;
  if (calls === 0) return undefined;
  return { workload, schemas: set.schemas.length, calls, timings: await measureInterleaved(makeTasks, options) };
}

/** Workload 2: valid calls as JSON text; toolgate's strict parser + validate against JSON.parse + raw Ajv. */
export async function validTexts(set: ComparisonSet, options: MeasureOptions): Promise<HotRun | undefined> {
  const Ajv = await ajv2020();
  const ajv = new Ajv(RAW_AJV_OPTIONS);
  const items = set.schemas.flatMap((p) => {
    const compiled = validateSchema(p.tool.inputSchema);
    const raw = ajv.compile(p.tool.inputSchema);
    if (!compiled.ok) return [];
    return p.calls.valid.map((args) => ({
      text: JSON.stringify(args),
      gate: compiled.value,
      raw,
      gateObject: p.checks.get('toolgate validate'),
    }));
  });
  const makeTasks = (): SweepTask[] => [
    {
      name: 'toolgate validateJSON',
      calls: items.length,
      run: () => {
        for (const it of items)
          if (!it.gate.validateJSON(it.text).ok) throw new Error('validateJSON rejected a valid call');
      },
    },
    {
      name: 'JSON.parse + raw Ajv 2020',
      calls: items.length,
      run: () => {
        for (const it of items) if (!it.raw(JSON.parse(it.text))) throw new Error('raw Ajv rejected a valid call');
      },
    },
    {
      name: 'JSON.parse alone',
      calls: items.length,
      run: () => {
        for (const it of items) if (JSON.parse(it.text) === undefined) throw new Error('JSON.parse gave nothing');
      },
    },
    {
      name: 'JSON.parse + toolgate validate',
      calls: items.length,
      run: () => {
        for (const it of items)
          if (!it.gate.validate(JSON.parse(it.text)).ok) throw new Error('validate rejected a valid call');
      },
    },
  ];
  if (items.length === 0) return undefined;
  return {
    workload: 'W2 valid call, arguments text',
    schemas: set.schemas.length,
    calls: items.length,
    timings: await measureInterleaved(makeTasks, options),
  };
}

interface RegistryLike {
  register(tool: unknown): { ok: boolean };
  call(call: { id: string; name: string; arguments: unknown }): Promise<{ content: string; isError: boolean }>;
}

const builtFile = (rel: string): string => fileURLToPath(new URL(`../dist/${rel}`, import.meta.url));

/** Imports a module of the built package that may not exist yet (other work in progress); undefined when it cannot. */
export async function optionalModule<T>(rel: string): Promise<T | undefined> {
  if (!existsSync(builtFile(rel))) return undefined;
  try {
    const spec = `../dist/${rel}`;
    return (await import(spec)) as T;
  } catch {
    return undefined;
  }
}

/** How workload 3 reached the model-readable text, for the notes. */
export type InvalidPath = 'registry.call' | 'validate + formatForModel' | 'validate + error.message';

/** Workload 3: invalid calls, until the text the model will read is ready. */
export async function invalidCalls(
  set: ComparisonSet,
  options: MeasureOptions,
): Promise<{ run: HotRun | undefined; path: InvalidPath; note: string }> {
  const Ajv = await ajv2020();
  const ajv = new Ajv({ ...RAW_AJV_OPTIONS, allErrors: true });
  const tools = set.schemas.map((p) => ({ p, name: catalogName(p.index, p.tool.id) }));
  const items = tools.flatMap(({ p, name }) => {
    const compiled = validateSchema(p.tool.inputSchema);
    const raw = ajv.compile(p.tool.inputSchema);
    return compiled.ok ? p.calls.invalid.map((c) => ({ name, args: c.args, gate: compiled.value, raw })) : [];
  });
  if (items.length === 0)
    return { run: undefined, path: 'validate + error.message', note: 'no invalid calls were generated' };

  let path: InvalidPath = 'validate + error.message';
  let note = '';
  let gateRun: () => Promise<void> | void = () => {
    for (const it of items) {
      const r = it.gate.validate(it.args);
      if (r.ok || r.error.message.length === 0) throw new Error('invalid call accepted');
    }
  };
  const format = await optionalModule<{ formatForModel(tool: string, error: unknown): string }>('errors/format.js');
  if (format !== undefined) {
    path = 'validate + formatForModel';
    gateRun = () => {
      for (const it of items) {
        const r = it.gate.validate(it.args);
        if (r.ok || format.formatForModel(it.name, r.error).length === 0) throw new Error('invalid call accepted');
      }
    };
  }
  const registryMod = await optionalModule<{ Registry: new () => RegistryLike }>('tools/registry.js');
  const toolMod = await optionalModule<{ defineTool(d: unknown): unknown }>('tools/tool.js');
  if (registryMod !== undefined && toolMod !== undefined) {
    try {
      const registry = new registryMod.Registry();
      let executed = 0;
      for (const { p, name } of tools) {
        const r = registry.register(
          toolMod.defineTool({
            name,
            description: p.tool.description,
            inputSchema: p.tool.inputSchema,
            execute: () => {
              executed++;
              return 'ran';
            },
          }),
        );
        if (!r.ok) throw new Error(`register ${name} failed`);
      }
      const probe = await registry.call({ id: 'probe', name: items[0]!.name, arguments: items[0]!.args });
      if (!probe.isError || executed > 0 || typeof probe.content !== 'string')
        throw new Error('an invalid call did not come back as an error result');
      path = 'registry.call';
      gateRun = async () => {
        for (const it of items) {
          const r = await registry.call({ id: 'c', name: it.name, arguments: it.args });
          if (!r.isError) throw new Error('invalid call executed');
        }
      };
    } catch (thrown) {
      note =
        `registry.call not usable yet ` +
        `(${thrown instanceof Error ? thrown.message : String(thrown)}); measured ${path} instead`;
    }
  } else {
    note = `src/tools/registry.ts not available yet; measured ${path} instead`;
  }
  const makeTasks = (): SweepTask[] => [
    { name: `toolgate ${path}`, calls: items.length, run: gateRun },
    {
      name: 'raw Ajv 2020 (allErrors) + errorsText',
      calls: items.length,
      run: () => {
        for (const it of items)
          if (it.raw(it.args) || ajv.errorsText(it.raw.errors).length === 0)
            throw new Error('raw Ajv accepted an invalid call');
      },
    },
  ];
  return {
    run: {
      workload: 'W3 invalid call, text for the model',
      schemas: set.schemas.length,
      calls: items.length,
      timings: await measureInterleaved(makeTasks, options),
    },
    path,
    note,
  };
}

/**
 * The least any check over every value must do: visit each member with `for…in` and dispatch on its
 * type, with no test of Proxies, prototypes or limits (a piece for W1, never a verdict anyone uses).
 */
export function bareWalk(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return typeof value !== 'undefined';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!bareWalk(value[i])) return false;
    return true;
  }
  for (const key in value) if (!bareWalk((value as Record<string, unknown>)[key])) return false;
  return true;
}
