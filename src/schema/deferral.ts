import { DEFAULT_LIMITS, type Limits } from '../util/limits.js';

// Which schemas may have their engine compile wait for their first call (`compile: 'lazy'`). Everything that
// decides a verdict runs at admission whatever the mode: the copy and its limits, the dialect and vocabulary
// gates, the meta-schema, patterns, references, the engine rewrites, the in-place check and both cost estimates.
// What is left is the engine's own compile and its warm-up, which can still refuse a schema in three ways: a
// reference the engine resolves otherwise than toolgate's index, a recursion without end, a generated function
// that overflows the stack. Each needs what a deferred schema has none of: references or identifiers (so a second
// document, linking, a private engine), or nesting deeper than the default limits allow. Anything else is
// compiled at admission as before, as is a schema whose compile would take a good part of a call's 50 ms.

/**
 * Most estimated compile cost (compile-cost.ts: about a µs of admission CPU a unit) of a deferred schema: its
 * first call then compiles in about 20 ms at most, within the 50 ms rule with the call itself. The corpus's
 * largest tool is estimated at 34,766, its median about 3,100 (at most 80 `false`, 200 `true` in `oneOf`, 70 lists
 * of names).
 */
export const DEFERRABLE_COST = 20_000;

/** What deferrable reads of one schema's admission. */
export interface DeferralFacts {
  /** Documents admitted (the root, and any the registry or loader gave). */
  readonly documents: number;
  /** `$ref`s and `$dynamicRef`s in them. */
  readonly references: number;
  /** Whether the engine needs linking, a private engine (`$id`, anchors) or the `unevaluated*` annotations. */
  readonly identifiers: boolean;
  /** The compile cost estimate of what the engine will run. */
  readonly cost: number;
  readonly limits: Limits;
}

/** Whether the engine compile of a schema may wait for its first call: see the comment at the top. */
export function deferrable(f: DeferralFacts): boolean {
  return (
    f.documents === 1 &&
    f.references === 0 &&
    !f.identifiers &&
    f.cost <= DEFERRABLE_COST &&
    f.limits.maxSchemaDepth <= DEFAULT_LIMITS.maxSchemaDepth
  );
}
