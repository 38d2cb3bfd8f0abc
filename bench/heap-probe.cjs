// Preloaded (node --expose-gc --require bench/heap-probe.cjs) into a process a benchmark measures from outside:
// on the message "heap" over the IPC channel it collects fully and sends back process.memoryUsage(). The channel
// is unreferenced, so it keeps nothing alive.
process.on('message', (m) => {
  if (m !== 'heap') return;
  for (let i = 0; i < 4; i++) global.gc();
  process.send?.({ heap: process.memoryUsage() });
});
process.channel?.unref();
