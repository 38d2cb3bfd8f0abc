// Runs toolgate and the peer on one schema and its instances and sorts every pair: agreed,
// not compared (toolgate refused the schema or hit a limit: fail-closed answers, counted apart), or a
// finding. A finding is a verdict that differs, a toolgate execution_failure that is not a limit
// (a crash on a schema it admitted), a schema one side rejects and the other accepts, a peer that
// threw, or validate() and validateJSON() disagreeing with each other.
import { compileSchema } from '../../src/schema/compile.js';
import type { Result } from '../../src/result.js';
import { META_SCHEMAS } from './meta-schemas.js';
import { peerValidate } from './peer.js';

/** What went wrong for one pair. */
export type FindingKind = 'verdict' | 'crash' | 'schema' | 'peer-threw' | 'json-text';

/** One pair on which the two engines (or toolgate's two entry points) do not agree. */
export interface Finding {
  readonly kind: FindingKind;
  readonly schema: unknown;
  readonly instance?: unknown;
  /** "valid", "invalid", or "<class>: <message>". */
  readonly toolgate: string;
  /** "valid", "invalid", "schema error: …" or "threw: …". */
  readonly peer: string;
}

/** Counts over a run; `findings` lists every disagreement met. */
export interface Tally {
  schemas: number;
  pairs: number;
  /** Pairs both engines answered. */
  compared: number;
  agreedValid: number;
  agreedInvalid: number;
  refusedSchemas: number;
  refusedPairs: number;
  limitPairs: number;
  /** Schemas both engines reject as malformed. */
  rejectedSchemas: number;
  findings: Finding[];
}

/** A zeroed tally. */
export function newTally(): Tally {
  return {
    schemas: 0,
    pairs: 0,
    compared: 0,
    agreedValid: 0,
    agreedInvalid: 0,
    refusedSchemas: 0,
    refusedPairs: 0,
    limitPairs: 0,
    rejectedSchemas: 0,
    findings: [],
  };
}

const isLimit = (r: Result<unknown>): boolean =>
  !r.ok && r.error.class === 'execution_failure' && r.error.message.startsWith('limit ');
const verdictOf = (r: Result<unknown>): string =>
  r.ok ? 'valid' : r.error.class === 'validation' ? 'invalid' : `${r.error.class}: ${r.error.message}`;

/** Compares one schema over its instances and adds to `tally`; returns this schema's findings. */
export async function comparePairs(schema: unknown, instances: readonly unknown[], tally: Tally): Promise<Finding[]> {
  const findings: Finding[] = [];
  tally.schemas++;
  tally.pairs += instances.length;
  const custom = typeof schema === 'object' && schema !== null && '$schema' in schema;
  const compiled = compileSchema(schema, custom ? { schemaRegistry: META_SCHEMAS } : {}, { toolRoot: false });
  const peer = await peerValidate(schema, instances);
  if (!compiled.ok) {
    const refused = compiled.error.class === 'unsupported_capability' || isLimit(compiled);
    if (refused) {
      tally.refusedSchemas++;
      tally.refusedPairs += instances.length;
    } else if (peer.kind === 'verdicts' || compiled.error.class === 'execution_failure') {
      const peerSays = peer.kind === 'verdicts' ? 'accepted' : `schema error: ${peer.message}`;
      findings.push({ kind: 'schema', schema, toolgate: verdictOf(compiled), peer: peerSays });
    } else tally.rejectedSchemas++;
  } else if (peer.kind === 'schema-error') {
    findings.push({ kind: 'schema', schema, toolgate: 'accepted', peer: `schema error: ${peer.message}` });
  } else {
    instances.forEach((instance, i) => {
      const own = compiled.value.validate(instance);
      if (isLimit(own)) {
        tally.limitPairs++;
        return;
      }
      const toolgate = verdictOf(own);
      const answer = peer.verdicts[i];
      const peerSays = typeof answer === 'boolean' ? (answer ? 'valid' : 'invalid') : `threw: ${answer?.threw}`;
      const text = compiled.value.validateJSON(JSON.stringify(instance));
      const textVerdict = verdictOf(text);
      const base = { schema, instance, toolgate, peer: peerSays };
      if (toolgate !== 'valid' && toolgate !== 'invalid') findings.push({ kind: 'crash', ...base });
      else if (typeof answer !== 'boolean') findings.push({ kind: 'peer-threw', ...base });
      else if (toolgate !== peerSays) findings.push({ kind: 'verdict', ...base });
      else if (!isLimit(text) && textVerdict !== toolgate)
        findings.push({ kind: 'json-text', ...base, toolgate: `validate ${toolgate}, validateJSON ${textVerdict}` });
      else {
        tally.compared++;
        if (answer) tally.agreedValid++;
        else tally.agreedInvalid++;
      }
    });
  }
  tally.findings.push(...findings);
  return findings;
}
