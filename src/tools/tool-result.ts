import type { GateError } from '../result.js';

/** The steps a call goes through, in order; a failed result names the one it stopped at. */
export type CallStage = 'lookup' | 'validate' | 'authorize' | 'approve' | 'reserveBudget' | 'commitIntent' | 'execute';

/** A GateError with what the host needs for its logs; `cause` is the thrown value, never shown to the model. */
export interface ToolError extends GateError {
  /** Where the call stopped. */
  readonly stage: CallStage;
  /** The original thrown value or rejection reason, when there was one. */
  readonly cause?: unknown;
}

/** The wire shapes hosts exchange with a provider: tool definitions (Bundle.toolsFor) and tool results (toMessage). */
export type ProviderFormat = 'openai' | 'anthropic' | 'mcp';

/** OpenAI chat completions: a `tool` role message. */
export interface OpenAIToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string;
}
/** Anthropic Messages: a `tool_result` content block. */
export interface AnthropicToolResult {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content: string;
  readonly is_error: boolean;
}
/** MCP `CallToolResult`. */
export interface McpCallToolResult {
  readonly content: readonly { readonly type: 'text'; readonly text: string }[];
  readonly isError: boolean;
}

/** The outcome of one call: the text the model reads, and for failures the structured error. */
export interface ToolResult {
  readonly callId: string;
  readonly name: string;
  /** What the model reads. Every failure starts with `error: `, but a tool may return such text too: test isError. */
  readonly content: string;
  readonly isError: boolean;
  readonly error?: ToolError;
  /** The result in the shape a host sends back to the model. */
  toMessage(format: 'openai'): OpenAIToolMessage;
  toMessage(format: 'anthropic'): AnthropicToolResult;
  toMessage(format: 'mcp'): McpCallToolResult;
  toMessage(format: ProviderFormat): OpenAIToolMessage | AnthropicToolResult | McpCallToolResult;
}

function shape(
  callId: string,
  content: string,
  isError: boolean,
  format: ProviderFormat,
): OpenAIToolMessage | AnthropicToolResult | McpCallToolResult {
  if (format === 'anthropic') return { type: 'tool_result', tool_use_id: callId, content, is_error: isError };
  if (format === 'mcp') return { content: [{ type: 'text', text: content }], isError };
  return { role: 'tool', tool_call_id: callId, content };
}

function build(callId: string, name: string, content: string, error: ToolError | undefined): ToolResult {
  const isError = error !== undefined;
  const result = {
    callId,
    name,
    content,
    isError,
    ...(error === undefined ? {} : { error }),
    // An unknown format falls back to OpenAI's shape rather than throwing (nothing throws at the API).
    toMessage: (format: ProviderFormat) => shape(callId, content, isError, format),
  };
  return Object.freeze(result) as ToolResult;
}

/** A successful result. */
export function successResult(callId: string, name: string, content: string): ToolResult {
  return build(callId, name, content, undefined);
}

/** A failed result; `content` gets the `error: ` prefix if it lacks it. */
export function errorResult(callId: string, name: string, content: string, error: ToolError): ToolResult {
  return build(callId, name, content.startsWith('error: ') ? content : `error: ${content}`, error);
}

/**
 * What the model reads of a tool's return value: a string as is, `undefined` (a tool that returns nothing) as "", a
 * success,
 * anything else as JSON. Undefined result when the value is not JSON-serialisable (a BigInt, a cycle).
 */
export function contentOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? undefined;
  } catch {
    return undefined;
  }
}
