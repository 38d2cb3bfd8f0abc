// MCP tool output schemas (MCP 2025-06-18, "Tools", "Output Schema": a server that declares one MUST return
// structured results that conform to it, and clients SHOULD validate them). The MCP SDK's client does so
// with its own draft-07 Ajv, which reads a 2020-12 schema differently (`items: false` beside
// `prefixItems` refuses every non-empty array); guardClient validates with toolgate instead.
import type { Diagnostic } from './diagnostics.js';
import type { GateError } from '../result.js';
import { estimatedCost, validateSchema, type CompiledSchema } from '../schema/compile.js';
import type { SchemaOptions } from '../schema/options.js';
import { ownData } from '../util/own-field.js';
import { timeSlices, type TimeSlices } from '../util/time-slice.js';
import { batchCost, chargeTool, type BatchCost } from './batch-cost.js';
import { MAX_BATCH_DESCRIPTORS } from './batch-input.js';
import { inLoaderRounds, tooManyRounds, type BatchLoader } from './async-loader.js';

/** The compiled output schema of each listed tool that declares one, and the tools whose schema was refused. */
export interface OutputSchemas {
  readonly byName: ReadonlyMap<string, CompiledSchema>;
  /** A `schema` diagnostic (`member: 'outputSchema'`) per refused outputSchema, at the tool's place in the listing. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The compile tally of an MCP listing: its output schemas and its input schemas share one maxBatchCompileCost
 * (`limits`: the admission's own option), so a server cannot double what it makes a client compile by declaring
 * both. Passed to compileOutputSchemas, then to the admission (AdmissionInternals.cost).
 */
export function listingCost(limits: unknown, listed: readonly unknown[]): BatchCost {
  return batchCost(limits, 2 * listed.length);
}

/**
 * Compiles every listed outputSchema under the admission's schema options; never throws. `slices`: the
 * admission's clock, paused between two schemas when due (a catalog whose every tool declares an outputSchema
 * costs as much again as its inputSchemas, and the proxy serves other sessions meanwhile). `cost`: the listing's
 * tally (listingCost); once it is over nothing more is compiled and `cost.over` fails the admission. `loader`:
 * the admission's (async-loader.ts), asked in rounds as for the inputSchemas and then handed to the admission:
 * each URI reaches the host once per listing, and the rounds it took count against the admission's. A listing
 * longer than MAX_BATCH_DESCRIPTORS compiles nothing: the admission refuses it whole.
 */
export async function compileOutputSchemas(
  listed: readonly unknown[],
  options: SchemaOptions,
  slices: TimeSlices = timeSlices(undefined),
  cost?: BatchCost,
  loader?: BatchLoader,
): Promise<OutputSchemas> {
  if (listed.length > MAX_BATCH_DESCRIPTORS) return { byName: new Map(), diagnostics: [] };
  // Each tool's name and outputSchema read once, whatever the rounds.
  const declared = new Map<number, { readonly name: string; readonly schema: unknown }>();
  for (const [index, tool] of listed.entries()) {
    const name = ownData(tool, 'name');
    const schema = ownData(tool, 'outputSchema');
    if (typeof name === 'string' && schema !== undefined) declared.set(index, { name, schema });
  }
  const compiled = new Map<number, CompiledSchema>();
  const refused = new Map<number, GateError>();
  const withLoader: SchemaOptions = loader === undefined ? options : { ...options, schemaLoader: loader.sync };
  const stuck = await inLoaderRounds([...declared.keys()], loader, async (index) => {
    const { schema } = declared.get(index) as { readonly schema: unknown };
    if (slices.due()) await slices.pause();
    const verdict = validateSchema(schema, withLoader);
    if (!verdict.ok) {
      refused.set(index, verdict.error);
      return 'failed';
    }
    refused.delete(index);
    if (cost !== undefined && !chargeTool(cost, schema, estimatedCost(verdict.value))) return 'stop';
    compiled.set(index, verdict.value);
    return 'settled';
  });
  for (const index of stuck) refused.set(index, tooManyRounds());
  // In the listing's order, whatever round compiled each (a name listed twice keeps its last, as before).
  const inOrder = <T>(map: ReadonlyMap<number, T>): [number, T][] => [...map].sort(([a], [b]) => a - b);
  const nameAt = (index: number): string => (declared.get(index) as { readonly name: string }).name;
  const byName = new Map(inOrder(compiled).map(([index, schema]) => [nameAt(index), schema] as const));
  const diagnostics = inOrder(refused).map(([index, problem]): Diagnostic => {
    const error: GateError = { ...problem, message: `outputSchema: ${problem.message}` };
    return { name: nameAt(index), revision: undefined, index, stage: 'schema', member: 'outputSchema', error };
  });
  return { byName, diagnostics };
}

/**
 * Why a tool's result breaks its output schema, or undefined when it conforms. A result flagged
 * `isError` is the tool's own error report and need not carry `structuredContent`, but what it carries is held
 * to the schema as any result's (the MCP SDK's client checks it too: a flag the server sets must not let through
 * what that client refuses); any other result must carry `structuredContent` that the schema admits.
 */
export function outputProblem(result: unknown, schema: CompiledSchema): GateError | undefined {
  const structured = ownData(result, 'structuredContent');
  if (structured === undefined && ownData(result, 'isError') === true) return undefined;
  if (structured === undefined)
    return {
      class: 'validation',
      message: 'the result has no structuredContent, which its outputSchema requires',
      violations: [],
    };
  const verdict = schema.validate(structured);
  if (verdict.ok) return undefined;
  // A limit stopped the check (a hunt's find: 10,001 keys that conform read as a mismatch): it says so.
  if (verdict.error.kind === 'limit')
    return { ...verdict.error, message: `the tool ran but ${unchecked(verdict.error)} (${verdict.error.message})` };
  return { ...verdict.error, message: `structuredContent does not match the outputSchema: ${verdict.error.message}` };
}

/** What a result over a validation limit (docs/limits.md: the argument limits hold for results too) is. */
const unchecked = (error: GateError): string =>
  `its output could not be checked against its output schema: ${error.limit ?? 'a limit'} exceeded`;

/** The text that replaces a result of `tool` breaking its outputSchema, with the problem; undefined when it holds. */
export function outputRefusal(
  tool: string,
  result: unknown,
  schema: CompiledSchema,
): { readonly text: string; readonly error: GateError } | undefined {
  const problem = outputProblem(result, schema);
  if (problem === undefined) return undefined;
  // It ran: saying it failed would invite the model to call it again and repeat its side effect.
  const why = problem.kind === 'limit' ? unchecked(problem) : 'its output does not match its output schema';
  return { text: `error: tool ${tool} ran but ${why}`, error: problem };
}
