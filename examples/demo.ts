// `npm run demo` (second half): admits the shipped example catalog in quarantine mode, then sends a few
// model calls through the bundle's registry and prints, for each, exactly what the model would read.
// Reads examples/catalog.json, or the file given as the first argument.
import { readFileSync } from 'node:fs';
import { admitBatch } from '../src/index.js';

interface Catalog {
  tools: { name: string; description: string; inputSchema: unknown }[];
  calls: { name: string; arguments: string }[];
}
const file = process.argv[2] ?? new URL('./catalog.json', import.meta.url);
const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;

// Every example tool just echoes the arguments it was given: the point is what reaches it, and what does not.
const descriptors = catalog.tools.map((t) => ({ ...t, backend: (args: unknown) => ({ ran: t.name, args }) }));
const admitted = await admitBatch(descriptors, { mode: 'quarantine' });
if (!admitted.ok) {
  console.log(`catalog refused: ${admitted.error.class}: ${admitted.error.message}`);
  process.exit(1);
}
const bundle = admitted.value;
console.log(`published to the model: ${bundle.accepted.join(', ')}`);
for (const r of bundle.rejected) console.log(`left out: ${r.name} (${r.error.class}: ${r.error.message})`);

let id = 0;
for (const call of catalog.calls) {
  const result = await bundle.registry.call({ id: `call_${++id}`, name: call.name, arguments: call.arguments });
  const outcome = result.isError ? 'not run' : 'ran';
  console.log(`\n${call.name} ${call.arguments}\n-> ${outcome}; the model reads:\n${result.content}`);
}
