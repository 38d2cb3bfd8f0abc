// toolgate: named exports only. Each block belongs to one folder of src/.

// --- result (src/result.ts)
export type { ErrorClass, GateError, Result, Violation } from './result.js';

// --- schema (src/schema/)
export type { SchemaOptions } from './schema/options.js';
export type { CompiledSchema } from './schema/compile.js';
export { validateSchema, validate } from './schema/compile.js';

// --- limits (src/schema/limits.ts)

// --- errors (src/errors/)

// --- tools (src/tools/)

// --- catalog (src/catalog/)
