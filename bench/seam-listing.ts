/**
 * The MCP SDK's `jsonSchemaValidator` seam as `Client.listTools` uses it: one `getValidator` for each tool's
 * outputSchema of a listing (TOOLS distinct schemas, in one go, on the host's event loop), then the first call of
 * one tool. Wall and CPU time of the listing, the first call's time and the heap after, for this build and, with
 * `--other`, an earlier build's dist (each in its own process, so neither warms the other). Build first:
 *
 *   npm run build && node --import tsx bench/seam-listing.ts [--tools 5000] [--other <an earlier build's dist>]
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const { values } = parseArgs({
  options: { tools: { type: 'string', default: '5000' }, other: { type: 'string' }, child: { type: 'string' } },
});
const TOOLS = Number(values.tools);

/** Output schema i: a distinct object schema, as a generated catalog's. */
const schemaOf = (i: number) => ({
  type: 'object',
  properties: { [`result_${i}`]: { type: 'string', maxLength: 100 + i }, [`n_${i}`]: { type: 'integer', minimum: i } },
  required: [`result_${i}`],
});

if (values.child !== undefined) {
  const { ToolgateJsonSchemaValidator } = await import(join(values.child, 'adapters/mcp-validator.js'));
  const schemas = Array.from({ length: TOOLS }, (_, i) => schemaOf(i));
  const provider = new ToolgateJsonSchemaValidator();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const validators = schemas.map((s) => provider.getValidator(s));
  const t1 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const valid = validators[TOOLS >> 1]({ [`result_${TOOLS >> 1}`]: 'x' }).valid;
  const t2 = performance.now();
  const ms = (n: number) => n.toFixed(1);
  console.log(
    `| ${values.child} | ${ms(t1 - t0)} | ${ms((cpu.user + cpu.system) / 1000)} | ${ms(t2 - t1)} (${valid}) | ` +
      `${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} |`,
  );
} else {
  console.log(`getValidator for ${TOOLS} distinct output schemas, then one call of one tool\n`);
  console.log(
    '| build | listing, wall ms | listing, CPU ms | first call, ms | heap after, MB |\n|---|---:|---:|---:|---:|',
  );
  for (const dist of [join(ROOT, 'dist'), ...(values.other === undefined ? [] : [resolve(values.other)])])
    process.stdout.write(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', dist, '--tools', `${TOOLS}`],
        {
          cwd: ROOT,
        },
      ),
    );
}
