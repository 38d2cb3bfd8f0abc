import type { Validator } from './validator.js';

// The seam between the front ends (schema/front-ends.ts) and the engines: what a front end has admitted and
// resolved goes in, a Validator comes out, and Ajv stays behind it. Every dialect's engine is one of these
// (ajv-2020.ts, legacy-engine.ts); a compile that fails throws, and compileRefusal (missing-reference.ts)
// turns what it threw into the refusal.

/** What a front end hands its engine: the root document and the documents it references, each by URI. */
export interface EngineInput {
  readonly schema: unknown;
  /** The root's retrieval URI, its base when it has no `$id` (Core §8.2.1); absent for a linked document. */
  readonly base?: string;
  readonly extra: readonly { uri: string; schema: unknown }[];
  /**
   * The document uses `unevaluated*`: it stays registered on a private engine with toolgate's
   * annotation keywords (annotation-run.ts), which find their subschemas in it by pointer.
   */
  readonly keep: boolean;
}

/** A dialect's engine: compiles what its front end admitted, with the dialect's own semantics. */
export interface Engine {
  /** Compiles the input into a Validator; throws what the engine throws. */
  compile(input: EngineInput): Validator;
}
