/**
 * What a process keeps of schemas it compiled and dropped: `--count` distinct schemas compiled with the compiled-schema
 * cache off, none held, then the heap after full collections, in a child process per build (so one build's heap is
 * not the other's). Two shapes: `plain`, a small tool schema; `refs`, one whose `$ref` target Ajv copies in at each
 * of its 29 references (1.6 KB of text, about 1 MB compiled). A build that keeps its validators grows by the count;
 * one that does not stays flat. `--heap <MB>` runs the children with that old-space bound: a build that keeps them
 * then runs out of memory.
 *
 *   npm run build && node --import tsx bench/compile-retention.ts [--other <old>/dist] [--count 3000] [--heap 150]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    other: { type: 'string' },
    count: { type: 'string', default: '3000' },
    heap: { type: 'string' },
    child: { type: 'string' },
    shape: { type: 'string' },
  },
});

const shapes: Record<string, (k: number) => object> = {
  plain: (k) => ({ type: 'object', properties: { a: { type: 'string', maxLength: k }, b: { type: 'integer' } } }),
  refs: (k) => ({
    type: 'object',
    description: `v${k}`,
    properties: Object.fromEntries(Array.from({ length: 29 }, (_, r) => [`r${r}`, { $ref: '#/$defs/d' }])),
    $defs: {
      d: {
        type: 'object',
        properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { maxLength: i + 1 }])),
      },
    },
  }),
};

/** In a child: compile, drop, collect; prints the heap growth in MB. */
async function child(dist: string, shape: string, count: number): Promise<void> {
  const lib = (await import(`${dist}/index.js`)) as {
    configureCache: (o: object) => unknown;
    validateSchema: (s: unknown) => { ok: boolean };
  };
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
  lib.configureCache({ size: 0 });
  const make = shapes[shape] ?? shapes['plain'];
  if (make === undefined) return;
  lib.validateSchema(make(-1));
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let k = 0; k < count; k++) if (!lib.validateSchema(make(k)).ok) throw new Error('refused');
  gc();
  gc();
  console.log(((process.memoryUsage().heapUsed - before) / 1e6).toFixed(1));
}

if (values.child !== undefined) {
  await child(values.child, values.shape ?? 'plain', Number(values.count));
} else {
  const builds = [fileURLToPath(new URL('../dist', import.meta.url)), ...(values.other ? [values.other] : [])];
  const script = fileURLToPath(import.meta.url);
  console.log('| build | shape | schemas | heap kept after full collections |\n|---|---|---:|---|');
  for (const [shape, count] of [
    ['plain', Number(values.count)],
    ['refs', Math.max(1, Math.round(Number(values.count) / 10))],
  ] as const)
    for (const dist of builds) {
      const flags = ['--expose-gc', ...(values.heap ? [`--max-old-space-size=${values.heap}`] : [])];
      const args = [...flags, '--import', 'tsx', script, '--child', dist, '--shape', shape, '--count', String(count)];
      const run = spawnSync(process.execPath, args, { encoding: 'utf8' });
      const kept =
        run.status === 0
          ? `+${run.stdout.trim()} MB`
          : `failed (${/heap out of memory/.test(run.stderr) ? 'out of memory' : `status ${run.status}`})`;
      console.log(`| ${dist === builds[0] ? 'this' : 'other'} | ${shape} | ${count} | ${kept} |`);
    }
}
