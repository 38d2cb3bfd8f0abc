import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import { META_UNIQUE_ITEMS } from './meta-unique-items.js';

// The Ajv instance the meta-schema checks run on, apart from the engines that compile tool schemas: its errors
// are about the schema itself, and it asserts no format (the meta-schemas use the format-annotation vocabulary,
// Core §8.1.2). The standard 2020-12 check does not run here but in the code Ajv generated from this same
// configuration (meta-schema.generated.ts, made by scripts/generate-meta-validator.ts), so that the first
// `validateSchema` does not compile the meta-schema; a custom meta-schema's vocabulary subset still compiles here.

/** The Ajv options of every meta-schema check, the generated one's included. */
export const META_ENGINE_OPTIONS: Readonly<Options> = {
  strict: false,
  allErrors: true,
  logger: false,
  validateFormats: false,
};

/**
 * A meta-schema engine: META_ENGINE_OPTIONS (`more` added) and a linear `uniqueItems`; the generator and the
 * test that holds it to the runtime engine make theirs here too.
 */
export function newMetaEngine(more: Readonly<Options> = {}): Ajv2020 {
  const ajv = new Ajv2020({ ...META_ENGINE_OPTIONS, ...more });
  ajv.removeKeyword('uniqueItems');
  ajv.addKeyword(META_UNIQUE_ITEMS);
  return ajv;
}

let engine: Ajv2020 | undefined;

/** The one meta-schema engine, made on first use. */
export function metaEngine(): Ajv2020 {
  engine ??= newMetaEngine();
  return engine;
}
