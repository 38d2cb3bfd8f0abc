// Preloaded into a process under test (`node --import ./bench/loop-holds.mjs <script>`): how long its event loop
// was held at a time. A 1 ms interval timer notes each gap between two of its runs longer than HOLD_MIN_MS, as
// [end (Date.now()), length in ms], and each garbage collection over that long as [end (the same clock), length,
// perf_hooks kind]; `{ savedAt, holds, collections }` is written to LOOP_HOLDS_FILE every 200 ms, so a bench
// can pick out the holds of a stretch of its own wall-clock time once `savedAt` is past it (read it while the
// process runs: one that ends by a signal writes nothing more). The timer itself costs the process about a
// wake-up per ms: a bench that measures latency runs it only when asked.
import { writeFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// Only the process's main thread: a worker thread inherits the preload, and its own loop is not the one measured.
const FILE = isMainThread ? process.env.LOOP_HOLDS_FILE : undefined;
const HOLD_MIN_MS = 5;
if (FILE !== undefined) {
  const holds = [];
  // Collections over HOLD_MIN_MS too, as [end, length, kind] (perf_hooks' gc kinds: 1 minor, 4 major).
  const collections = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > HOLD_MIN_MS)
        // Stamped with when it ended, not when the observer ran (later, if the loop was held).
        collections.push([
          Math.round(performance.timeOrigin + e.startTime + e.duration),
          Math.round(e.duration * 10) / 10,
          e.detail?.kind ?? 0,
        ]);
  }).observe({ entryTypes: ['gc'] });
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    if (now - last > HOLD_MIN_MS) holds.push([Date.now(), Math.round((now - last) * 10) / 10]);
    last = now;
  }, 1).unref();
  setInterval(() => writeFileSync(FILE, JSON.stringify({ savedAt: Date.now(), holds, collections })), 200).unref();
}
