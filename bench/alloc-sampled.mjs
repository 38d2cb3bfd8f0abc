// Runs a Node script with the V8 sampling heap profiler and a collection observer, for bench/proxy-alloc.ts: on
// SIGUSR2 it starts sampling every allocation (those collected since included, so the bytes are what was
// allocated, not what survived) and counting minor collections, then creates an empty file named as the output
// file with `.started` appended; on SIGUSR1 it stops and writes both to the output file. With ALLOC_SAMPLED_AT_ONCE=1
// in its environment it starts before the script is loaded (bench/proxy-catalog-start.ts `--alloc`: what admission
// allocates).
//
//   node bench/alloc-sampled.mjs <output file> <script> [args...]
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

const [out, script, ...rest] = process.argv.slice(2);
const session = new Session();
session.connect();
let counting = false;
const minor = [];
new PerformanceObserver((list) => {
  if (counting)
    for (const e of list.getEntries())
      if (e.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) minor.push(e.duration);
}).observe({ entryTypes: ['gc'] });
const start = async () => {
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  counting = true;
  writeFileSync(`${out}.started`, '');
};
process.on('SIGUSR2', start);
process.on('SIGUSR1', async () => {
  counting = false;
  const { profile } = await session.post('HeapProfiler.stopSampling');
  // Written whole, then renamed: a reader that sees the file sees all of it.
  writeFileSync(`${out}.part`, JSON.stringify({ profile, minor }));
  renameSync(`${out}.part`, out);
  process.stderr.write(`SAMPLED ${out}\n`);
});
if (process.env.ALLOC_SAMPLED_AT_ONCE === '1') await start();
process.argv = [process.argv[0], script, ...rest];
await import(pathToFileURL(script).href);
