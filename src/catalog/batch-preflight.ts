// Each descriptor of a batch judged on its own before the batch is decided (admission.ts): preflighted, with what its
// schemas reference loaded in rounds, then held to the provider profile. What comes out is, per index, the tool or
// the diagnostic that keeps it out; admitSlots decides from these what the batch admits.
import type { ProviderFinding } from '../interop/profile.js';
import { estimatedCost } from '../schema/compile.js';
import type { AdmissionOptions, PreflightOptions } from './admission-options.js';
import { inLoaderRounds, tooManyRounds, type BatchLoader } from './async-loader.js';
import type { BatchSlot } from './batch-input.js';
import { chargeTool, type BatchCost } from './batch-cost.js';
import { diagnosticOf, type Diagnostic } from './diagnostics.js';
import { preflightStaged, type PreflightedTool } from './preflight.js';
import { providerVerdict, type ProviderSettings } from './provider-policy.js';
import type { TimeSlices } from '../util/time-slice.js';

/** One descriptor's verdict before the batch is decided: its preflighted tool, or why it is kept out. */
export type Outcome = { readonly tool: PreflightedTool } | { readonly diagnostic: Diagnostic };

/** Preflights every descriptor, loading what the schemas reference in rounds (see BatchLoader). */
export async function preflightAll(
  slots: readonly BatchSlot[],
  descriptors: readonly unknown[],
  options: PreflightOptions,
  loader: BatchLoader | undefined,
  cost: BatchCost,
  names: RegExp,
  slices: TimeSlices,
  schemaRequired: boolean,
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const pending: number[] = [];
  slots.forEach((slot, i) => {
    if (slot.present) pending.push(i);
    else {
      const error = {
        class: 'validation' as const,
        message: `invalid tool descriptor: ${slot.problem}`,
        violations: [],
      };
      outcomes[i] = { diagnostic: diagnosticOf(undefined, i, 'descriptor', error) };
    }
  });
  const stuck = await inLoaderRounds(pending, loader, async (i) => {
    if (slices.due()) await slices.pause();
    const { result, stage } = preflightStaged(descriptors[i], options, names, schemaRequired);
    if (!result.ok) {
      outcomes[i] = { diagnostic: diagnosticOf(descriptors[i], i, stage, result.error) };
      return 'failed';
    }
    outcomes[i] = { tool: result.value };
    // Past the batch's bound nothing more is compiled: the batch fails (admitSlots).
    return chargeTool(cost, result.value.inputSchema, estimatedCost(result.value.compiled)) ? 'settled' : 'stop';
  });
  for (const i of stuck) outcomes[i] = { diagnostic: diagnosticOf(descriptors[i], i, 'schema', tooManyRounds()) };
  return outcomes;
}

/**
 * Runs the provider profile over every schema that passed preflight. Under 'quarantine' a tool the
 * provider rejects becomes a schema diagnostic in place (so strict fails the batch and quarantine
 * leaves it out, exactly as for toolgate's own refusals); the findings of the others are returned by name.
 */
export function applyProvider(
  descriptors: readonly unknown[],
  outcomes: Outcome[],
  settings: ProviderSettings,
  limits: AdmissionOptions['limits'],
): Map<string, readonly ProviderFinding[]> {
  const findings = new Map<string, readonly ProviderFinding[]>();
  const provider = settings.provider;
  if (provider === undefined) return findings;
  outcomes.forEach((o, i) => {
    if (!('tool' in o)) return;
    const verdict = providerVerdict(o.tool.inputSchema, { provider, policy: settings.policy }, { limits });
    if (verdict.error !== undefined)
      outcomes[i] = { diagnostic: diagnosticOf(descriptors[i], i, 'schema', verdict.error) };
    else findings.set(o.tool.name, verdict.findings);
  });
  return findings;
}
