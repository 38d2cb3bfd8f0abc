import type { Validator } from './validator.js';
import { outsideAnyValidation } from './within-steps.js';

/**
 * Runs every function of a freshly compiled validator once, on `null`, before the validator is
 * handed out. V8 compiles a function's body on its first call; for a large generated validator that
 * costs far more than a validation (a 1,000-branch `oneOf` took 0.5 s), and for one whose code nests
 * too deeply it overflows the stack on every call. Either belongs to admission: the compile cost is
 * paid there, and a RangeError thrown here makes compile.ts refuse the schema.
 */
export function warmUp(validator: Validator): void {
  outsideAnyValidation(() => warmEach(validator));
}

function warmEach(validator: Validator): void {
  const seen = new Set<unknown>();
  const pending: unknown[] = [validator];
  while (pending.length > 0) {
    const fn = pending.pop();
    if (typeof fn !== 'function' || seen.has(fn)) continue;
    seen.add(fn);
    (fn as (data: unknown) => unknown)(null);
    // Referenced validators Ajv compiled separately: SchemaEnv objects in the root's `refs`.
    const env = (fn as { schemaEnv?: { root?: { refs?: Record<string, unknown> }; refs?: Record<string, unknown> } })
      .schemaEnv;
    for (const refs of [env?.refs, env?.root?.refs])
      for (const entry of Object.values(refs ?? {}))
        if (entry !== null && typeof entry === 'object') pending.push((entry as { validate?: unknown }).validate);
  }
}
