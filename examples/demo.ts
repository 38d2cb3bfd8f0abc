// `npm run demo`: admits the shipped example catalog and validates a few calls, printing what a host
// and a model would see. Reads examples/catalog.json, or the file given as the first argument.
import { readFileSync } from 'node:fs';
import { validateSchema, type CompiledSchema } from '../src/index.js';

interface Catalog { tools: { name: string; inputSchema: unknown }[]; calls: { name: string; arguments: string }[] }
const file = process.argv[2] ?? new URL('./catalog.json', import.meta.url);
const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;

const admitted = new Map<string, CompiledSchema>();
for (const tool of catalog.tools) {
  const r = validateSchema(tool.inputSchema);
  if (r.ok) {
    admitted.set(tool.name, r.value);
    console.log(`accepted  ${tool.name}`);
  } else {
    console.log(`refused   ${tool.name}: ${r.error.class}: ${r.error.message}`);
  }
}
console.log('');
for (const call of catalog.calls) {
  const schema = admitted.get(call.name);
  if (!schema) { console.log(`call ${call.name}: unknown tool`); continue; }
  const r = schema.validateJSON(call.arguments);
  console.log(`call ${call.name} ${call.arguments}`);
  if (r.ok) console.log(`  ok: ${JSON.stringify(r.value)}`);
  else {
    console.log(`  ${r.error.class}: ${r.error.message}`);
    for (const v of r.error.violations) console.log(`    ${v.path}: ${v.message}`);
  }
}
