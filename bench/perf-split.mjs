// Where a process's CPU went, from `perf` samples (on-CPU time, kernel included), where a V8 CPU profile counts the
// wall clock (a write the process was put aside in counts whole): the share of V8's background threads (compiling,
// the rest), of garbage collection and of the kernel on the main thread, and each function of the script named by
// `--own` with the samples that had it on the stack (inclusive; inlined functions have no frame of their own).
//
//   NODE_OPTIONS='--perf-basic-prof-only-functions --interpreted-frames-native-stack' node ... (the process)
//   perf record -F 2000 -g -o <file> -p <pid> -- sleep 20
//   perf script -i <file> -F tid,ip,sym,dso | node bench/perf-split.mjs --pid <pid> [--own <file name>] [--rows 30]
//
// `--own` is the CLI bundle's file name unless given.
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { pid: { type: 'string' }, own: { type: 'string', default: 'main.js' }, rows: { type: 'string' } },
});
if (values.pid === undefined) throw new Error('--pid <the process id> is required (its main thread has that id)');
const samples = [];
let current;
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  // A sample's line holds its thread id (right-aligned); each of its frames follows on a line of its own, after a tab.
  if (!line.startsWith('\t')) {
    current = { main: line.trim() === values.pid, frames: [] };
    samples.push(current);
  } else {
    // `<address> <symbol> (<object file>)`: the kernel's frames are those of [kernel.kallsyms].
    const m = /^\S+\s*(.*?)\s*\(([^()]*)\)$/.exec(line.trim());
    current?.frames.push(m === null ? line.trim() : m[2] === '[kernel.kallsyms]' ? `[k] ${m[1]}` : m[1]);
  }
}
const share = (n) => `${((100 * n) / samples.length).toFixed(1).padStart(5)}%`;
const has = (s, re) => s.frames.some((f) => re.test(f));
const background = samples.filter((s) => !s.main);
const compiling = background.filter((s) => has(s, /compiler|maglev|Maglev|Turbofan/));
const main = samples.filter((s) => s.main);
const gc = main.filter((s) => has(s, /Scavenger|MarkCompact|Heap::Collect|IncrementalMarking|Heap::Perform/));
// Kernel symbols are bare C names; user space ones are V8's (Builtins_, v8::), JIT code (JS:), node's, libc's.
const kernel = main.filter((s) => s.frames[0]?.startsWith('[k] '));
console.log(`${samples.length} samples (on-CPU)`);
console.log(`${share(background.length)}  V8's background threads: compiling ${share(compiling.length)}`);
console.log(`${share(main.length)}  the main thread: collecting ${share(gc.length)}, kernel ${share(kernel.length)}`);
const own = new Map();
let none = 0;
for (const s of main) {
  const seen = new Set();
  for (const f of s.frames) {
    const m = f.includes(values.own) ? /^JS:\W*(\S*) \S+:(\d+:\d+)$/.exec(f) : null;
    if (m !== null) seen.add(`${m[1] || '(anonymous)'} :${m[2]}`);
  }
  if (seen.size === 0) none++;
  for (const name of seen) own.set(name, (own.get(name) ?? 0) + 1);
}
console.log(`${share(none)}  main thread with no frame of ${values.own} (node's own work: parsing, timers, events)`);
console.log(`\non the stack (inclusive), functions of ${values.own}:`);
const rows = [...own].sort((a, b) => b[1] - a[1]).slice(0, Number(values.rows ?? 30));
for (const [name, n] of rows) console.log(`${share(n)}  ${name}`);
