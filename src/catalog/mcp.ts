import { types } from 'node:util';
import { fail, failExecution, type GateError, thrownFailure, thrownMessage, type Result } from '../result.js';
import { admitSlots, NO_INTERNALS, type AdmissionInternals, type AdmissionOptions } from './admission.js';
import { readBatch, type BatchSlot } from './batch-input.js';
import type { Bundle } from './bundle.js';
import { callFailure, type BatchError, type Diagnostic } from './diagnostics.js';
import { publishedRefusal, publishedTextRefusal } from '../tools/published-text.js';
import { isIconSource } from '../util/icon-source.js';
import type { ToolDescriptor } from './descriptor.js';
import type { McpTool } from './providers.js';
import { MAX_ANNOTATIONS_DEPTH, type Invoke } from './preflight.js';
import { copyBoundedJson } from '../util/plain-json.js';
import { McpOutput, type OutputCheck } from '../tools/mcp-result.js';
import { compileOutputSchemas, listingCost, outputRefusal, type OutputSchemas } from './mcp-output.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { ownData } from '../util/own-field.js';
import { FUNCTION, pick, readTable, type OptionTable } from '../util/option-table.js';
import { ADMISSION_TABLE } from './admission-options.js';
import { batchLoaderOf } from './async-loader.js';

/**
 * The dialects an MCP tool's schemas are read in when the caller names none: Draft 2020-12 (MCP's
 * default) and draft-07 exactly, on Ajv's own draft-07 engine, because the TypeScript MCP SDK stamps
 * every tool it builds `"$schema": "http://json-schema.org/draft-07/schema#"`. A draft-07 schema is
 * enforced with draft-07's meaning, never read as 2020-12. The library's own default stays 2020-12 only.
 */
export const MCP_DEFAULT_DIALECTS: readonly ('2020-12' | 'draft-07')[] = Object.freeze(['2020-12', 'draft-07']);

/** admitBatch options plus how to reach each tool on the server; `dialects` defaults to MCP_DEFAULT_DIALECTS. */
export type McpAdmissionOptions = AdmissionOptions & {
  /** Makes the backend of one listed tool, for example a closure calling `client.callTool`. */
  readonly backend: (tool: McpTool) => unknown;
  /** Optional revision per tool (for example a hash the host keeps); absent means none. */
  readonly revision?: (tool: McpTool) => string | undefined;
};

/** admitMcpTools: admitBatch's options, the backend maker and the revision per tool. */
export const MCP_ADMISSION_TABLE: OptionTable<McpAdmissionOptions> = {
  ...ADMISSION_TABLE,
  backend: FUNCTION,
  revision: FUNCTION,
};

/**
 * The backend the Registry runs: what it returns is marked as a CallToolResult, so the model reads the
 * tool's own `isError`, text and images (tools/mcp-result.ts), not the result's JSON.
 */
function markMcp(made: unknown, invoke: Invoke | undefined, check: OutputCheck | undefined): unknown {
  if (typeof made === 'function')
    return async (args: unknown, context: unknown) =>
      new McpOutput(await (made as (a: unknown, c: unknown) => unknown)(args, context), check);
  // A non-function backend runs through the host's invoke; without one, preflight refuses it as it is.
  if (typeof invoke !== 'function' || made === undefined || made === null) return made;
  return async (args: unknown, context: unknown) => new McpOutput(await invoke(made, args, context), check);
}

/**
 * Admits the tools of an MCP `tools/list` result (`{ tools: [...] }`) in one call. MCP requires
 * `inputSchema` on every tool, so a missing one is a broken descriptor (it is not read as "any object").
 * Without `dialects`, schemas are read in MCP_DEFAULT_DIALECTS. `nextCursor` pagination is the
 * caller's: pass the concatenated pages.
 */
export async function admitMcpTools(
  listToolsResult: unknown,
  options: McpAdmissionOptions,
): Promise<Result<Bundle, BatchError>> {
  return admitMcpToolsWith(listToolsResult, options, NO_INTERNALS, true);
}

/**
 * The listing's output schemas compiled under the admission's schema options (MCP "Tools", "Output Schema":
 * clients SHOULD validate structured results), charged to the listing's compile budget and with its loader,
 * which the admission then uses for the inputSchemas; a refused one is the tool's diagnostic, judged by `mode`
 * like its inputSchema's.
 */
