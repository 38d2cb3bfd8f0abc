// Preloaded (node --expose-gc --require bench/heap-probe.cjs) into a process a benchmark measures from outside:
// on the message "heap" over the IPC channel it collects fully and sends back process.memoryUsage(). Between
// collections it lets the event loop turn: what a collection found unreachable behind a FinalizationRegistry or a
// WeakRef (fetch's requests clean up that way) is let go only once those callbacks have run, after the collection.
// The channel is unreferenced, so it keeps nothing alive. `code` is the bytes of V8's code spaces (compiled and
// optimized machine code), which grow with how much of the program V8 has optimized, not with what it holds.
// On the message { snapshot: <file> } it collects the same way, writes a heap snapshot there and answers with the
// file's name (bench/heap-snapshot-kinds.ts reads it).
const v8 = require('node:v8');

async function collect() {
  for (let i = 0; i < 4; i++) {
    global.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  global.gc();
}

process.on('message', async (m) => {
  if (m !== null && typeof m === 'object' && typeof m.snapshot === 'string') {
    await collect();
    process.send?.({ snapshot: v8.writeHeapSnapshot(m.snapshot) });
    return;
  }
  if (m !== 'heap') return;
  await collect();
  const code = v8
    .getHeapSpaceStatistics()
    .filter((s) => s.space_name.startsWith('code_'))
    .reduce((sum, s) => sum + s.space_used_size, 0);
  process.send?.({ heap: { ...process.memoryUsage(), code } });
});
process.channel?.unref();
