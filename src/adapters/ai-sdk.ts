import { jsonSchema, tool, type JSONSchema7, type Schema, type Tool, type ToolExecutionOptions } from 'ai';
import { formatForModel } from '../errors/format.js';
import { fail, guarded, ok, thrownMessage, type Result } from '../result.js';
import { validateSchema } from '../schema/compile.js';
import { copyJson } from '../util/plain-json.js';
import type { SchemaOptions } from '../schema/options.js';

// Vercel AI SDK (`ai` 7). Its `jsonSchema()` without a `validate` function checks nothing, and its
// Standard Schema path asks for a draft-07 conversion and adds `additionalProperties: false`. This
// adapter hands `ai` the 2020-12 schema unchanged together with toolgate's validate, so an invalid
// tool call takes the SDK's own invalid-input path (InvalidToolInputError, a `tool-error` part and an
// error tool result in the next model turn) carrying toolgate's model-readable text.

/** What the AI SDK passes to `execute` besides the input (tool call id, messages, abort signal, context). */
export type AiSdkExecutionOptions = ToolExecutionOptions<Record<string, unknown>>;

/** The AI SDK tool toAiSdkTool returns. */
export type AiSdkTool<OUTPUT = unknown> = Tool<unknown, OUTPUT, Record<string, unknown>>;

/** Options of aiSdkSchema: the schema options plus the tool name the error text names. */
export type AiSdkSchemaOptions = SchemaOptions & {
  /** Named in the model-readable text ("error: invalid arguments for <toolName>: ..."). */
  readonly toolName: string;
};

/** A tool as toolgate takes it for the AI SDK. */
export interface AiSdkToolSpec<OUTPUT = unknown> {
  /** The name the tool is registered under in the `tools` object; used in error texts. */
  readonly name: string;
  readonly description?: string;
  /** Draft 2020-12 tool input schema; compiled once here. */
  readonly inputSchema: unknown;
  /** Runs only for arguments that passed validation; receives the very value the model sent. */
  readonly execute?: (input: unknown, options: AiSdkExecutionOptions) => OUTPUT | PromiseLike<OUTPUT>;
}

/**
 * An AI SDK `Schema` backed by toolgate: `jsonSchema` is a fresh copy of the caller's schema (what the
 * provider receives), `validate` is toolgate's (an invalid value fails with an Error whose message is
 * formatForModel's text). The schema is compiled here, so a schema toolgate refuses is a failed
 * Result, never a tool that validates nothing. Never throws.
 */
export function aiSdkSchema(schema: unknown, options: AiSdkSchemaOptions): Result<Schema<unknown>> {
  return guarded('aiSdkSchema', () => {
    const { toolName, ...schemaOptions } =
      options !== null && typeof options === 'object' ? options : ({ toolName: '' } as AiSdkSchemaOptions);
    if (typeof toolName !== 'string' || toolName === '')
      return fail('validation', 'aiSdkSchema needs a non-empty toolName for its error texts');
    const compiled = validateSchema(schema, schemaOptions);
    if (!compiled.ok) return compiled;
    const checked = compiled.value;
    // A private copy: the SDK and providers may rewrite what they are given (the SDK computes it once).
    const provided = (): JSONSchema7 => {
      const copy = copyJson(checked.schema);
      return (copy.ok ? copy.value : {}) as JSONSchema7;
    };
    return ok(
      jsonSchema<unknown>(provided, {
        validate: (value: unknown) => {
          const result = checked.validate(value);
          if (result.ok) return { success: true, value: result.value };
          return { success: false, error: new Error(formatForModel(toolName, result.error)) };
        },
      }),
    );
  });
}

/**
 * An AI SDK tool whose input is validated by toolgate before `execute` runs. Put it in the
 * `tools` object of generateText/streamText under `spec.name`. Never throws: a refused schema is a
 * failed Result.
 */
export function toAiSdkTool<OUTPUT = unknown>(
  spec: AiSdkToolSpec<OUTPUT>,
  options: SchemaOptions = {},
): Result<AiSdkTool<OUTPUT>> {
  return guarded('toAiSdkTool', () => {
    if (spec === null || typeof spec !== 'object') return fail('validation', 'toAiSdkTool expects a tool spec object');
    const schema = aiSdkSchema(spec.inputSchema, { ...options, toolName: spec.name });
    if (!schema.ok) return schema;
    const execute = spec.execute;
    const description = spec.description;
    try {
      const definition = {
        inputSchema: schema.value,
        ...(description !== undefined ? { description } : {}),
        ...(execute !== undefined
          ? { execute: (input: unknown, opts: AiSdkExecutionOptions) => execute(input, opts) }
          : {}),
      } as AiSdkTool<OUTPUT>;
      const made = tool(definition);
      return ok(made);
    } catch (thrown) {
      return fail(
        'execution_failure',
        `the AI SDK refused the tool ${JSON.stringify(spec.name)}: ${thrownMessage(thrown)}`,
      );
    }
  });
}
