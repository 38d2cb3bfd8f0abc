// What bench/proxy-admission.ts prints for one build: each round's table, then the figures its targets are about.

/** One round's figures: a new server and a new proxy, so catalog B is new to the proxy every round. */
export interface Round {
  listening: number;
  viaProxy: number[];
  viaServer: number[];
  initMs: number[];
  startMs: number[];
  warm: [number[], number[]];
  /** --holds: the proxy's event-loop holds while the sessions started, in ms. */
  holds: number[];
  /** --holds: the proxy's garbage collections over 5 ms while they started, as [ms, perf_hooks kind]. */
  collections: [number, number][];
}

/** What a report needs to know of the run. */
export interface ReportOptions {
  /** Sessions started per round. */
  readonly starts: number;
  /** A session not ready after this long is counted as such. */
  readonly notReadyMs: number;
  /** Whether the rounds recorded the proxy's holds (--holds). */
  readonly holds: boolean;
}

/** The value at quantile `p` of `xs`. */
export const q = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};
/** Milliseconds as printed. */
export const ms = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'not ready');
const row = (name: string, xs: readonly number[]): string =>
  `| ${name} | ${ms(q(xs, 0.5))} | ${ms(q(xs, 0.99))} | ${ms(Math.max(...xs))} |`;

/** One build's rounds: a table each, then the figures the targets are about. */
export function report(cli: string, rounds: readonly Round[], o: ReportOptions): void {
  const { starts: STARTS, notReadyMs: NOT_READY_MS } = o;
  console.log(`## proxy: ${cli}\n`);
  rounds.forEach((r, i) => {
    console.log(`round ${i + 1}: proxy listening after ${ms(r.listening)} (wall, catalog A admitted cold)\n`);
    console.log('| measured | median | p99 | max |');
    console.log('|---|---:|---:|---:|');
    console.log(row(`ping, server directly (${r.viaServer.length})`, r.viaServer));
    console.log(row(`ping, through the proxy (${r.viaProxy.length})`, r.viaProxy));
    console.log(row(`initialize of the ${STARTS} sessions`, r.initMs));
    console.log(row(`initialize to first tools/list answered, the ${STARTS} sessions`, r.startMs));
    if (o.holds) {
      const longest = r.holds.length === 0 ? 0 : Math.max(...r.holds);
      console.log(
        `\nthe proxy's event loop while they started: longest hold ${ms(longest)}; holds over 20 ms: ` +
          `${r.holds.filter((h) => h > 20).length}, over 50 ms: ${r.holds.filter((h) => h > 50).length} (target 0)`,
      );
      const kinds: Record<number, string> = { 1: 'minor', 4: 'major', 8: 'incremental marking', 16: 'weak callbacks' };
      const gcs = [...r.collections].sort((a, b) => b[0] - a[0]);
      const longest5 = gcs.slice(0, 5).map(([ms, kind]) => `${ms} ms (${kinds[kind] ?? kind})`);
      console.log(`its collections over 5 ms meanwhile: ${gcs.length}; the longest: ${longest5.join(', ') || 'none'}`);
    }
    console.log('');
  });
  const added = rounds.map((r) => q(r.viaProxy, 0.99) - q(r.viaServer, 0.99));
  // Started: its first tools/list answered, the stricter of the two.
  const late = rounds.map((r) => r.startMs.filter((v) => v > 5000).length);
  const lost = rounds.map((r) => r.startMs.filter((v) => v > NOT_READY_MS).length);
  const warmAdded = rounds.map((r) => q(r.warm[0], 0.5) - q(r.warm[1], 0.5));
  console.log(
    `ping p99 added by the proxy, per round: ${added.map(ms).join(', ')}; median ${ms(q(added, 0.5))}; ` +
      `within 50 ms: ${added.filter((a) => a <= 50).length} of ${added.length} (target <= 50 ms)`,
  );
  console.log(
    `sessions over 5 s to start, per round: ${late.join(', ')} of ${STARTS} (not ready after ` +
      `${NOT_READY_MS / 1000} s: ${lost.join(', ')}) (target 0)`,
  );
  console.log(
    `initialize over the admitted catalog, 20 sessions one at a time, added to the server's own (median), per ` +
      `round: ${warmAdded.map(ms).join(', ')} (target <= 10 ms)\n`,
  );
}
