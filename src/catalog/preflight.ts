import { fail, guarded, ok, schemaViolation, type Result } from '../result.js';
import { validateSchema, type CompiledSchema } from '../schema/compile.js';
import { copyJson, deepFreeze, problemPointer } from '../arguments/json-value.js';
import type { SchemaOptions } from '../schema/options.js';
import { readDescriptor } from './descriptor.js';

/** Runs a backend that is not a function: the host's own dispatch (an RPC stub, a queue, an MCP client). */
export type Invoke = (backend: unknown, args: unknown, context: unknown) => unknown;

/** Options of preflight: the schema options of validateSchema plus the metadata rules. */
export type PreflightOptions = SchemaOptions & {
  /** Executes non-function backends; without it such a backend fails preflight. */
  readonly invoke?: Invoke;
};

/** A tool that passed preflight: metadata checked, schema compiled, original schema kept. */
export interface PreflightedTool {
  readonly name: string;
  readonly description: string | undefined;
  readonly revision: string | undefined;
  readonly annotations: Readonly<Record<string, unknown>> | undefined;
  readonly backend: unknown;
  /**
   * A deep-frozen private copy of the descriptor's schema with its key order kept, so providers see
   * byte-for-byte what the descriptor said. Not `compiled.schema`: compiled schemas are shared by
   * canonical content, so that copy may come from another tool with another key order.
   */
  readonly inputSchema: unknown;
  /** Whether the descriptor carried a schema (an absent one admits any object). */
  readonly declaredSchema: boolean;
  readonly compiled: CompiledSchema;
}

/** What an absent `inputSchema` means: arguments are still a JSON object (rule 5), nothing more. */
const OPEN_OBJECT_SCHEMA = Object.freeze({ type: 'object' });

/** Splits preflight options into the schema part (for validateSchema) and the metadata part. */
export function schemaOptionsOf(options: PreflightOptions | undefined): SchemaOptions {
  if (options === null || typeof options !== 'object') return {};
  const { invoke: _i, ...schema } = options;
  return schema;
}

/** A preflight result and the stage that decided it, for batch diagnostics. */
export interface StagedPreflight {
  readonly result: Result<PreflightedTool>;
  readonly stage: 'descriptor' | 'schema';
}

function preflightBody(descriptor: unknown, options: PreflightOptions | undefined, staged: { stage: 'descriptor' | 'schema' }): Result<PreflightedTool> {
  const o: PreflightOptions = options !== null && typeof options === 'object' ? options : {};
  const fields = readDescriptor(descriptor, { hasInvoke: typeof o.invoke === 'function' });
  if (!fields.ok) return fields;
  const f = fields.value;
  let annotations: Readonly<Record<string, unknown>> | undefined;
  if (f.annotations !== undefined) {
    // Copied like the schema: the bundle must not change when the host edits its descriptor later.
    const a = copyJson(f.annotations);
    if (!a.ok) {
      const message = `annotations are not JSON at ${problemPointer(a.problem) || 'the root'}: ${a.problem.reason}`;
      return fail('validation', `invalid tool descriptor: ${message}`, [{ path: '$', pointer: '', keyword: 'annotations', message, schemaPath: '/annotations' }]);
    }
    annotations = deepFreeze(a.value as Record<string, unknown>);
  }
  staged.stage = 'schema';
  const schema = f.hasSchema ? f.inputSchema : OPEN_OBJECT_SCHEMA;
  const compiled = validateSchema(schema, schemaOptionsOf(o));
  if (!compiled.ok) return compiled;
  const copy = copyJson(schema);
  if (!copy.ok) {
    // validateSchema already proved it JSON; kept so a schema changed under us still fails closed.
    const message = `schema is not JSON at ${problemPointer(copy.problem) || 'the root'}: ${copy.problem.reason}`;
    return fail('validation', message, [schemaViolation('json', message, problemPointer(copy.problem))]);
  }
  return ok(Object.freeze({
    name: f.name,
    description: f.description,
    revision: f.revision,
    annotations,
    backend: f.backend,
    inputSchema: deepFreeze(copy.value),
    declaredSchema: f.hasSchema,
    compiled: compiled.value,
  }));
}

/**
 * Checks one descriptor before it is published: metadata (name pattern, description and revision
 * strings, a backend that can run) and the schema through validateSchema with the same options.
 * Synchronous; admitBatch adds asynchronous schema loaders. Never throws.
 */
export function preflight(descriptor: unknown, options?: PreflightOptions): Result<PreflightedTool> {
  return preflightStaged(descriptor, options).result;
}

/** preflight, also telling whether the descriptor or the schema decided the outcome. */
export function preflightStaged(descriptor: unknown, options: PreflightOptions | undefined): StagedPreflight {
  const staged: { stage: 'descriptor' | 'schema' } = { stage: 'descriptor' };
  const result = guarded('preflight', () => preflightBody(descriptor, options, staged));
  return { result, stage: staged.stage };
}
