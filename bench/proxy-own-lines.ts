/**
 * What the proxy's own stderr lines cost with many secrets: `startProxy` of a build (`--dist`, repeatable) over
 * loopback in front of bench/catalog-server.mjs (`--tools` tools, default 200), every tool denied so each is named
 * on a line of its own, with `--secrets` (default 10,000) `--env` values of 24 characters. Prints per build the
 * median wall time from the call until the proxy is up, and how many lines it said. Build first:
 *
 *   npm run build && node --import tsx bench/proxy-own-lines.ts [--dist <a build's dist/>]... [--runs 3]
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: {
    dist: { type: 'string', multiple: true, default: [join(ROOT, 'dist')] },
    tools: { type: 'string', default: '200' },
    secrets: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
  },
});
type Start = (options: object) => Promise<{ ok: boolean; value?: { close(): Promise<void> } }>;
const env: Record<string, string> = { TOOLS: values.tools };
for (let i = 0; i < Number(values.secrets); i++) env[`S${i}`] = randomBytes(12).toString('hex');
const upstream = { command: process.execPath, args: [join(ROOT, 'bench/catalog-server.mjs')], env };

console.log(`| build | start-up (ms) | lines |\n|---|---:|---:|`);
for (const dist of values.dist ?? []) {
  const url = pathToFileURL(resolve(dist, 'proxy/index.js')).href;
  const { startProxy } = (await import(url)) as { startProxy: Start };
  const times: number[] = [];
  let lines = 0;
  for (let r = 0; r < Number(values.runs); r++) {
    lines = 0;
    const t0 = performance.now();
    const started = await startProxy({
      upstream,
      deny: ['*'],
      listen: { port: 0 },
      onLog: () => {
        lines++;
      },
    });
    times.push(performance.now() - t0);
    if (!started.ok || started.value === undefined) throw new Error('the proxy did not start');
    await started.value.close();
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
  console.log(`| ${dist} | ${median.toFixed(0)} | ${lines} |`);
}
