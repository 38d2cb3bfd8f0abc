import { fail, failExecution, ok, thrownMessage, type Result } from '../result.js';
import { compiledFromCache } from '../schema/compile.js';
import { defineTool, MCP_NAME_RULE, NAME_RULE, type ToolContext } from '../tools/tool.js';
import { Registry, registerCompiled, type RegistryOptions } from '../tools/registry.js';
import { REGISTRY_OPTIONS_TABLE } from '../tools/registry-options.js';
import { pick, readTable } from '../util/option-table.js';
import {
  ADMISSION_TABLE,
  PREFLIGHT_TABLE,
  type AdmissionOptions,
  type Invoke,
  type PreflightOptions,
} from './admission-options.js';
import { batchLoaderOf, type BatchLoader } from './async-loader.js';
import { narrowAuthority, type Authority } from './authority.js';
import { readBatch, type BatchSlot } from './batch-input.js';
import { applyProvider, preflightAll } from './batch-preflight.js';
import { makeBundle, type Bundle } from './bundle.js';
import { identify } from './descriptor.js';
import {
  batchError,
  callFailure,
  diagnosticOf,
  sortDiagnostics,
  type BatchError,
  type Diagnostic,
} from './diagnostics.js';
import { duplicateDiagnostics } from './duplicate-names.js';
import { providerSettingsOf } from './provider-policy.js';
import { providerToolsOf } from './providers.js';
import { byCodeUnits } from '../util/code-unit-order.js';
import { type SliceMeter, timeSlices } from '../util/time-slice.js';
import { batchCost, type BatchCost } from './batch-cost.js';

export type { AdmissionOptions } from './admission-options.js';

/**
 * How a batch treats a tool with a problem of its own. 'fail-batch' (admitBatch's rule): per `mode`
 * (quarantine leaves out only `unsupported_capability` schemas). 'leave-out': any problem of one tool
 * (its descriptor, its schema, a duplicate name) leaves that tool out, reported in `rejected`; problems
 * of the batch as a whole (authority) still fail it. Not an admitBatch option: guardClient's.
 */
export type BadToolPolicy = 'fail-batch' | 'leave-out';

/** Internal admission settings that admitBatch's callers cannot pass (guardClient's). */
export interface AdmissionInternals {
  readonly badTools: BadToolPolicy;
  /** Diagnostics found outside admission (an MCP tool's outputSchema), judged like the batch's own. */
  readonly extraDiagnostics: readonly Diagnostic[];
  /** True for tools from MCP: names follow MCP_TOOL_NAME_PATTERN (else TOOL_NAME_PATTERN). */
  readonly mcpNames?: boolean;
  /** True for tools from MCP: a tool without an `inputSchema` is refused as missing one (MCP requires it). */
  readonly schemaRequired?: boolean;
  /**
   * The batch's compile tally when schemas outside the batch were charged to it first (an MCP listing's output
   * schemas, mcp-output.ts); one already over fails the batch before any tool is read.
   */
  readonly cost?: BatchCost;
  /**
   * Longest the admission holds the event loop between two tools, in ms (the proxy's: other sessions are
   * served in between); undefined never yields. One tool's own work is not cut.
   */
  readonly sliceMs?: number;
  /** The meter of the work this admission is part of (a proxy's re-admission): its slices' pauses stop it. */
  readonly meter?: SliceMeter;
  /**
   * The batch's loader, when schemas outside the batch were compiled with it first (an MCP listing's output
   * schemas): each URI reaches the host's schemaLoader once per listing, and every schema sees the same answer.
   */
  readonly loader?: BatchLoader;
  /**
   * Names of listed tools withheld before admission (guardClient's lock drift): in the batch for its grants, as a
   * quarantined tool is, their grants removed; without this a grant of one failed the whole admission.
   */
  readonly withheldNames?: ReadonlySet<string>;
}

/** admitBatch's settings: its own rules for every tool. */
export const NO_INTERNALS: AdmissionInternals = { badTools: 'fail-batch', extraDiagnostics: [] };

function registryOptionsOf(
  options: AdmissionOptions,
  loader: BatchLoader | undefined,
  authority: Authority | undefined,
): RegistryOptions {
  const { schemaLoader: _async, ...rest } = pick(options, REGISTRY_OPTIONS_TABLE);
  return {
    ...rest,
    ...(loader === undefined ? {} : { schemaLoader: loader.sync }),
    ...(authority === undefined ? {} : { grants: authority.grants }),
  } as RegistryOptions;
}

/** A function backend runs as is; any other backend goes through the host's `invoke` (preflight required one). */
function executorOf(backend: unknown, invoke: Invoke | undefined): (args: unknown, context: ToolContext) => unknown {
  if (typeof backend === 'function')
    return (args, context) => (backend as (a: unknown, c: ToolContext) => unknown)(args, context);
  return (args, context) => (invoke as Invoke)(backend, args, context);
}

/**
 * Internal (not exported from the package): admitBatch over slots already read once by readBatch,
 * so admitMcpTools reports a hole in its `tools` array with the same diagnostic. May throw; callers catch.
 */