async function outputSchemasOf(
  slots: readonly BatchSlot[],
  admission: AdmissionOptions,
  internals: AdmissionInternals,
): Promise<{ schemas: OutputSchemas['byName']; internals: AdmissionInternals }> {
  const listed = slots.map((slot) => (slot.present ? slot.value : undefined));
  const cost = listingCost(admission.limits, listed);
  // The host's loader may answer later: it is asked in rounds (async-loader.ts), never handed to a compile.
  const { schemaLoader: _async, ...options } = pick(admission, SCHEMA_OPTION_TABLE);
  const loader = batchLoaderOf(admission);
  const compiled = await compileOutputSchemas(listed, options as SchemaOptions, undefined, cost, loader);
  const extraDiagnostics = [...internals.extraDiagnostics, ...compiled.diagnostics];
  return {
    schemas: compiled.byName,
    internals: { ...internals, extraDiagnostics, cost, ...(loader === undefined ? {} : { loader }) },
  };
}

/** The members of a listed tool preflight reads itself (its name, description, annotations, input schema). */
const PREFLIGHT_READS = new Set(['name', 'description', 'annotations', 'inputSchema', '_meta']);

/** The refusal of a listed tool's `icons` holding a source a client must not load (src/util/icon-source.ts). */
function iconRefusal(icons: unknown): GateError | undefined {
  if (icons === undefined) return undefined;
  const bad = Array.isArray(icons) ? icons.findIndex((icon) => !isIconSource(ownData(icon, 'src'))) : -1;
  if (Array.isArray(icons) && bad === -1) return undefined;
  const message = Array.isArray(icons)
    ? `icons/${bad} has a src that is not an https, http or data: URL (a client loads it)`
    : 'icons is not an array';
  return publishedRefusal('invalid tool descriptor: ', 'icons', message).error;
}

/**
 * The refusal of a listed tool's members preflight does not copy (`title`, `execution`, `_meta`, any other) nested
 * past MAX_ANNOTATIONS_DEPTH: guardClient's `listTools` passes them on, and a host's JSON.stringify of a 5,000-level
 * `execution` threw (a review's find; annotations are bounded so in preflight.ts).
 */
function depthRefusal(tool: object): GateError | undefined {
  const members: Record<string, unknown> = {};
  for (const key of Object.keys(tool))
    if (key === '_meta' || !PREFLIGHT_READS.has(key)) members[key] = ownData(tool, key);
  const copy = copyBoundedJson(members, { depth: { name: 'depth', value: MAX_ANNOTATIONS_DEPTH + 1 } });
  if (copy.ok || copy.finding.kind !== 'excess') return undefined;
  const field = String(copy.finding.excess.segments[0] ?? '');
  const message = `${field} is nested more than ${MAX_ANNOTATIONS_DEPTH} levels deep`;
  return publishedRefusal('invalid tool descriptor: ', field, message).error;
}

/**
 * A descriptor diagnostic for each listed tool whose other members (but `_meta`, the client's business) hold a
 * lone surrogate or a steering character (published-text.ts), as its description would, an icon a client must not
 * load, or nesting past the annotations' bound.
 */
function listedTextDiagnostics(slots: readonly BatchSlot[]): Diagnostic[] {
  const found: Diagnostic[] = [];
  slots.forEach((slot, index) => {
    const tool = slot.present ? slot.value : undefined;
    // A Proxy is not entered (its traps are host code, their text the host's): preflight refuses it as not JSON.
    if (tool === null || typeof tool !== 'object' || types.isProxy(tool) || isList(tool) !== false) return;
    const rest: Record<string, unknown> = {};
    for (const key of Object.keys(tool)) if (!PREFLIGHT_READS.has(key)) rest[key] = ownData(tool, key);
    const error =
      depthRefusal(tool) ??
      publishedTextRefusal('invalid tool descriptor: ', rest)?.error ??
      iconRefusal(rest['icons']);
    const name = ownData(tool, 'name');
    if (error !== undefined)
      found.push({
        name: typeof name === 'string' ? name : '',
        revision: undefined,
        index,
        stage: 'descriptor',
        error,
      });
  });
  return found;
}

/** The result check of the tool named `name`, when it declares an outputSchema that compiled. */
function outputCheck(schemas: OutputSchemas['byName'] | undefined, name: unknown): OutputCheck | undefined {
  const schema = typeof name === 'string' ? schemas?.get(name) : undefined;
  return schema === undefined ? undefined : (result) => outputRefusal(name as string, result, schema);
}

