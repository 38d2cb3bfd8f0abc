import { copyJson } from '../util/plain-json.js';
import type { PreflightedTool } from './preflight.js';
import type { ProviderFormat } from '../tools/tool-result.js';
import { byCodeUnits } from '../util/code-unit-order.js';

/** A tool definition for the model: the descriptor's schema exactly as given (never rewritten, never loosened). */
export interface ProviderTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly annotations?: Readonly<Record<string, unknown>>;
}

/** OpenAI Chat Completions / Responses function tool. */
export interface OpenAITool {
  readonly type: 'function';
  readonly function: { readonly name: string; readonly description?: string; readonly parameters: unknown };
}

/** Anthropic Messages API tool. */
export interface AnthropicTool {
  readonly name: string;
  readonly description?: string;
  readonly input_schema: unknown;
}

/** An MCP `Tool` as `tools/list` lists it: what admitMcpTools reads and what `toolsFor('mcp')` produces. */
export interface McpTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly annotations?: Readonly<Record<string, unknown>>;
  /** A server may list more (`outputSchema`, `_meta`); admission reads none of it. */
  readonly [field: string]: unknown;
}

/** Maps a format to its tool shape. */
export type ToolsFor<F extends ProviderFormat> = F extends 'openai'
  ? OpenAITool[]
  : F extends 'anthropic'
    ? AnthropicTool[]
    : McpTool[];

/** Provider definitions of admitted tools, sorted by name (UTF-16 order, as everywhere in toolgate). */
export function providerToolsOf(tools: readonly PreflightedTool[]): readonly ProviderTool[] {
  const sorted = [...tools].sort((a, b) => byCodeUnits(a.name, b.name));
  return Object.freeze(
    sorted.map((t) =>
      Object.freeze({
        name: t.name,
        ...(t.description !== undefined ? { description: t.description } : {}),
        inputSchema: t.inputSchema,
        ...(t.annotations !== undefined ? { annotations: t.annotations } : {}),
      }),
    ),
  );
}

/** A fresh copy for the host: some SDKs edit tool schemas in place, and the bundle's stay frozen. */
function fresh(schema: unknown): unknown {
  const c = copyJson(schema);
  return c.ok ? c.value : schema;
}

/** Shapes provider tools for one wire format; each call returns new objects. */
export function shapeTools<F extends ProviderFormat>(tools: readonly ProviderTool[], format: F): ToolsFor<F> {
  const description = (t: ProviderTool): { description?: string } =>
    t.description !== undefined ? { description: t.description } : {};
  switch (format) {
    case 'openai':
      return tools.map((t) => ({
        type: 'function' as const,
        function: { name: t.name, ...description(t), parameters: fresh(t.inputSchema) },
      })) as ToolsFor<F>;
    case 'anthropic':
      return tools.map((t) => ({ name: t.name, ...description(t), input_schema: fresh(t.inputSchema) })) as ToolsFor<F>;
    case 'mcp':
      return tools.map((t) => ({
        name: t.name,
        ...description(t),
        inputSchema: fresh(t.inputSchema),
        ...(t.annotations !== undefined ? { annotations: fresh(t.annotations) as Record<string, unknown> } : {}),
      })) as ToolsFor<F>;
    default:
      return [] as unknown as ToolsFor<F>;
  }
}
