// Turns one admission Result into a verdict per tool (accepted, quarantined, rejected, or passed-unadmitted for a
// tool with no diagnostic of its own in a batch that was not admitted) in catalog order.
import type { Bundle } from '../catalog/bundle.js';
import { identify } from '../catalog/descriptor.js';
import type { BatchError, Diagnostic } from '../catalog/diagnostics.js';
import type { GateError, Result } from '../result.js';

/** What `check` says about one tool. */
export interface ToolVerdict {
  readonly index: number;
  readonly name: string;
  /**
   * `passed-unadmitted`: the tool passed every check of its own, but its batch was not admitted, so it is not
   * published either; calling it "accepted" would say otherwise. `withheld`: admitted, but `toolgate proxy` never
   * publishes it (`reason`: the proxy's words; check-withheld.ts).
   */
  readonly verdict: 'accepted' | 'quarantined' | 'rejected' | 'passed-unadmitted' | 'withheld';
  /** Why the proxy withholds a `withheld` tool, in the proxy's words. */
  readonly reason?: string;
  /** Where a diagnostic came from: the descriptor's fields or its schema. */
  readonly stage?: 'descriptor' | 'schema';
  /** For a `schema` stage, an MCP tool's outputSchema rather than its inputSchema (Diagnostic.member). */
  readonly member?: 'outputSchema';
  readonly error?: GateError;
  /** The tool's refusal of its other schema (an MCP tool's outputSchema beside its inputSchema), when both failed. */
  readonly also?: readonly AlsoRefused[];
}

/** A tool's further refusal: of which member, and why. */
export interface AlsoRefused {
  readonly stage: 'descriptor' | 'schema';
  readonly member?: 'outputSchema';
  readonly error: GateError;
}

/** What `check` says about one catalog. */
export interface CatalogVerdict {
  readonly source: string;
  readonly admitted: boolean;
  readonly tools: readonly ToolVerdict[];
  /** Problems of the batch as a whole (duplicates are per tool; this is authority, loader rounds, internal failure). */
  readonly batchErrors: readonly GateError[];
}

/** Merges the admission result with the catalog's entries. */
export function verdictsOf(
  source: string,
  entries: readonly unknown[],
  result: Result<Bundle, BatchError>,
  mode: 'strict' | 'quarantine',
): CatalogVerdict {
  const byIndex = new Map<number, { verdict: ToolVerdict['verdict']; diagnostic: Diagnostic; also: AlsoRefused[] }>();
  const batchErrors: GateError[] = [];
  if (result.ok) {
    for (const d of result.value.rejected) {
      const first = byIndex.get(d.index);
      if (first === undefined) byIndex.set(d.index, { verdict: 'quarantined', diagnostic: d, also: [] });
      else if (d.member !== first.diagnostic.member)
        first.also.push({ stage: 'schema', ...(d.member === undefined ? {} : { member: d.member }), error: d.error });
    }
  } else {
    // No diagnostics: the call failed as a whole (its options or input), before any tool was judged.
    if (result.error.diagnostics.length === 0) batchErrors.push(result.error);
    for (const d of result.error.diagnostics) {
      if (d.index < 0) {
        batchErrors.push(d.error);
        continue;
      }
      // A quarantinable diagnostic in a failed quarantine batch is still only quarantined; another tool failed it.
      const quarantinable = mode === 'quarantine' && d.stage === 'schema' && d.error.class === 'unsupported_capability';
      // Duplicate names give a second diagnostic for the same index only when the tool also failed; keep the first.
      // A tool whose inputSchema and outputSchema both failed has one of each: the other is shown beside it.
      const first = byIndex.get(d.index);
      if (first === undefined)
        byIndex.set(d.index, { verdict: quarantinable ? 'quarantined' : 'rejected', diagnostic: d, also: [] });
      else if (d.stage === 'schema' && first.diagnostic.stage === 'schema' && d.member !== first.diagnostic.member)
        first.also.push({ stage: 'schema', ...(d.member === undefined ? {} : { member: d.member }), error: d.error });
    }
  }
  const tools = entries.map((entry, index): ToolVerdict => {
    const found = byIndex.get(index);
    const name = identify(entry).name || `#${index}`;
    if (found === undefined) return { index, name, verdict: result.ok ? 'accepted' : 'passed-unadmitted' };
    const { member, error } = found.diagnostic;
    const stage = found.diagnostic.stage === 'batch' ? 'descriptor' : found.diagnostic.stage;
    const also = found.also.length === 0 ? {} : { also: found.also };
    return { index, name, verdict: found.verdict, stage, ...(member === undefined ? {} : { member }), error, ...also };
  });
  return { source, admitted: result.ok, tools, batchErrors };
}

/** Counts per verdict over every catalog. */
export function countVerdicts(catalogs: readonly CatalogVerdict[]): Record<ToolVerdict['verdict'], number> {
  const counts = { accepted: 0, quarantined: 0, rejected: 0, 'passed-unadmitted': 0, withheld: 0 };
  for (const c of catalogs) for (const t of c.tools) counts[t.verdict]++;
  return counts;
}
