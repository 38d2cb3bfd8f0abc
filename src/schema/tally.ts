import { ok, type Result } from '../result.js';
import { limitFailure, type Limits } from '../util/limits.js';
import { pointerSegments } from '../util/json-pointer.js';
import { IDENTIFYING_KEYWORDS, REFERENCE_KEYWORDS } from '../keywords/keyword-lists.js';
import { walkSchema, type WalkOptions } from './walk.js';

/** The keywords whose string value is a URI, a URI reference or an anchor: each bounded by maxSchemaUriLength. */
const URI_VALUED: readonly string[] = [...IDENTIFYING_KEYWORDS, ...REFERENCE_KEYWORDS];

/** Running totals over the documents of one validateSchema call. */
export interface SchemaTally {
  subschemas: number;
  references: number;
  documents: number;
}

/**
 * Adds one document's subschemas and references to the tally; fails as soon as a total passes its
 * limit, or a URI or anchor its maxSchemaUriLength, before the document is meta-validated, indexed or
 * compiled. `positions` are the walk's: the 2020-12 pipeline counts schema objects in 2020-12
 * positions, the older dialects' engine counts booleans too, in every dialect's positions. `label`
 * names the document in a refusal's place (default "the schema").
 */
export function tallyDocument(
  tally: SchemaTally,
  doc: unknown,
  limits: Limits,
  positions: WalkOptions = {},
  label?: string,
): Result<true> {
  let excess: Result<true> | undefined;
  walkSchema(
    doc,
    ({ node, pointer }): boolean => {
      if (excess !== undefined) return false;
      tally.subschemas++;
      if (node !== null && typeof node === 'object') {
        const n = node as Record<string, unknown>;
        if (typeof n['$ref'] === 'string') tally.references++;
        if (typeof n['$dynamicRef'] === 'string' || typeof n['$recursiveRef'] === 'string') tally.references++;
        excess = longUri(n, pointer, limits, label);
        if (excess !== undefined) return false;
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

/** The refusal for the first URI-valued keyword of `node` longer than maxSchemaUriLength, if any. */
function longUri(
  node: Record<string, unknown>,
  pointer: string,
  limits: Limits,
  label: string | undefined,
): Result<true> | undefined {
  for (const k of URI_VALUED) {
    const v = node[k];
    if (typeof v !== 'string' || v.length <= limits.maxSchemaUriLength) continue;
    const segments = [...(pointerSegments(pointer) ?? []), k];
    return limitFailure('maxSchemaUriLength', limits.maxSchemaUriLength, `${v.length} characters`, {
      segments,
      schema: true,
      ...(label === undefined ? {} : { label }),
    });
  }
  return undefined;
}
