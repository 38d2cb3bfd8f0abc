/**
 * W8: the MCP SDK's `jsonSchemaValidator` seam, as the SDK uses it. For each corpus tool, `getValidator(schema)`
 * then one valid call, for toolgate's ToolgateJsonSchemaValidator against the SDK's default
 * AjvJsonSchemaValidator (draft-07 Ajv, formats asserted). Two sweeps: a first listing (a new provider, and
 * toolgate's compile cache emptied) and a second listing on the same provider with new schema objects, as
 * `Client.listTools` gives after a `tools/list_changed` (the SDK parses a fresh copy each time). Process CPU
 * time, contenders alternated round by round; each round's ratio is toolgate over the SDK's.
 * Run alone after `npm run build`: `node --import tsx bench/mcp-validator.ts` (BENCH_QUICK=1 for a short run);
 * `npm run bench` runs it too.
 */
import { fileURLToPath } from 'node:url';
import { ToolgateJsonSchemaValidator } from '../dist/adapters/mcp-validator.js';
import { clearCache } from '../dist/index.js';
import { RAW_AJV_OPTIONS } from './contenders.js';
import { loadCorpus, type CorpusTool } from './corpus.js';
import { generateCalls } from './generate.js';
import { median } from './measure.js';
import { table, type Row } from './report.js';

type Provider = { getValidator(schema: never): (input: unknown) => { valid: boolean } };
interface Case {
  readonly schema: unknown;
  readonly args: unknown;
}

/** The SDK's Ajv prints a warning per unknown format: muted while it compiles, so the output stays readable. */
function quiet<T>(body: () => T): T {
  const warn = console.warn;
  console.warn = () => undefined;
  try {
    return body();
  } finally {
    console.warn = warn;
  }
}

/** CPU microseconds of one sweep: getValidator on a fresh copy of each schema, then its valid call. */
function sweep(provider: Provider, cases: readonly Case[]): number {
  const copies = cases.map((c) => structuredClone(c.schema) as never);
  const start = process.cpuUsage();
  for (let i = 0; i < cases.length; i++) {
    if (!provider.getValidator(copies[i]!)(cases[i]!.args).valid) throw new Error('bench: a valid call was refused');
  }
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

/** The W8 rows and a note on what was counted. */
export async function mcpValidatorRows(
  tools: readonly CorpusTool[],
  quick: boolean,
): Promise<{ rows: Row[]; note: string }> {
  const { AjvJsonSchemaValidator } = await import('@modelcontextprotocol/sdk/validation/ajv');
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  const reference = new Ajv2020({ ...RAW_AJV_OPTIONS, logger: false as const });
  // The cases: one valid call per tool, confirmed by a reference Ajv 2020, that both providers accept
  // (the SDK's draft-07 reading refuses some valid 2020-12 calls; toolgate refuses some schemas).
  const cases: Case[] = [];
  const probeGate = new ToolgateJsonSchemaValidator();
  const probeSdk = new AjvJsonSchemaValidator();
  for (const tool of tools) {
    let check: (args: unknown) => boolean;
    try {
      check = reference.compile(structuredClone(tool.inputSchema) as object) as (args: unknown) => boolean;
    } catch {
      continue;
    }
    const args = generateCalls(tool.inputSchema, check).valid.at(-1);
    if (args === undefined) continue;
    const both = quiet(() => {
      try {
        const gate = probeGate.getValidator(structuredClone(tool.inputSchema) as never)(args).valid;
        return gate && probeSdk.getValidator(structuredClone(tool.inputSchema) as never)(args).valid;
      } catch {
        return false;
      }
    });
    if (both) cases.push({ schema: tool.inputSchema, args });
  }
  // Three rounds (the table's spread column), each the median of five alternated repetitions.
  const rounds = quick ? 1 : 3;
  const repeats = quick ? 1 : 5;
  const first = { gate: [] as number[], sdk: [] as number[] };
  const again = { gate: [] as number[], sdk: [] as number[] };
  for (let r = 0; r < rounds; r++) {
    const one = { gate: [] as number[], sdk: [] as number[] };
    const two = { gate: [] as number[], sdk: [] as number[] };
    for (let k = 0; k < repeats; k++) {
      for (const who of k % 2 === 0 ? (['gate', 'sdk'] as const) : (['sdk', 'gate'] as const)) {
        if (who === 'gate') clearCache();
        const provider: Provider = who === 'gate' ? new ToolgateJsonSchemaValidator() : new AjvJsonSchemaValidator();
        one[who].push(quiet(() => sweep(provider, cases)));
        two[who].push(quiet(() => sweep(provider, cases)));
      }
    }
    for (const who of ['gate', 'sdk'] as const) {
      first[who].push(median(one[who]));
      again[who].push(median(two[who]));
    }
  }
  const count = `${cases.length} tools`;
  const rowsOf = (label: string, t: { gate: number[]; sdk: number[] }): Row[] => {
    const ratios = t.gate.map((g, i) => g / t.sdk[i]!);
    const sdk = 'MCP SDK AjvJsonSchemaValidator';
    const workload = `W8 MCP SDK jsonSchemaValidator: getValidator + one valid call, ${label}`;
    return [
      { workload, contender: sdk, count, value: median(t.sdk) / cases.length, unit: 'µs/tool', baseline: 'baseline' },
      {
        workload,
        contender: 'toolgate ToolgateJsonSchemaValidator',
        count,
        value: median(t.gate) / cases.length,
        unit: 'µs/tool',
        baseline: sdk,
        ratio: median(ratios),
        spread: { min: Math.min(...ratios), max: Math.max(...ratios) },
      },
    ];
  };
  const note =
    `W8 (bench/mcp-validator.ts): ${cases.length} of ${tools.length} corpus tools, those with a generated valid ` +
    `call both providers accept; process CPU time of a sweep over every tool, ${rounds} rounds of ${repeats} ` +
    'alternated sweeps each (a round is their median). "First listing": ' +
    'a new provider, toolgate\'s compile cache emptied. "Listing again": the same provider, fresh schema ' +
    "objects (toolgate's content cache answers; the SDK's Ajv caches by object, or by `$id`, so it compiles again).";
  return { rows: [...rowsOf('first listing', first), ...rowsOf('listing again', again)], note };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tools = loadCorpus();
  if (tools === undefined) {
    console.log('bench: the tool-schema corpus is missing (../shared/tool-schemas). Nothing measured.');
    process.exit(1);
  }
  const { rows, note } = await mcpValidatorRows(tools, process.env['BENCH_QUICK'] === '1');
  console.log(`${table(rows)}\n\n- ${note}`);
}
