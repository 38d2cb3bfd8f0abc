// What a Registry publishes to a model: each granted tool's definition with its own copy of the schema, and those
// definitions in a provider's wire shape, each tool's openai-strict verdict computed once and kept.
import { copyJson } from '../util/plain-json.js';
import { publishedName, type ProviderNameMap } from './provider-names.js';
import { memoStrict, shapeTools, type ToolsFor } from './provider-shapes.js';
import type { Tool } from './tool.js';
import type { ProviderFormat } from './tool-result.js';

/** A tool definition as published to a model. */
export interface ToolDefinitionView {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
}

/** A registered tool's definition; its inputSchema a fresh unfrozen copy: SDKs edit what they are given. */
export function definitionOf(tool: Tool): ToolDefinitionView {
  const copy = copyJson(tool.inputSchema);
  return {
    name: tool.name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    inputSchema: copy.ok ? copy.value : tool.inputSchema,
  };
}

/**
 * The definitions in one provider's shape, named as `names` publishes them; `verdicts` keeps the openai-strict
 * verdict per tool name across calls (the registry's tools are never replaced, so a verdict never goes stale).
 */
export function definitionsFor<F extends ProviderFormat>(
  definitions: readonly ToolDefinitionView[],
  format: F,
  verdicts: Map<string, boolean>,
  names: ProviderNameMap,
): ToolsFor<F> {
  return shapeTools(definitions, format, memoStrict(verdicts), (name, f) => publishedName(names, name, f));
}
