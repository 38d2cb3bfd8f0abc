import type { EngineError } from '../../errors/engine-error.js';

// What the rest of toolgate sees of a compiled schema. Only the files of this folder know the engine (Ajv):
// everything above it holds a Validator and reads EngineErrors (test/structure.test.ts keeps Ajv in here).

/** A compiled schema: true when `data` is valid; after a failure `errors` says why, in the engine-neutral shape. */
export interface Validator {
  (data: unknown): boolean;
  /** Why the last call failed; `null` or absent after a pass. */
  readonly errors?: readonly EngineError[] | null;
  /** The linked schema the engine compiled: the locations the errors name are in it. */
  readonly schema: unknown;
}
