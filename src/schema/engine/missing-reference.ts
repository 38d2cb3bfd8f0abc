import { fail, schemaViolation, thrownMessage, type Result } from '../../result.js';
import { echo } from '../../util/describe-value.js';

// What an Ajv compile that stopped at a reference it could not resolve says about it. Every front end resolves
// every reference before compiling (pipeline.ts), so this is a disagreement between toolgate's reference index
// and the engine, refused (compile-2020.ts, legacy-front-end.ts). Both read Ajv's MissingRefError here, by
// shape, not class, so that no file outside the engine knows its fields or its message.

/**
 * The document a compile found missing, when Ajv threw its MissingRefError: `uri` is the document ('' for the
 * root itself, whose missing fragment `ref` names).
 */
function missingDocument(thrown: unknown): { uri: string; ref: string | undefined } | undefined {
  const field = (name: string): string | undefined => {
    if (typeof thrown !== 'object' || thrown === null) return undefined;
    const d = Object.getOwnPropertyDescriptor(thrown, name);
    return d !== undefined && typeof d.value === 'string' ? d.value : undefined;
  };
  const uri = field('missingSchema');
  return uri === undefined ? undefined : { uri, ref: field('missingRef') };
}

/** Why a compile that ran out of stack (a RangeError) was refused. */
export const ENGINE_RECURSED = 'the engine recursed without end while compiling it';

/**
 * The refusal of a compile that threw, the same for every dialect's engine. The pipeline resolved every
 * reference before compiling, except into the documents the engine carries (`builtin`, its meta-schemas):
 * a reference the engine finds missing there is `validation` (a fragment the meta-schema lacks); anywhere
 * else the engine disagrees with toolgate's index (a root-level anchor Ajv does not file, say), which is
 * `unsupported_capability`, as is a recursion without end or anything else the engine throws; never a pass.
 * Without `builtin` (2020-12, whose linked document holds the meta-schemas it uses) every missing reference
 * is one into a meta-schema.
 */
export function compileRefusal(thrown: unknown, builtin?: ReadonlySet<string>): Result<never> {
  const missing = missingDocument(thrown);
  if (missing !== undefined && (builtin === undefined || builtin.has(missing.uri))) {
    const message = `unresolved reference ${echo(missing.ref ?? missing.uri)}`;
    return fail('validation', message, [schemaViolation('$ref', message, '', 'reference_unresolved')]);
  }
  const why =
    missing !== undefined
      ? `the engine cannot resolve the reference ${echo(missing.ref ?? missing.uri)}, which toolgate resolved`
      : thrown instanceof RangeError
        ? ENGINE_RECURSED
        : `the engine refused it: ${thrownMessage(thrown)}`;
  return fail('unsupported_capability', `schema cannot be enforced exactly: ${why}`, [
    schemaViolation('$ref', why, '', 'not_enforceable'),
  ]);
}
