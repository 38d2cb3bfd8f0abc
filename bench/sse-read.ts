/**
 * Reading one SSE event of a large listing as a Streamable HTTP upstream sends it (src/mcp/sse.ts), in 16 KB
 * pieces as a socket hands them over: milliseconds per event of about 620 KB and of 10 MiB (the proxy's bound on
 * one message). `--other <dist/mcp/sse.js of another build>` reads the same events with that build too.
 *
 *   npm run build && node --import tsx bench/sse-read.ts [--other <old>/dist/mcp/sse.js] [--piece 16384]
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { other: { type: 'string' }, piece: { type: 'string', default: '16384' } } });
const PIECE = Number(values.piece);
const builds = [fileURLToPath(new URL('../dist/mcp/sse.js', import.meta.url)), ...(values.other ? [values.other] : [])];

type Reader = (max: number, onEvent: (d: string) => void, oversized: () => void) => { push(t: string): void };

/** An event of `count` tools as a tools/list answer, cut in pieces. */
function pieces(count: number): string[] {
  const tools = Array.from({ length: count }, (_, i) => ({ name: `tool_${i}`, description: 'x'.repeat(250) }));
  const text = `event: message\ndata: ${JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } })}\n\n`;
  const out: string[] = [];
  for (let at = 0; at < text.length; at += PIECE) out.push(text.slice(at, at + PIECE));
  return out;
}

for (const [label, count, runs] of [
  ['620 KB', 2000, 40],
  ['10 MiB', 33_000, 3],
] as const) {
  const events = pieces(count);
  for (const build of builds) {
    const create = (await import(build)).createSseReader as Reader;
    let read = 0;
    const once = (): void => {
      const reader = create(
        10 * 1024 * 1024,
        () => read++,
        () => undefined,
      );
      for (const p of events) reader.push(p);
    };
    once();
    const start = performance.now();
    for (let i = 0; i < runs; i++) once();
    const ms = (performance.now() - start) / runs;
    console.log(`${label} in ${events.length} pieces, ${build}: ${ms.toFixed(1)} ms per event (${read} read)`);
  }
}
