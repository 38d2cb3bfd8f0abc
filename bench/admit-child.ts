/**
 * One cold admission in a fresh process (workloads 4 and 5): started by admission.ts, prints one
 * JSON line. Modules are imported and the catalog is built before the clock starts; the timed part
 * is what a host pays at start-up: creating the validator instance and admitting every schema.
 */
import { readFileSync } from 'node:fs';
import { validateSchema } from '../dist/index.js';
import { CONTENDERS } from './contenders.js';
import { catalogName, type CorpusTool } from './corpus.js';
import { optionalModule } from './hot.js';
import { median } from './measure.js';

/** What the parent asks a child to do. */
export interface ChildTask {
  /** 'toolgate admission' or a contender name from contenders.ts. */
  readonly contender: string;
  readonly setFile: string;
  /** Catalog size: the set repeated with new names until it has this many tools. */
  readonly size: number;
  /** Give every repeated copy a distinct schema (a changed root description), so nothing is a cache hit. */
  readonly distinct: boolean;
  /** Warm re-admissions of the same catalog after the cold one. */
  readonly warm: number;
  /**
   * A JSON file of invalid arguments per tool of the set (same order): after the cold admission, every catalog
   * tool gets its tool's refused calls once, before the heap is measured, so what a refusal leaves (caches per
   * schema, the engine's last errors) counts too. Absent: the heap is measured right after admission.
   */
  readonly callsFile?: string;
}

/** What a child prints. */
export interface ChildResult {
  readonly coldMs: number;
  readonly warmMs: number;
  readonly heapBytes: number;
  readonly tools: number;
  /** Calls refused between the admission and the heap measure (0 without a callsFile). */
  readonly refusedCalls: number;
  readonly path: string;
  readonly error?: string;
}

interface CallRegistry {
  call(call: { id: string; name: string; arguments: unknown }): Promise<{ isError: boolean }>;
}

type AdmitBatch = (
  descriptors: readonly unknown[],
  options?: unknown,
) => Promise<
  | { ok: true; value: { accepted: readonly string[]; registry: CallRegistry } }
  | { ok: false; error: { message: string } }
>;

/** Makes one call of catalog tool `i` with arguments the reference refuses; true when this validator refused it. */
type Refuse = (kept: unknown, i: number, args: unknown) => Promise<boolean> | boolean;

const gc = (): void => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 3; i++) collect();
};

async function main(): Promise<ChildResult> {
  const task = JSON.parse(process.argv[2] ?? '{}') as ChildTask;
  const tools = JSON.parse(readFileSync(task.setFile, 'utf8')) as CorpusTool[];
  const catalog = Array.from({ length: task.size }, (_, i) => {
    const tool = tools[i % tools.length]!;
    const copy = Math.floor(i / tools.length);
    const schema = structuredClone(tool.inputSchema) as Record<string, unknown>;
    if (task.distinct && copy > 0)
      schema['description'] =
        `${typeof schema['description'] === 'string' ? schema['description'] : ''} (copy ${copy})`;
    return { name: catalogName(i, tool.id), description: tool.description, inputSchema: schema, backend: () => null };
  });

  const calls =
    task.callsFile === undefined ? undefined : (JSON.parse(readFileSync(task.callsFile, 'utf8')) as unknown[][]);
  let admit: () => Promise<unknown>;
  let refuse: Refuse;
  let path: string;
  if (task.contender === 'toolgate admission') {
    const mod = await optionalModule<{ admitBatch: AdmitBatch }>('catalog/admission.js');
    if (mod !== undefined) {
      path = 'admitBatch';
      admit = async () => {
        const r = await mod.admitBatch(catalog);
        if (!r.ok) throw new Error(`admitBatch failed: ${r.error.message}`);
        if (r.value.accepted.length !== catalog.length)
          throw new Error(`admitBatch accepted ${r.value.accepted.length} of ${catalog.length}`);
        return r;
      };
      refuse = async (kept, i, args) => {
        const { registry } = (kept as { value: { registry: CallRegistry } }).value;
        return (await registry.call({ id: 'c', name: catalog[i]!.name, arguments: args })).isError;
      };
    } else {
      path = 'validateSchema per tool (src/catalog/admission.ts not loadable)';
      admit = async () =>
        catalog.map((d) => {
          const r = validateSchema(d.inputSchema);
          if (!r.ok) throw new Error(`validateSchema failed for ${d.name}: ${r.error.message}`);
          return r.value;
        });
      refuse = (kept, i, args) => !(kept as { validate(a: unknown): { ok: boolean } }[])[i]!.validate(args).ok;
    }
  } else {
    const contender = CONTENDERS[task.contender];
    if (contender === undefined) throw new Error(`unknown contender ${task.contender}`);
    const start = await contender.load();
    path = 'one instance, compile per schema';
    admit = async () => {
      const instance = start();
      const out: unknown[] = [];
      for (let i = 0; i < catalog.length; i++) out.push(await instance.compile(catalog[i]!.inputSchema, i));
      return out;
    };
    // The contender's compiled check on the call, its errors left where the contender keeps them.
    refuse = (kept, i, args) => !(kept as ((a: unknown) => boolean)[])[i]!(args);
  }

  gc();
  const before = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  let kept: unknown = await admit();
  const coldMs = performance.now() - t0;
  let refusedCalls = 0;
  if (calls !== undefined)
    for (let i = 0; i < catalog.length; i++)
      for (const args of calls[i % tools.length] ?? []) if (await refuse(kept, i, args)) refusedCalls++;
  gc();
  const heapBytes = process.memoryUsage().heapUsed - before;
  const warm: number[] = [];
  for (let i = 0; i < task.warm; i++) {
    const t = performance.now();
    kept = await admit();
    warm.push(performance.now() - t);
  }
  return {
    coldMs,
    warmMs: median(warm),
    heapBytes: kept === undefined ? 0 : heapBytes,
    tools: catalog.length,
    refusedCalls,
    path,
  };
}

main().then(
  (r) => process.stdout.write(`${JSON.stringify(r)}\n`),
  (thrown: unknown) => {
    const error = thrown instanceof Error ? thrown.message : String(thrown);
    process.stdout.write(
      `${JSON.stringify({ coldMs: NaN, warmMs: NaN, heapBytes: NaN, tools: 0, refusedCalls: 0, path: '', error })}\n`,
    );
  },
);
