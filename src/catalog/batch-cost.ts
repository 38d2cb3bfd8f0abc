import { estimateCompileCost } from '../schema/compile-cost.js';
import { limitFailure, resolveLimits } from '../util/limits.js';
import type { Diagnostic } from './diagnostics.js';

/**
 * The compile work of one batch as a whole: each tool's estimate (schema/compile-cost.ts, the
 * one maxCompileCost bounds per tool) summed over the batch and bounded by maxBatchCompileCost.
 * Every admitted schema is charged its estimate, whether or not its validator came from the
 * compile cache, so a batch's verdict does not depend on what the process compiled before.
 */
export interface BatchCost {
  readonly max: number;
  spent: number;
  /** Schemas charged so far (an MCP listing's output schemas count apart from its input schemas). */
  tools: number;
  /** The batch-level diagnostic once the sum passed the limit. */
  over: Diagnostic | undefined;
}

/**
 * A fresh tally for a batch of `tools` admitted under `limits` (the admission's own option, unchecked
 * here). When even `tools` schemas at maxCompileCost each stay within maxBatchCompileCost, no batch
 * of that size can pass it and nothing is charged: the verdict is the same, the estimates are saved.
 */
export function batchCost(limits: unknown, tools: number): BatchCost {
  const resolved = resolveLimits(limits);
  // Broken limits fail every tool's preflight, so the batch fails with that error instead.
  const bounded = resolved.ok && tools * resolved.value.maxCompileCost > resolved.value.maxBatchCompileCost;
  const max = bounded ? resolved.value.maxBatchCompileCost : Infinity;
  return { max, spent: 0, tools: 0, over: undefined };
}

/**
 * Charges one admitted tool's schema (`known`: validateSchema's estimate, of the schema with every document the
 * registry or loader gave it, cached or not; the schema alone is estimated without it); false
 * (and `over` set) once the batch passes its limit.
 */
export function chargeTool(cost: BatchCost, schema: unknown, known?: number): boolean {
  if (cost.max === Infinity) return true;
  cost.spent += known ?? estimateCompileCost(schema).total;
  cost.tools++;
  if (cost.spent <= cost.max) return true;
  const failed = limitFailure(
    'maxBatchCompileCost',
    cost.max,
    `an estimated ${cost.spent} over the first ${cost.tools} schemas compiled; the rest were not compiled`,
  );
  if (!failed.ok) cost.over = { name: '', revision: undefined, index: -1, stage: 'batch', error: failed.error };
  return false;
}
