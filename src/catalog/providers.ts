import type { PreflightedTool } from './preflight.js';
import type { ProviderTool } from '../tools/provider-shapes.js';
import { byCodeUnits } from '../util/code-unit-order.js';

export type {
  AnthropicTool,
  McpToolDefinition,
  ObjectParameters,
  OpenAIResponsesTool,
  OpenAITool,
  ProviderTool,
  StrictCheck,
  ToolsFor,
} from '../tools/provider-shapes.js';
export { memoStrict, passesOpenAIStrict, shapeTools } from '../tools/provider-shapes.js';

/** An MCP `Tool` as `tools/list` lists it: what admitMcpTools reads. */
export interface McpTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly annotations?: Readonly<Record<string, unknown>>;
  /** A server may list more: admission reads `outputSchema` (catalog/mcp-output.ts), never `_meta`. */
  readonly [field: string]: unknown;
}

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
