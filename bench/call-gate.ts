/**
 * The proxy's per-call gate on its own (gateCall, src/mcp/call-gate.ts: the call's text read, its arguments
 * validated exactly, the forwarded call rebuilt), over a typical 1 KB tools/call line: microseconds per call, the
 * fastest of `--runs` runs of `--calls` calls (the run least disturbed by other load on the machine). A 2025-11-25
 * call (no `_meta`) and a 2026-07-28 one (its `_meta` envelope). `--other <dist of another build>` runs that
 * build's gateCall too, interleaved run by run.
 *
 *   npm run build && node --import tsx bench/call-gate.ts [--other <old>/dist] [--runs 15] [--calls 20000]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    other: { type: 'string' },
    runs: { type: 'string', default: '15' },
    calls: { type: 'string', default: '20000' },
  },
});
const [RUNS, CALLS] = [Number(values.runs), Number(values.calls)];
const builds = [fileURLToPath(new URL('../dist', import.meta.url)), ...(values.other ? [values.other] : [])];

type Gate = (registry: unknown, tool: string, given: unknown, source: object, params: object) => { kind: string };
interface Build {
  readonly dist: string;
  readonly gate: Gate;
  readonly registry: unknown;
}
const TOOL = {
  name: 'echo',
  inputSchema: {
    type: 'object',
    properties: {
      text: { type: 'string' },
      n: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
    },
    required: ['text'],
    additionalProperties: false,
  },
  execute: () => 'ok',
};
const loaded: Build[] = [];
for (const dist of builds) {
  const lib = (await import(`${dist}/index.js`)) as {
    Registry: new () => { register(t: unknown): void };
    defineTool: (t: object) => unknown;
  };
  const { gateCall } = (await import(`${dist}/mcp/call-gate.js`)) as { gateCall: Gate };
  const registry = new lib.Registry();
  registry.register(lib.defineTool(TOOL));
  loaded.push({ dist, gate: gateCall, registry });
}

const args = { text: 'a'.repeat(800), n: 7, tags: ['one', 'two', 'three'] };
const envelope = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'client', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
};
const LINES: [string, string][] = [
  [
    '2025-11-25',
    JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'echo', arguments: args } }),
  ],
  [
    '2026-07-28',
    JSON.stringify({
      jsonrpc: '2.0',
      id: 12,
      method: 'tools/call',
      params: { name: 'echo', arguments: args, _meta: envelope },
    }),
  ],
];

/** Microseconds per call of `build`'s gate over `line`, for CALLS calls. */
function run(build: Build, line: string): number {
  const params = (JSON.parse(line) as { params: Record<string, unknown> }).params;
  // Both forms of the source: an earlier build reads `path`, a later one the text alone.
  const source = { requestText: line, path: ['params', 'arguments'] };
  const start = performance.now();
  for (let i = 0; i < CALLS; i++)
    if (build.gate(build.registry, 'echo', params['arguments'], source, params).kind !== 'forward')
      throw new Error('not forwarded');
  return ((performance.now() - start) * 1000) / CALLS;
}

console.log(`| line (${LINES[0]?.[1].length} / ${LINES[1]?.[1].length} chars) | ${builds.join(' | ')} |`);
console.log(`|---|${builds.map(() => '---').join('|')}|`);
for (const [label, line] of LINES) {
  const times = loaded.map((): number[] => []);
  for (let r = 0; r < RUNS; r++) for (const [i, b] of loaded.entries()) times[i]?.push(run(b, line));
  console.log(`| ${label} | ${times.map((t) => `${Math.min(...t).toFixed(2)} us`).join(' | ')} |`);
}
