import { ok, type Result } from '../result.js';
import { limitFailure, type Limits } from '../util/limits.js';
import { walkSchema, type WalkOptions } from './walk.js';

/** Running totals over the documents of one validateSchema call. */
export interface SchemaTally {
  subschemas: number;
  references: number;
  documents: number;
}

/**
 * Adds one document's subschemas and references to the tally; fails as soon as a total passes its
 * limit, before the document is meta-validated, indexed or compiled. `positions` are the walk's:
 * the 2020-12 pipeline counts schema objects in 2020-12 positions, the older dialects' engine
 * counts booleans too, in every dialect's positions.
 */
export function tallyDocument(
  tally: SchemaTally,
  doc: unknown,
  limits: Limits,
  positions: WalkOptions = {},
): Result<true> {
  let excess: Result<true> | undefined;
  walkSchema(
    doc,
    ({ node }): boolean => {
      if (excess !== undefined) return false;
      tally.subschemas++;
      if (node !== null && typeof node === 'object') {
        const n = node as Record<string, unknown>;
        if (typeof n['$ref'] === 'string') tally.references++;
        if (typeof n['$dynamicRef'] === 'string' || typeof n['$recursiveRef'] === 'string') tally.references++;
      }
      if (tally.subschemas > limits.maxSubschemas)
        excess = limitFailure('maxSubschemas', limits.maxSubschemas, `at least ${tally.subschemas}`);
      else if (tally.references > limits.maxReferences)
        excess = limitFailure('maxReferences', limits.maxReferences, `at least ${tally.references}`);
      return excess === undefined;
    },
    positions,
  );
  return excess ?? ok(true);
}

/** Counts one more document pulled from the registry or loader. */
export function tallyPulledDocument(tally: SchemaTally, limits: Limits): Result<true> {
  tally.documents++;
  if (tally.documents > limits.maxDocuments)
    return limitFailure(
      'maxDocuments',
      limits.maxDocuments,
      `${tally.documents} documents from schemaRegistry/schemaLoader`,
    );
  return ok(true);
}
