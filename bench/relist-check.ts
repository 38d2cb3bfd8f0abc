// What the proxy spends, per session, deciding whether a re-admission after tools/list_changed changed anything
// (src/proxy/client-view.ts viewChanged, src/proxy/summary.ts readmissionLines). Its first version serialized both
// whole catalogs on every call; it now compares the tools/list text each admission makes once (for its next
// tools/list anyway). The serialize-both way runs in the same process as the baseline.
//   node --import tsx bench/relist-check.ts [--tools 2000] [--rounds 7]
import { parseArgs } from 'node:util';
import { NOTHING, type Published } from '../src/proxy/admission.js';
import { viewChanged } from '../src/proxy/client-view.js';
import { readmissionLines } from '../src/proxy/summary.js';

const { values } = parseArgs({ options: { tools: { type: 'string' }, rounds: { type: 'string' } } });
const TOOLS = Number(values.tools ?? 2000);
const ROUNDS = Number(values.rounds ?? 7);

/** A published catalog of TOOLS tools of about 390 bytes each, new objects each time. */
function catalog(): Published {
  const tools = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < TOOLS; i++) {
    const name = `tool_${i}`;
    const a = { type: 'string', description: 'x'.repeat(80) };
    tools.set(name, { name, description: 'd'.repeat(150), inputSchema: { type: 'object', properties: { a } } });
  }
  return { ...NOTHING, tools, listed: TOOLS };
}

/** Milliseconds `run` took. */
function timed(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const rows = { serializeBoth: [] as number[], first: [] as number[], again: [] as number[], same: [] as number[] };
const lines: number[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const [before, after] = [catalog(), catalog()];
  rows.serializeBoth.push(timed(() => JSON.stringify([...before.tools]) !== JSON.stringify([...after.tools])));
  rows.first.push(timed(() => viewChanged(before, after)));
  rows.again.push(timed(() => viewChanged(before, after)));
  rows.same.push(timed(() => viewChanged(after, after)));
  lines.push(timed(() => readmissionLines(before, after, undefined, 'bench', false)));
}
const bytes = JSON.stringify({ tools: [...catalog().tools.values()] }).length;
console.log(`${TOOLS} tools, a tools/list of ${bytes} bytes; median of ${ROUNDS} rounds, ms:`);
const show = (label: string, ms: number, digits = 2): void =>
  console.log(`  ${label.padEnd(72)} ${ms.toFixed(digits)}`);
show('serialize both catalogs (the first version, per re-admission and session)', median(rows.serializeBoth));
show("viewChanged, first call (makes each admission's tools/list text)", median(rows.first));
show('viewChanged again (the texts made: every other session of the admission)', median(rows.again));
show('viewChanged of one admission with itself', median(rows.same), 3);
show('readmissionLines (texts made)', median(lines));
