import { fail, guarded, ok, schemaViolation, type Result } from '../result.js';
import { validateSchema, type CompiledSchema } from '../schema/compile.js';
import { copyBoundedJson, deepFreeze } from '../util/plain-json.js';
import { problemPointer } from '../util/json-bounds.js';
import { shownPlace } from '../util/describe-value.js';
import { pointerOf } from '../util/json-pointer.js';
import { publishedTextRefusal } from '../tools/published-text.js';
import { MAX_MCP_RESULT_DEPTH } from '../tools/mcp-result.js';
import { SCHEMA_OPTION_TABLE, type SchemaOptions } from '../schema/options.js';
import { pick, readTable } from '../util/option-table.js';
import { PREFLIGHT_TABLE, type PreflightOptions } from './admission-options.js';
import { readDescriptor } from './descriptor.js';

export type { Invoke, PreflightOptions } from './admission-options.js';

/** The violation of annotations that are not JSON or nest too deep, but for its message. */
const ANNOTATIONS = {
  path: '$',
  pointer: '',
  keyword: 'annotations',
  schemaPath: '/annotations',
  code: 'descriptor_invalid',
  params: { field: 'annotations' },
} as const;

/**
 * Deepest nesting of a tool's annotations, the annotations object itself being level 1: a tool result's bound
 * (MAX_MCP_RESULT_DEPTH), for the same reason. A host writes the published tools (toolsFor, the bundle) with
 * JSON.stringify, which throws past about 4,100 levels: annotations 5,000 levels deep were admitted and then
 * threw a RangeError from JSON.stringify(bundle).
 */
export const MAX_ANNOTATIONS_DEPTH = MAX_MCP_RESULT_DEPTH;

/** A tool that passed preflight: metadata checked, schema compiled, original schema kept. */
export interface PreflightedTool {
  readonly name: string;
  readonly description: string | undefined;
  readonly revision: string | undefined;
  readonly annotations: Readonly<Record<string, unknown>> | undefined;
  readonly backend: unknown;
  /**
   * The deep-frozen private copy validateSchema compiled (`compiled.schema`), with the descriptor's key
   * order kept, so providers see byte-for-byte what is enforced. Only validators are shared by content
   * across tools; each compile keeps its own copy of the schema as given.
   */
  readonly inputSchema: unknown;
  /** Whether the descriptor carried a schema (an absent one admits any object). */
  readonly declaredSchema: boolean;
  readonly compiled: CompiledSchema;
}

/** What an absent `inputSchema` means: arguments are still a JSON object (rule 5), nothing more. */
const OPEN_OBJECT_SCHEMA = Object.freeze({ type: 'object' });

/**
 * The refusal of a tool from MCP without an `inputSchema` (MCP "Tools", Tool: `inputSchema` is required), shaped as a
 * null one's is (tool-root.ts) but saying it is missing: a listing without the member was told "got null".
 */
const MISSING_SCHEMA = 'inputSchema is missing: MCP requires it of every tool (a JSON object schema)';

/** Splits preflight options into the schema part (for validateSchema) and the metadata part. */
export function schemaOptionsOf(options: PreflightOptions): SchemaOptions {
  return pick(options, SCHEMA_OPTION_TABLE) as SchemaOptions;
}

/** A preflight result and the stage that decided it, for batch diagnostics. */
export interface StagedPreflight {
  readonly result: Result<PreflightedTool>;
  readonly stage: 'descriptor' | 'schema';
}

function preflightBody(
  descriptor: unknown,
  options: PreflightOptions | undefined,
  staged: { stage: 'descriptor' | 'schema' },
  names: RegExp | undefined,
  schemaRequired: boolean,
): Result<PreflightedTool> {
  // Options read once as own data: a getter on them must not run (caller code) or answer twice.
  const read = readTable(options, PREFLIGHT_TABLE);
  if (read.problems.length > 0)
    return fail('validation', `invalid preflight options: ${read.problems.join('; ')}`, read.violations);
  const o = read.values as PreflightOptions;
  const fields = readDescriptor(descriptor, {
    hasInvoke: typeof o.invoke === 'function',
    ...(names === undefined ? {} : { names }),
  });
  if (!fields.ok) return fields;
  const f = fields.value;
  let annotations: Readonly<Record<string, unknown>> | undefined;
  if (f.annotations !== undefined) {
    // Copied like the schema: the bundle must not change when the host edits its descriptor later. Bounded in
    // depth as it is copied (iteratively: any depth is safe to walk).
    const a = copyBoundedJson(f.annotations, { depth: { name: 'depth', value: MAX_ANNOTATIONS_DEPTH } });
    if (!a.ok) {
      const message =
        a.finding.kind === 'excess'
          ? `annotations are nested more than ${MAX_ANNOTATIONS_DEPTH} levels deep (at ` +
            `${shownPlace(pointerOf(a.finding.excess.segments))})`
          : `annotations are not JSON at ${shownPlace(problemPointer(a.finding.problem)) || 'the root'}: ` +
            a.finding.problem.message;
      return fail('validation', `invalid tool descriptor: ${message}`, [{ ...ANNOTATIONS, message }]);
    }
    annotations = deepFreeze(a.value as Record<string, unknown>);
  }
  staged.stage = 'schema';
  if (schemaRequired && !f.hasSchema)
    return fail('validation', MISSING_SCHEMA, [schemaViolation('type', MISSING_SCHEMA, '', 'schema_invalid')]);
  const schema = f.hasSchema ? f.inputSchema : OPEN_OBJECT_SCHEMA;
  const compiled = validateSchema(schema, schemaOptionsOf(o));
  if (!compiled.ok) return compiled;
  // What is published to a model holds no lone surrogate (published-text.ts).
  const published = { description: f.description, annotations, inputSchema: compiled.value.schema };
  const lone = publishedTextRefusal('invalid tool descriptor: ', published);
  if (lone !== undefined) {
    staged.stage = 'descriptor';
    return lone;
  }
  // Published from the compiled copy, never a second read of the caller's schema: a schemaLoader (or a
  // getter) could change that object mid-compile, and the model must see exactly the enforced schema.
  return ok(
    Object.freeze({
      name: f.name,
      description: f.description,
      revision: f.revision,
      annotations,
      backend: f.backend,
      inputSchema: compiled.value.schema,
      declaredSchema: f.hasSchema,
      compiled: compiled.value,
    }),
  );
}

/**
 * Checks one descriptor before it is published: metadata (name pattern, description and revision
 * strings, a backend that can run) and the schema through validateSchema with the same options.
 * Synchronous; admitBatch adds asynchronous schema loaders. Never throws.
 */
export function preflight(descriptor: unknown, options?: PreflightOptions): Result<PreflightedTool> {
  return preflightStaged(descriptor, options).result;
}

/**
 * preflight, also telling whether the descriptor or the schema decided the outcome; `names` is the name rule,
 * `schemaRequired` MCP's rule that a tool has an `inputSchema` (else an absent one admits any object).
 */
export function preflightStaged(
  descriptor: unknown,
  options: PreflightOptions | undefined,
  names?: RegExp,
  schemaRequired = false,
): StagedPreflight {
  const staged: { stage: 'descriptor' | 'schema' } = { stage: 'descriptor' };
  const result = guarded('preflight', () => preflightBody(descriptor, options, staged, names, schemaRequired));
  return { result, stage: staged.stage };
}
