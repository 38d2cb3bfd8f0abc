/** One thing timed on the hot path: `run` does one sweep over every call of the workload. */
export interface SweepTask {
  readonly name: string;
  /** Calls per sweep, to turn a sweep time into a time per call. */
  readonly calls: number;
  run(): void | Promise<void>;
}

/** Median of a list of numbers (NaN for an empty list). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * How long to measure: `repetitions` independent runs, each `timeMs` of interleaved blocks of
 * `blockMs` per task after `warmupMs` (`firstWarmupMs` before the first, while V8 is still
 * optimising the code under test); within a block, the CPU time of units of at least `unitMs`.
 */
export interface MeasureOptions {
  readonly repetitions: number;
  readonly timeMs: number;
  readonly firstWarmupMs: number;
  readonly warmupMs: number;
  readonly blockMs: number;
  readonly unitMs: number;
}

/** Per task, nanoseconds per call in each repetition (the median of that repetition's units). */
export type Timings = Map<string, number[]>;

/** Microseconds of CPU time the process has used. */
const cpuMicros = (): number => {
  const c = process.cpuUsage();
  return c.user + c.system;
};

/** A collection when the process runs with --expose-gc (`npm run bench` does); nothing otherwise. */
function collect(type: 'minor' | 'major'): void {
  const gc = (globalThis as { gc?: (options?: { type: 'minor' | 'major' }) => void }).gc;
  gc?.({ type });
}

/** What reading the CPU clock twice costs (a system call each), taken off every unit. */
function clockCost(): number {
  const costs: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = cpuMicros();
    costs.push(cpuMicros() - t0);
  }
  return median(costs);
}

/**
 * Times the tasks in interleaved blocks: each round gives every task a block of back-to-back sweeps
 * (`blockMs`), the order rotated from round to round, so load from elsewhere on a shared machine
 * falls on every contender alike while each block runs with its own code and data in the caches,
 * as a validator called in a loop does. Within a block, units of whole sweeps lasting at least
 * `unitMs` are timed in CPU time (process.cpuUsage: the process's own work, so time the machine
 * gave to other processes does not count, while collecting the garbage a contender leaves does);
 * the median unit leaves out the odd one a collection or a compile spoiled, and the young generation
 * is collected before every block and the whole heap before every round, so a contender's garbage is
 * not collected in another's units. Each repetition makes
 * fresh tasks (`makeTasks`), warms them up and reports, per task, the median time per call; ratios
 * are taken within a repetition (see ratioOf), so the spread of the repetitions shows how far one
 * run of the benchmark can be trusted.
 */
export async function measureInterleaved(
  makeTasks: () => readonly SweepTask[],
  options: MeasureOptions,
): Promise<Timings> {
  const out: Timings = new Map();
  const cost = clockCost();
  for (let r = 0; r < options.repetitions; r++) {
    const tasks = makeTasks();
    const units = tasks.map(() => [] as number[]);
    const until = (ms: number): number => performance.now() + ms;
    const warmup = r === 0 ? options.firstWarmupMs : options.warmupMs;
    for (const end = until(warmup); performance.now() < end; ) for (const t of tasks) await t.run();
    let round = 0;
    for (const end = until(options.timeMs); round < 3 || performance.now() < end; round++) {
      // A full collection between rounds, so no concurrent marking of one task's old garbage runs in another's units.
      collect('major');
      for (let k = 0; k < tasks.length; k++) {
        const i = (k + round) % tasks.length;
        const task = tasks[i]!;
        // Young garbage the previous task left is collected before this block, not inside its units.
        collect('minor');
        for (const blockEnd = until(options.blockMs); performance.now() < blockEnd; ) {
          const unitEnd = until(options.unitMs);
          let sweeps = 0;
          const c0 = cpuMicros();
          do {
            await task.run();
            sweeps++;
          } while (performance.now() < unitEnd);
          const micros = Math.max(0, cpuMicros() - c0 - cost);
          units[i]!.push((micros * 1000) / (sweeps * task.calls));
        }
      }
    }
    tasks.forEach((t, i) => {
      const list = out.get(t.name) ?? [];
      list.push(median(units[i]!));
      out.set(t.name, list);
    });
  }
  return out;
}

/** A task's time against a baseline's: the median ratio over repetitions and the lowest and highest. */
export interface Ratio {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

/** Ratio of `name` to `baseline`, repetition by repetition (each pair measured in the same repetition). */
export function ratioOf(timings: Timings, name: string, baseline: string): Ratio {
  const a = timings.get(name) ?? [];
  const b = timings.get(baseline) ?? [];
  const each = a.map((x, i) => x / (b[i] ?? Number.NaN));
  return { median: median(each), min: Math.min(...each), max: Math.max(...each) };
}
