// Preloaded (node --expose-gc --require bench/heap-probe.cjs) into a process a benchmark measures from outside:
// on the message "heap" over the IPC channel it collects fully and sends back process.memoryUsage(). Between
// collections it lets the event loop turn: what a collection found unreachable behind a FinalizationRegistry or a
// WeakRef (fetch's requests clean up that way) is let go only once those callbacks have run, after the collection.
// The channel is unreferenced, so it keeps nothing alive.
process.on('message', async (m) => {
  if (m !== 'heap') return;
  for (let i = 0; i < 4; i++) {
    global.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  global.gc();
  process.send?.({ heap: process.memoryUsage() });
});
process.channel?.unref();