/** Array.isArray, or undefined for a revoked Proxy (on which it throws): the readers refuse that unread. */
const isList = (value: unknown): boolean | undefined => {
  try {
    return Array.isArray(value);
  } catch {
    return undefined;
  }
};

/** What the host's `backend` or `revision` threw: host code, never toolgate's own (`internal`) failure. */
class HostThrow {
  constructor(readonly thrown: unknown) {}
}

/**
 * Internal (guardClient's, the proxy's): admitMcpTools with admission settings admitBatch's callers cannot pass.
 * `outputs`: compile each listed outputSchema here and hold each result to it; the proxy and guardClient do both
 * themselves (in slices, against their own wire), so they leave it false.
 */
export async function admitMcpToolsWith(
  listToolsResult: unknown,
  options: McpAdmissionOptions,
  internals: AdmissionInternals,
  outputs = false,
): Promise<Result<Bundle, BatchError>> {
  try {
    const listed = ownData(listToolsResult, 'tools');
    if (listToolsResult === null || typeof listToolsResult !== 'object' || isList(listed) !== true) {
      return callFailure(
        fail('validation', 'admitMcpTools expects a tools/list result: an object with a "tools" array'),
      );
    }
    const needsBackend = 'admitMcpTools needs a "backend" function that makes the backend of each listed tool';
    if (options === null || typeof options !== 'object') return callFailure(fail('validation', needsBackend));
    // Options read once as own data: a getter on them must not run (caller code) or answer twice.
    const read = readTable(options, MCP_ADMISSION_TABLE);
    if (read.problems.length > 0)
      return callFailure(
        fail('validation', `invalid admitMcpTools options: ${read.problems.join('; ')}`, read.violations),
      );
    const { backend, revision } = read.values as Partial<McpAdmissionOptions>;
    const given = pick(read.values, ADMISSION_TABLE) as AdmissionOptions;
    const admission: AdmissionOptions =
      given.dialects === undefined ? { ...given, dialects: [...MCP_DEFAULT_DIALECTS] } : given;
    if (typeof backend !== 'function') return callFailure(fail('validation', needsBackend));
    // Read once, holes and the batch bound included, exactly as admitBatch reads its array.
    const entries = readBatch(listed, 'admitMcpTools');
    if (!entries.ok) return callFailure(entries);
    const checked = outputs ? await outputSchemasOf(entries.value, admission, internals) : undefined;
    // What preflight does not read of each listed tool is published as listed (a title, an outputSchema, icons).
    const listedText = listedTextDiagnostics(entries.value);
    const extra = checked?.internals ?? internals;
    const withText = { ...extra, extraDiagnostics: [...extra.extraDiagnostics, ...listedText] };
    const descriptorOf = (entry: unknown): unknown => {
      if (entry === null || typeof entry !== 'object' || isList(entry) !== false) return entry;
      const tool = entry as McpTool;
      let rev: string | undefined;
      let made: unknown;
      try {
        rev = typeof revision === 'function' ? revision(tool) : undefined;
        made = backend(tool);
      } catch (thrown) {
        throw new HostThrow(thrown);
      }
      const description = ownData(tool, 'description');
      const annotations = ownData(tool, 'annotations');
      const inputSchema = ownData(tool, 'inputSchema');
      // Left absent when absent: preflight refuses it as missing (schemaRequired), a null one as null.
      const descriptor: ToolDescriptor = {
        name: ownData(tool, 'name') as string,
        ...(inputSchema === undefined ? {} : { inputSchema }),
        backend: markMcp(made, given.invoke, outputCheck(checked?.schemas, ownData(tool, 'name'))),
        ...(description !== undefined ? { description: description as string } : {}),
        ...(annotations !== undefined ? { annotations: annotations as Record<string, unknown> } : {}),
        ...(rev !== undefined ? { revision: rev } : {}),
      };
      return descriptor;
    };
    const slots = entries.value.map(
      (slot): BatchSlot => (slot.present ? { present: true, value: descriptorOf(slot.value) } : slot),
    );
    // Tools from MCP follow MCP's name rule (a `.` is allowed; providers get the mapped name).
    return await admitSlots(slots, admission, { ...withText, mcpNames: true, schemaRequired: true });
  } catch (thrown) {
    // Its text is the host's (a path, a credential): withheld from the message, kept as the cause.
    if (thrown instanceof HostThrow)
      return callFailure(thrownFailure('admitMcpTools backend or revision', thrown.thrown));
    return callFailure(failExecution('internal', `admitMcpTools failed: ${thrownMessage(thrown)}`));
  }
}
