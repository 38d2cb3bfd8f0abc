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

/**
 * The refusal of a compile that threw, the same for every dialect's engine: a reference the engine could not
 * resolve (the pipeline resolved every one, so this is a target only the engine reads, such as a fragment
 * of a meta-schema it carries) is `validation`; a recursion without end or anything else the engine throws
 * is `unsupported_capability`, never a pass.
 */
export function compileRefusal(thrown: unknown): Result<never> {
  const missing = missingDocument(thrown);
  if (missing !== undefined) {
    const message = `unresolved reference ${echo(missing.ref ?? missing.uri)}`;
    return fail('validation', message, [schemaViolation('$ref', message, '', 'reference_unresolved')]);
  }
  const why =
    thrown instanceof RangeError
      ? 'the engine recursed without end while compiling it'
      : `the engine refused it: ${thrownMessage(thrown)}`;
  return fail('unsupported_capability', `schema cannot be enforced exactly: ${why}`, [
    schemaViolation('$ref', why, '', 'not_enforceable'),
  ]);
}
