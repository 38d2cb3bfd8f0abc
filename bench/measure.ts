import { Bench } from 'tinybench';

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
 * Times every task in `rounds` tinybench runs, rotating the task order each round so that a slow
 * neighbour or a machine shared with other work hits every contender alike. Returns, per task, the
 * median over rounds of tinybench's median sweep latency, as nanoseconds per call.
 */
export async function measureSweeps(
  makeTasks: () => readonly SweepTask[],
  options: { rounds: number; timeMs: number },
): Promise<Map<string, number>> {
  // Warm-up on throwaway closures, so that the first task measured does not pay V8's warm-up.
  await timeRounds(makeTasks(), { rounds: 1, timeMs: options.timeMs });
  return timeRounds(makeTasks(), options);
}

async function timeRounds(
  tasks: readonly SweepTask[],
  options: { rounds: number; timeMs: number },
): Promise<Map<string, number>> {
  const perRound = new Map<string, number[]>(tasks.map((t) => [t.name, []]));
  for (let r = 0; r < options.rounds; r++) {
    const bench = new Bench({ time: options.timeMs, warmupTime: Math.max(20, options.timeMs / 5), throws: true });
    const order = tasks.map((_, i) => tasks[(i + r) % tasks.length]!);
    for (const t of order) bench.add(t.name, t.run);
    await bench.run();
    for (const task of bench.tasks) {
      const result = task.result;
      if (result.state !== 'completed')
        throw new Error(`${task.name}: ${result.state === 'errored' ? String(result.error) : result.state}`);
      const t = tasks.find((x) => x.name === task.name)!;
      perRound.get(t.name)!.push((result.latency.p50 * 1e6) / t.calls);
    }
  }
  return new Map([...perRound].map(([name, values]) => [name, median(values)]));
}
