import type { Ajv, AnySchemaObject, ValidateFunction } from 'ajv';
import { compileSchema, SchemaEnv } from 'ajv/dist/compile/index.js';
import { inlineRef, resolveUrl } from 'ajv/dist/compile/resolve.js';
import { followPointer, splitFragment } from '../references.js';
import { isObject } from '../../util/plain-json.js';
import { walkSchema } from '../walk.js';

/**
 * Ajv inlines a `$ref` target that holds no reference of its own and compiles any other (a
 * recursive definition, say) into a function of its own, whose errors then carry schema paths
 * relative to that target: `#/anyOf/0/required` where the document has `#/$defs/N/anyOf/0/required`.
 * Violations would name the wrong place, and branch selection (errors/branches.ts), which looks the
 * `anyOf` up in the document, would find none and report every branch. So before the document is
 * compiled, each local target Ajv would compile on its own is entered in the root's reference table
 * as an environment that carries its location, written as the reference writes it (what Ajv uses
 * for an inlined target), compiled when Ajv first reaches it; Ajv then finds it instead of resolving
 * the reference itself. The verdicts are Ajv's own either way.
 */

/** The part of every Ajv engine this needs (2020-12, 2019-09 and draft-07 alike). */
type Engine = Pick<Ajv, 'compile' | 'opts' | '_addSchema'>;

/**
 * The local references of a document that Ajv resolves against the root's base URI: `#/…` pointers
 * outside any embedded `$id` (a document with one keeps Ajv's own resolution), each target once.
 */
function localTargets(root: unknown): Map<string, { ref: string; target: AnySchemaObject }> | undefined {
  const found = new Map<string, { ref: string; target: AnySchemaObject }>();
  let embedded = false;
  walkSchema(
    root,
    ({ node, pointer }) => {
      if (pointer !== '' && typeof node['$id'] === 'string') embedded = true;
      const ref = node['$ref'];
      if (embedded || typeof ref !== 'string' || !ref.startsWith('#/') || found.has(ref)) return !embedded;
      const target = followPointer(root, splitFragment(ref).fragment);
      if (isObject(target) && target !== root) found.set(ref, { ref, target });
      return true;
    },
    { positions: 'every-dialect' },
  );
  return embedded ? undefined : found;
}

/**
 * Compiles `schema` on `ajv` (as `ajv.compile` does) with the schema paths of separately compiled
 * targets right; `more` compiles further validators on the same root (annotation-run.ts) meanwhile.
 * `base` is the root's base URI when it has no `$id` of its own (Ajv's `_addSchema` takes it).
 */
export function compileWithRefPaths(
  ajv: Engine,
  schema: AnySchemaObject,
  more?: () => void,
  base?: string,
): ValidateFunction {
  const root = ajv._addSchema(schema, undefined, base);
  if (root.validate !== undefined) return root.validate as ValidateFunction;
  const entered = new Map<string, { env: SchemaEnv; read: boolean }>();
  for (const { ref, target } of localTargets(schema)?.values() ?? []) {
    if (inlineRef(target, ajv.opts.inlineRefs)) continue;
    const key = resolveUrl(ajv.opts.uriResolver, root.baseId, ref);
    if (root.refs[key] !== undefined || entered.has(key)) continue;
    const env = new SchemaEnv({
      schema: target,
      schemaId: ajv.opts.schemaId,
      root,
      baseId: root.baseId,
      schemaPath: ref,
    });
    const entry = { env, read: false };
    entered.set(key, entry);
    // Compiled when Ajv first resolves the reference, as it would have: a definition nobody reaches
    // is never compiled (nor run by warm-up). When the same target is compiling now under another
    // environment (reached first through an anchor, say), Ajv's recursion guard (compileSchema's
    // `_compilations`) answers with that one, and it is the one returned: this one would never get a
    // validate function, and the call through it would throw at validation time.
    Object.defineProperty(root.refs, key, {
      configurable: true,
      enumerable: true,
      get: () => {
        entry.read = true;
        if (env.validate !== undefined) return env;
        return compileSchema.call(ajv as never, env);
      },
    });
  }
  try {
    const validate = ajv.compile(schema);
    more?.();
    return validate;
  } finally {
    // Plain entries again: what Ajv reached stays (warm-up reads it), the rest goes.
    for (const [key, { env, read }] of entered) {
      delete root.refs[key];
      if (read && env.validate !== undefined) root.refs[key] = env;
    }
  }
}
