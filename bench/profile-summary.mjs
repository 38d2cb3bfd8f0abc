// Where a CPU profile's time went, as percentages of the samples taken while the process was busy: self time per
// place (node internals, a script's own code, garbage collection) and per function; then each sample charged to
// the nearest frame of the script named by `--own` (its own code and what that code called: fetch, JSON.parse,
// writes), or to the place of its innermost frame when no frame of the script is on the stack (node:http parsing
// a request, undici reading a response on its own).
//
//   node bench/profile-summary.mjs <file.cpuprofile> [--rows 30] [--own <the script's file name>] [--chains N]
//
// `--chains N` adds the script's own self time (samples whose innermost frame is its code) grouped by the script's
// frames on the stack, outermost first, the first N of them: which of its steps (reading, checking, sending on,
// answering) its own time goes to, where self time per function scatters over what V8 inlined.
//
// `--own` is the CLI bundle's file name unless given.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rows: { type: 'string', default: '30' },
    own: { type: 'string', default: 'main.js' },
    chains: { type: 'string' },
  },
});
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const counts = new Map();
for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);

const file = (url) => url.replace(/^.*\//, '');
const placeOf = ({ functionName, url }) => {
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  return url.startsWith('node:') ? url : file(url);
};
const nameOf = ({ functionName, url, lineNumber }) =>
  `${functionName || '(anonymous)'}${url === '' ? '' : ` ${file(url)}:${lineNumber + 1}`}`;
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);

const self = new Map();
const places = new Map();
const charged = new Map();
const chains = new Map();
const depth = Number(values.chains ?? 0);
let busy = 0;
let idle = 0;
for (const [id, n] of counts) {
  const frame = byId.get(id).callFrame;
  if (frame.functionName === '(idle)') {
    idle += n;
    continue;
  }
  busy += n;
  add(places, placeOf(frame), n);
  add(self, nameOf(frame), n);
  let own;
  for (let at = id; at !== undefined && own === undefined; at = parent.get(at)) {
    const f = byId.get(at).callFrame;
    if (file(f.url) === values.own) own = nameOf(f);
  }
  add(charged, own ?? `[no ${values.own} frame] ${placeOf(frame)}`, n);
  if (depth > 0 && file(frame.url) === values.own) {
    const path = [];
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at).callFrame;
      if (file(f.url) === values.own) path.push(nameOf(f).replace(/ \S+:/, ':'));
    }
    add(chains, path.reverse().slice(0, depth).join(' > '), n);
  }
}
const pct = (n) => `${((n / busy) * 100).toFixed(1)}%`.padStart(6);
const top = (map, rows) => [...map].sort((a, b) => b[1] - a[1]).slice(0, rows);
const seconds = (profile.endTime - profile.startTime) / 1e6;
console.log(`${positionals[0]}: ${seconds.toFixed(1)} s, busy ${((busy / (busy + idle)) * 100).toFixed(0)}%`);
console.log('\nself time by place:');
for (const [k, n] of top(places, 15)) console.log(`  ${pct(n)}  ${k}`);
console.log('\nself time by function:');
for (const [k, n] of top(self, Number(values.rows))) console.log(`  ${pct(n)}  ${k}`);
console.log(`\ncharged to the nearest frame of ${values.own}:`);
for (const [k, n] of top(charged, Number(values.rows))) console.log(`  ${pct(n)}  ${k}`);
if (depth > 0) {
  const own = [...chains.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${values.own}'s own self time (${pct(own).trim()}) by its outermost ${depth} frames:`);
  for (const [k, n] of top(chains, Number(values.rows))) console.log(`  ${pct(n)}  ${k}`);
}
