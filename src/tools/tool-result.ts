import type { GateError } from '../result.js';
import type { ProviderFormat } from '../interop/provider-ids.js';

/**
 * The steps a call goes through, in order; a failed result names the one it stopped at. `settle` runs
 * after the result is decided and never changes it: it appears only in `onError` events.
 */
export type CallStage =
  | 'lookup'
  | 'validate'
  | 'authorize'
  | 'approve'
  | 'reserveBudget'
  | 'commitIntent'
  | 'execute'
  | 'settle';

/** A GateError with what the host needs for its logs; `cause` is the thrown value, never shown to the model. */
export interface ToolError extends GateError {
  /** Where the call stopped. */
  readonly stage: CallStage;
  /** The original thrown value or rejection reason, when there was one. */
  readonly cause?: unknown;
  /**
   * Set on a timeout or an abort (and on guardClient's failures): whether the tool had been started by
   * then. `true` means it may have run, may still be running and may have had effects; `false` that it
   * never ran. The model's text says the same.
   */
  readonly started?: boolean;
}

export type { ProviderFormat } from '../interop/provider-ids.js';

/** A part of an OpenAI Responses `function_call_output`: text, or an image as a `data:` URL. */
export type OpenAIResponsesOutputPart =
  | { readonly type: 'input_text'; readonly text: string }
  | { readonly type: 'input_image'; readonly image_url: string };

/** OpenAI Responses API: a `function_call_output` input item (parts only when a tool returned an image). */
export interface OpenAIResponsesToolOutput {
  readonly type: 'function_call_output';
  readonly call_id: string;
  readonly output: string | OpenAIResponsesOutputPart[];
}

/** OpenAI chat completions: a `tool` role message. */
export interface OpenAIToolMessage {
  readonly role: 'tool';
  readonly tool_call_id: string;
  readonly content: string;
}

/** A block of an Anthropic `tool_result`: text, or an image in one of the media types Anthropic reads. */
export type AnthropicToolContent =
  | { readonly type: 'text'; readonly text: string }
  | {
      readonly type: 'image';
      readonly source: {
        readonly type: 'base64';
        readonly media_type: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
        readonly data: string;
      };
    };

/** Anthropic Messages: a `tool_result` content block (blocks only when a tool returned an image). */
export interface AnthropicToolResult {
  readonly type: 'tool_result';
  readonly tool_use_id: string;
  readonly content: string | AnthropicToolContent[];
  readonly is_error: boolean;
}

/** One MCP content part (MCP 2025-06-18, "Tools", "Tool Result"), as an MCP tool returned it. */
export type McpContentPart =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'image' | 'audio'; readonly data: string; readonly mimeType: string }
  | { readonly type: 'resource_link'; readonly uri: string; readonly name: string }
  | {
      readonly type: 'resource';
      readonly resource:
        | { readonly uri: string; readonly text: string }
        | { readonly uri: string; readonly blob: string };
    };

/** MCP `CallToolResult` (a type alias, not an interface, so it is assignable to the SDK's indexed type). */
export type McpCallToolResult = {
  readonly content: McpContentPart[];
  readonly isError: boolean;
  readonly structuredContent?: { [key: string]: unknown };
};

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
  toMessage(format: 'openai-responses'): OpenAIResponsesToolOutput;
  toMessage(format: 'anthropic'): AnthropicToolResult;
  toMessage(format: 'mcp'): McpCallToolResult;
  toMessage(format: ProviderFormat): ToolMessage;
}

/** A tool result in any provider's shape. */
export type ToolMessage = OpenAIToolMessage | OpenAIResponsesToolOutput | AnthropicToolResult | McpCallToolResult;

function shape(callId: string, content: string, isError: boolean, format: ProviderFormat): ToolMessage {
  if (format === 'anthropic') return { type: 'tool_result', tool_use_id: callId, content, is_error: isError };
  if (format === 'mcp') return { content: [{ type: 'text', text: content }], isError };
  // The Responses API has no error flag: the text (every failure starts with "error: ") says it.
  if (format === 'openai-responses') return { type: 'function_call_output', call_id: callId, output: content };
  return { role: 'tool', tool_call_id: callId, content };
}

function build(
  callId: string,
  name: string,
  content: string,
  error: ToolError | undefined,
  shaped?: (format: ProviderFormat) => ToolMessage,
): ToolResult {
  const isError = error !== undefined;
  // An unknown format falls back to OpenAI's shape rather than throwing (nothing throws at the API).
  const toMessage = shaped ?? ((format: ProviderFormat) => shape(callId, content, isError, format));
  // Two literals rather than a spread of an optional `error`: V8 builds a spread followed by more members on a
  // slow path (about 0.7 µs, a tenth of a refused call).
  const result =
    error === undefined
      ? { callId, name, content, isError, toMessage }
      : { callId, name, content, isError, error, toMessage };
  return Object.freeze(result) as ToolResult;
}

/**
 * A result whose provider messages are not the plain text (an MCP tool's parts): `shaped` builds each one, a
 * fresh object per call; `content` is still what the model reads as text, `error` set when it failed.
 */
export function shapedResult(
  callId: string,
  name: string,
  content: string,
  error: ToolError | undefined,
  shaped: (format: ProviderFormat) => ToolMessage,
): ToolResult {
  return build(callId, name, content, error, shaped);
}

/** A GateError with the stage it came from, written out (a `{ ...error, stage }` spread is V8's slow path). */
export function staged(error: GateError, stage: CallStage): ToolError {
  const { cause, kind, limit } = error;
  const base: ToolError =
    cause === undefined
      ? { class: error.class, message: error.message, violations: error.violations, stage }
      : { class: error.class, message: error.message, violations: error.violations, stage, cause };
  // An execution failure keeps its kind (rare, off the hot path of invalid arguments).
  if (kind === undefined) return base;
  return limit === undefined ? { ...base, kind } : { ...base, kind, limit };
}

/** A successful result. */
export function successResult(callId: string, name: string, content: string): ToolResult {
  return build(callId, name, content, undefined);
}

/**
 * A failed result whose text toolgate wrote with its `error: ` prefix (formatOwnError's): not tested again, since
 * reading the start of a text built by concatenation first copies all of it into one (about 0.1 µs a call).
 */
export function ownErrorResult(callId: string, name: string, content: string, error: ToolError): ToolResult {
  return build(callId, name, content, error);
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
