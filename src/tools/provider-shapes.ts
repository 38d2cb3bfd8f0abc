// Provider tool shapes, one per wire format, and the one function that builds them (for a Registry and a
// Bundle alike): the schema as given, a fresh copy every time, names as the provider takes them.
import { checkProvider } from '../interop/check-provider.js';
import { withObjectType } from '../schema/tool-root.js';
import { copyJson } from '../util/plain-json.js';
import type { ProviderFormat } from './tool-result.js';

/** A tool definition for the model: the descriptor's schema exactly as given (never rewritten, never loosened). */
export interface ProviderTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly annotations?: Readonly<Record<string, unknown>>;
}

// The shapes below are declared here, structurally, so toolgate's types import no provider SDK;
// test/catalog/provider-sdk-types.test.ts checks each against the SDK's own type (openai,
// @anthropic-ai/sdk, @modelcontextprotocol/sdk).

/** A tool's parameters as a provider receives them: a JSON Schema object whose root states `type: "object"`. */
export interface ObjectParameters {
  readonly type: 'object';
  readonly [keyword: string]: unknown;
}

/** OpenAI Chat Completions function tool (the SDK's `ChatCompletionFunctionTool`). */
export interface OpenAITool {
  readonly type: 'function';
  readonly function: {
    readonly name: string;
    readonly description?: string;
    readonly parameters: ObjectParameters;
    /** Present (true) only when the schema passes the `openai-strict` profile. */
    readonly strict?: true;
  };
}

/** OpenAI Responses API function tool (the SDK's `Responses.FunctionTool`): flat, `strict` always stated. */
export interface OpenAIResponsesTool {
  readonly type: 'function';
  readonly name: string;
  readonly description?: string;
  readonly parameters: ObjectParameters;
  /** True only when the schema passes the `openai-strict` profile (the API's own default is true). */
  readonly strict: boolean;
}

/** Anthropic Messages API tool (the SDK's `Tool`). */
export interface AnthropicTool {
  readonly name: string;
  readonly description?: string;
  readonly input_schema: ObjectParameters;
}

/** An MCP `Tool` as `toolsFor('mcp')` produces it (assignable to the MCP SDK's `Tool`). */
export interface McpToolDefinition {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: ObjectParameters;
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** Maps a format to its tool shape. */
export type ToolsFor<F extends ProviderFormat> = F extends 'openai'
  ? OpenAITool[]
  : F extends 'openai-responses'
    ? OpenAIResponsesTool[]
    : F extends 'anthropic'
      ? AnthropicTool[]
      : McpToolDefinition[];

/** A fresh copy for the host: some SDKs edit tool schemas in place, and the bundle's stay frozen. */
function fresh(schema: unknown): unknown {
  const c = copyJson(schema);
  return c.ok ? c.value : schema;
}

/**
 * A fresh copy with the root's `type: "object"` stated (added first when absent, `["object"]` written as
 * `"object"`): every provider requires it, and the tool root rule already admits only objects, so the
 * schema means the same. Nothing else changes.
 */
function parameters(schema: unknown): ObjectParameters {
  const copy = fresh(schema) as Record<string, unknown>;
  const t = copy['type'];
  if (t === 'object') return copy as ObjectParameters;
  if (Array.isArray(t)) return { ...copy, type: 'object' };
  return withObjectType(copy) as ObjectParameters;
}

/**
 * Whether OpenAI strict mode takes the schema as it is: the `openai-strict` profile finds nothing it
 * rejects or leaves unlisted. Otherwise `strict` is not claimed (a strict request would fail).
 */
export function passesOpenAIStrict(schema: unknown): boolean {
  const findings = checkProvider(schema, 'openai-strict');
  return findings.ok && findings.value.every((f) => f.effect === 'ignores');
}

/** How shapeTools learns whether a tool may be sent with `strict` (the bundle caches the answer). */
export type StrictCheck = (tool: ProviderTool) => boolean;

/**
 * A StrictCheck that asks passesOpenAIStrict once per tool name and keeps the verdict in `verdicts`: its
 * owner's tools are never replaced under a name, so a verdict never goes stale.
 */
export function memoStrict(verdicts: Map<string, boolean> = new Map()): StrictCheck {
  return (t) => {
    let verdict = verdicts.get(t.name);
    if (verdict === undefined) {
      verdict = passesOpenAIStrict(t.inputSchema);
      verdicts.set(t.name, verdict);
    }
    return verdict;
  };
}

/** The name a tool is published under in a format, or undefined to withhold it there (provider-names.ts). */
export type NameOf = (name: string, format: ProviderFormat) => string | undefined;

/** Shapes provider tools for one wire format; each call returns new objects. */
export function shapeTools<F extends ProviderFormat>(
  given: readonly ProviderTool[],
  format: F,
  strict: StrictCheck = (t) => passesOpenAIStrict(t.inputSchema),
  nameOf: NameOf = (name) => name,
): ToolsFor<F> {
  const tools = given.flatMap((t): ProviderTool[] => {
    const name = nameOf(t.name, format);
    return name === undefined ? [] : [name === t.name ? t : { ...t, name }];
  });
  const description = (t: ProviderTool): { description?: string } =>
    t.description !== undefined ? { description: t.description } : {};
  switch (format) {
    case 'openai':
      return tools.map(
        (t): OpenAITool => ({
          type: 'function',
          function: {
            name: t.name,
            ...description(t),
            parameters: parameters(t.inputSchema),
            ...(strict(t) ? { strict: true as const } : {}),
          },
        }),
      ) as ToolsFor<F>;
    case 'openai-responses':
      return tools.map(
        (t): OpenAIResponsesTool => ({
          type: 'function',
          name: t.name,
          ...description(t),
          parameters: parameters(t.inputSchema),
          strict: strict(t),
        }),
      ) as ToolsFor<F>;
    case 'anthropic':
      return tools.map(
        (t): AnthropicTool => ({ name: t.name, ...description(t), input_schema: parameters(t.inputSchema) }),
      ) as ToolsFor<F>;
    case 'mcp':
      return tools.map(
        (t): McpToolDefinition => ({
          name: t.name,
          ...description(t),
          inputSchema: parameters(t.inputSchema),
          ...(t.annotations !== undefined ? { annotations: fresh(t.annotations) as Record<string, unknown> } : {}),
        }),
      ) as ToolsFor<F>;
    default:
      return [] as unknown as ToolsFor<F>;
  }
}
