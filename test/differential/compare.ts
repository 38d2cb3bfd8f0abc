// Runs toolgate and the peer on one schema and its instances and sorts every pair: agreed,
// not compared (toolgate refused the schema or hit a limit: fail-closed answers, counted apart), or a
// finding. A finding is a verdict that differs, a toolgate execution_failure that is not a limit
// (a crash on a schema it admitted), a schema one side rejects and the other accepts, a peer that
// threw, validate() and validateJSON() disagreeing with each other, or a verdict that changes with
// earlier calls: every instance is checked again on the same validator after all the others (in
// reverse order), and on a fresh one (cache cleared, schema compiled again), also in reverse order.
import { clearCache } from '../../src/schema/compile-cache.js';
import { compileSchema, type CompiledSchema } from '../../src/schema/compile.js';
import type { SchemaOptions } from '../../src/schema/options.js';
import { guarded, type Result } from '../../src/result.js';
import { ENABLED_DIALECTS } from './dialect.js';
import { META_SCHEMAS } from './meta-schemas.js';
import { peerValidate } from './peer.js';

/** What went wrong for one pair. */
export type FindingKind = 'verdict' | 'crash' | 'schema' | 'peer-threw' | 'json-text' | 'unstable';

/** One pair on which the two engines (or toolgate's two entry points) do not agree. */
export interface Finding {
  readonly kind: FindingKind;
  readonly schema: unknown;
  /** The instance; for "unstable", every instance of the run in order (the earlier calls matter). */
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
  /** Refused schemas by the keyword the refusal names (a refusal is fail-closed, not a disagreement). */
  refusedBy: Record<string, number>;
  limitPairs: number;
  /** Schemas both engines reject as malformed. */
  rejectedSchemas: number;
  /** Compared pairs whose instance is not an object (any root type). */
  nonObjectRoots: number;
  /** Verdicts checked again on the same validator and on a fresh one. */
  rechecked: number;
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
    refusedBy: {},
    limitPairs: 0,
    rejectedSchemas: 0,
    nonObjectRoots: 0,
    rechecked: 0,
    findings: [],
  };
}

const isLimit = (r: Result<unknown>): boolean =>
  !r.ok && r.error.class === 'execution_failure' && r.error.message.startsWith('limit ');
const verdictOf = (r: Result<unknown>): string =>
  r.ok ? 'valid' : r.error.class === 'validation' ? 'invalid' : `${r.error.class}: ${r.error.message}`;

/** How a schema is compiled; the harness's own test passes a stand-in (differential.test.ts). */
export type Compiler = (schema: unknown, options: SchemaOptions) => Result<CompiledSchema>;
const toolgate: Compiler = (schema, options) => compileSchema(schema, options, { toolRoot: false });

/** Compares one schema over its instances and adds to `tally`; returns this schema's findings. */
export async function comparePairs(
  schema: unknown,
  instances: readonly unknown[],
  tally: Tally,
  compiler: Compiler = toolgate,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  tally.schemas++;
  tally.pairs += instances.length;
  const declared = typeof schema === 'object' && schema !== null ? (schema as { $schema?: unknown }).$schema : '';
  const custom = typeof declared === 'string' && Object.hasOwn(META_SCHEMAS, declared);
  const options = { ...ENABLED_DIALECTS, formatAssertion: true, ...(custom ? { schemaRegistry: META_SCHEMAS } : {}) };
  // guarded: a throw is reported as a crash finding, as the public validateSchema would answer it.
  const compile = () => guarded('compileSchema', () => compiler(schema, options));
  const compiled = compile();
  const peer = await peerValidate(schema, instances);
  if (!compiled.ok) {
    const refused = compiled.error.class === 'unsupported_capability' || isLimit(compiled);
    if (refused) {
      const why = compiled.error.violations[0]?.keyword ?? compiled.error.message.slice(0, 40);
      tally.refusedBy[why] = (tally.refusedBy[why] ?? 0) + 1;
      tally.refusedSchemas++;
      tally.refusedPairs += instances.length;
    } else if (peer.kind === 'verdicts' || compiled.error.class === 'execution_failure') {
      const peerSays = peer.kind === 'verdicts' ? 'accepted' : `schema error: ${peer.message}`;
      findings.push({ kind: 'schema', schema, toolgate: verdictOf(compiled), peer: peerSays });
    } else tally.rejectedSchemas++;
  } else if (peer.kind === 'schema-error') {
    findings.push({ kind: 'schema', schema, toolgate: 'accepted', peer: `schema error: ${peer.message}` });
  } else {
    const first = instances.map((instance) => {
      const own = compiled.value.validate(instance);
      return { own, text: compiled.value.validateJSON(JSON.stringify(instance)) };
    });
    const again = recheck(() => compiled, instances);
    clearCache();
    const fresh = recheck(compile, instances);
    let unstable = false;
    instances.forEach((instance, i) => {
      const { own, text } = first[i] as (typeof first)[0];
      if (isLimit(own)) {
        tally.limitPairs++;
        return;
      }
      const toolgate = verdictOf(own);
      const answer = peer.verdicts[i];
      const peerSays = typeof answer === 'boolean' ? (answer ? 'valid' : 'invalid') : `threw: ${answer?.threw}`;
      const textVerdict = verdictOf(text);
      const later = [again[i], fresh[i]].filter((v): v is string => v !== undefined);
      const base = { schema, instance, toolgate, peer: peerSays };
      if (toolgate !== 'valid' && toolgate !== 'invalid') findings.push({ kind: 'crash', ...base });
      else if (typeof answer !== 'boolean') findings.push({ kind: 'peer-threw', ...base });
      else if (later.some((v) => v !== toolgate)) {
        // One finding per schema: the earlier calls, not this instance alone, are the cause.
        if (!unstable) {
          const says = `first ${toolgate}, again ${again[i] ?? 'limit'}, fresh ${fresh[i] ?? 'limit'}`;
          findings.push({ kind: 'unstable', ...base, instance: instances, toolgate: says });
        }
        unstable = true;
      } else if (toolgate !== peerSays) findings.push({ kind: 'verdict', ...base });
      else if (!isLimit(text) && textVerdict !== toolgate)
        findings.push({ kind: 'json-text', ...base, toolgate: `validate ${toolgate}, validateJSON ${textVerdict}` });
      else {
        tally.compared++;
        if (later.length === 2) tally.rechecked++;
        if (typeof instance !== 'object' || instance === null || Array.isArray(instance)) tally.nonObjectRoots++;
        if (answer) tally.agreedValid++;
        else tally.agreedInvalid++;
      }
    });
  }
  tally.findings.push(...findings);
  return findings;
}

/**
 * Verdicts of a validator (compiled by `get`) after other calls: all instances in reverse order, so each
 * one is answered after the calls that came after it in the first pass. Undefined where a limit was hit.
 */
function recheck(get: () => Result<CompiledSchema>, instances: readonly unknown[]): (string | undefined)[] {
  const compiled = get();
  const out: (string | undefined)[] = new Array(instances.length).fill(undefined);
  if (!compiled.ok) return out.fill(`${compiled.error.class} on recompile`);
  for (let i = instances.length - 1; i >= 0; i--) {
    const r = compiled.value.validate(instances[i]);
    out[i] = isLimit(r) ? undefined : verdictOf(r);
  }
  return out;
}