export async function admitSlots(
  slots: readonly BatchSlot[],
  options: AdmissionOptions,
  internals: AdmissionInternals = NO_INTERNALS,
): Promise<Result<Bundle, BatchError>> {
  // Everything below uses this dense copy, never the caller's array.
  const descriptors = slots.map((slot) => (slot.present ? slot.value : undefined));
  // The options were read against ADMISSION_TABLE (admission-options.ts): their types are checked there.
  const mode = options.mode === 'quarantine' ? 'quarantine' : 'strict';
  const settings = providerSettingsOf(options.provider, options.providerPolicy);
  if (!settings.ok) return callFailure(settings);
  const loader = internals.loader ?? batchLoaderOf(options);
  const { schemaLoader: _async, ...rest } = pick(options, PREFLIGHT_TABLE);
  const pre: PreflightOptions = { ...rest, ...(loader !== undefined ? { schemaLoader: loader.sync } : {}) };

  const cost = internals.cost ?? batchCost(options.limits, slots.length);
  if (cost.over !== undefined) return { ok: false, error: batchError([cost.over], mode) };
  const names = internals.mcpNames === true ? MCP_NAME_RULE : NAME_RULE;
  const slices = timeSlices(internals.sliceMs, internals.meter);
  const required = internals.schemaRequired === true;
  const outcomes = await preflightAll(slots, descriptors, pre, loader, cost, names, slices, required);
  if (cost.over !== undefined) return { ok: false, error: batchError([cost.over], mode) };
  const providerFindings = applyProvider(descriptors, outcomes, settings.value, options.limits);
  const leaveOut = internals.badTools === 'leave-out';
  const diagnostics = [
    ...outcomes.flatMap((o) => ('diagnostic' in o ? [o.diagnostic] : [])),
    ...internals.extraDiagnostics,
  ];
  const duplicates = duplicateDiagnostics(descriptors, leaveOut);
  const quarantinable = (d: Diagnostic): boolean =>
    leaveOut
      ? d.index >= 0
      : mode === 'quarantine' && d.stage === 'schema' && d.error.class === 'unsupported_capability';
  const rejected = sortDiagnostics([...diagnostics, ...(leaveOut ? duplicates : [])].filter(quarantinable));
  const leftOut = new Set(rejected.map((d) => d.index));
  const withheld = [...(internals.withheldNames ?? [])];
  const batchNames = new Set([...descriptors.map((d) => identify(d).name).filter((n) => n !== ''), ...withheld]);
  const authority = narrowAuthority(options.authority, {
    batchNames,
    rejectedNames: new Set([...rejected.map((d) => d.name), ...withheld]),
    unknownGrants: options.unknownGrants === 'keep' ? 'keep' : 'reject',
  });
  const fatal = [...diagnostics.filter((d) => !quarantinable(d)), ...(leaveOut ? [] : duplicates)];
  if (!authority.ok) fatal.push({ name: '', revision: undefined, index: -1, stage: 'batch', error: authority.error });
  if (fatal.length > 0 || !authority.ok) return { ok: false, error: batchError([...fatal, ...rejected], mode) };

  const accepted = outcomes
    .flatMap((o, i) => ('tool' in o && !leftOut.has(i) ? [o.tool] : []))
    .sort((a, b) => byCodeUnits(a.name, b.name));
  const registry = new Registry(registryOptionsOf(options, loader, authority.value));
  // Names without a dot first: a tool's own name always wins over another tool's mapped name (provider-names.ts).
  const undotted = accepted.filter((t) => !t.name.includes('.'));
  for (const t of [...undotted, ...accepted.filter((t) => t.name.includes('.'))]) {
    if (slices.due()) await slices.pause();
    // Preflight compiled the schema with the same schema options: registered as is, never compiled again.
    const registered = registerCompiled(
      registry,
      defineTool<unknown>({
        name: t.name,
        ...(t.description === undefined ? {} : { description: t.description }),
        inputSchema: t.inputSchema,
        execute: executorOf(t.backend, options.invoke),
      }),
      t.compiled,
      names,
    );
    if (!registered.ok) {
      const index = descriptors.findIndex((d) => identify(d).name === t.name);
      return {
        ok: false,
        error: batchError([diagnosticOf(descriptors[index], index, 'descriptor', registered.error)], mode),
      };
    }
  }
  // Counted per accepted tool from its own CompiledSchema: exact when admissions overlap across awaits,
  // and tools left out (quarantined, provider-rejected) are not counted.
  const reused = accepted.filter((t) => compiledFromCache(t.compiled)).length;
  const grants = authority.value === undefined ? undefined : new Set(authority.value.grants);
  const admitted = providerToolsOf(accepted);
  return ok(
    makeBundle({
      registry,
      // What reaches a model: only what the authority grants (every admitted tool without one).
      providerTools: grants === undefined ? admitted : Object.freeze(admitted.filter((t) => grants.has(t.name))),
      admittedTools: admitted,
      authority: authority.value,
      accepted: accepted.map((t) => t.name),
      rejected,
      stats: {
        tools: descriptors.length,
        compiled: accepted.length - reused,
        reused,
        loaderCalls: loader?.loads() ?? 0,
      },
      providerFindings,
      reportOptions: { limits: options.limits },
    }),
  );
}

/**
 * Admits a batch of tool descriptors into one executable bundle, deciding per tool before anything
 * is published to a model. Never throws or rejects: every failure is a Result.
 */
export async function admitBatch(
  descriptors: readonly unknown[],
  options?: AdmissionOptions,
): Promise<Result<Bundle, BatchError>> {
  try {
    const slots = readBatch(descriptors, 'admitBatch');
    if (!slots.ok) return callFailure(slots);
    // Options read once as own data: a getter on them must not run (caller code) or answer twice.
    const read = readTable(options, ADMISSION_TABLE);
    if (read.problems.length > 0)
      return callFailure(
        fail('validation', `invalid admitBatch options: ${read.problems.join('; ')}`, read.violations),
      );
    return await admitSlots(slots.value, read.values as AdmissionOptions);
  } catch (thrown) {
    return callFailure(failExecution('internal', `admitBatch failed: ${thrownMessage(thrown)}`));
  }
}
