// The proxy benchmarks' per-call measure, the same over stdio (proxy.ts) and HTTP (src/proxy/http.ts): `echo` calls
// sent directly and through the proxy, interleaved after a warm-up, and the table row of the added median and p99.

/** Anything that sends one JSON-RPC request and resolves with its wall time in ms. */
export interface TimedPeer {
  request(method: string, params: unknown): Promise<number>;
}

/** The value at quantile `q` of an ascending list. */
export const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

/** Milliseconds as the tables show them. */
export const fmt = (ms: number): string => `${ms.toFixed(3)} ms`;

/** `calls` interleaved `echo` calls with a text of `bytes` characters (after 100 each to warm up); one table row. */
export async function addedLatencyRow(
  direct: TimedPeer,
  proxied: TimedPeer,
  bytes: number,
  calls: number,
): Promise<string> {
  const params = { name: 'echo', arguments: { text: 'x'.repeat(bytes - 12) } };
  const d: number[] = [];
  const p: number[] = [];
  for (let i = 0; i < 100; i++) {
    await direct.request('tools/call', params);
    await proxied.request('tools/call', params);
  }
  for (let i = 0; i < calls; i++) {
    d.push(await direct.request('tools/call', params));
    p.push(await proxied.request('tools/call', params));
  }
  d.sort((a, b) => a - b);
  p.sort((a, b) => a - b);
  const [dm, pm, d99, p99] = [quantile(d, 0.5), quantile(p, 0.5), quantile(d, 0.99), quantile(p, 0.99)];
  return (
    `| ${bytes / 1024} KB arguments | ${calls} | ${fmt(dm)} | ${fmt(pm)} | **${fmt(pm - dm)}** | ${fmt(d99)} | ` +
    `${fmt(p99)} | **${fmt(p99 - d99)}** |`
  );
}
