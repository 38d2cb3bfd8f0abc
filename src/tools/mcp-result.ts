// An MCP tool's CallToolResult (MCP 2025-06-18, "Tools", "Tool Result") mapped to each provider's tool
// message as a person would write it by hand: the tool's own `isError` kept, text parts as text, images
// where the provider has a place for them, `structuredContent` as JSON text only when `content` is empty
// (the spec's own fallback). What a provider has no place for is dropped (docs/adapters.md lists it).
import type { GateError } from '../result.js';
import { hasLoneSurrogate } from '../util/jcs.js';
import { type FoundMember, memberOrTextPath, PROTO_ONLY } from '../util/member-path.js';
import { copyBoundedJson, copyJson, isObject } from '../util/plain-json.js';
import {
  contentOf,
  errorResult,
  shapedResult,
  successResult,
  type AnthropicToolContent,
  type McpCallToolResult,
  type McpContentPart,
  type OpenAIResponsesOutputPart,
  type ProviderFormat,
  type ToolError,
  type ToolMessage,
  type ToolResult,
} from './tool-result.js';
import { providerImageType } from './provider-image.js';
import { DEFAULT_MAX_RESULT_BYTES } from './registry-options.js';

/** The result of a tool whose result is over `maxResultBytes` (RegistryOptions): it ran, nothing of it is shown. */
export function tooLongResult(callId: string, name: string, maxResultBytes: number): ToolResult {
  return errorResult(callId, name, `error: tool ${name} ran but its result is over ${maxResultBytes} bytes`, {
    class: 'execution_failure',
    message: `the result is over maxResultBytes (${maxResultBytes} bytes of JSON text)`,
    violations: [],
    // A bound exceeded, as every limit is (result.ts: `limit` is set with kind `limit` alone).
    kind: 'limit',
    stage: 'execute',
    limit: 'maxResultBytes',
  });
}

/**
 * Deepest nesting of an MCP result, the result itself being level 1: the proxy's bound on any MCP message
 * (MAX_MESSAGE_DEPTH, src/mcp/message-depth.ts). A host writes the provider message built from it with
 * JSON.stringify, which throws past about 4,100 levels; no MCP message passed on by the proxy comes deeper.
 */
export const MAX_MCP_RESULT_DEPTH = 1000;

/**
 * Where a result holds a member named `__proto__` or a key or string with a lone surrogate, in one search. A lone
 * surrogate is not I-JSON (RFC 7493 §2.1), which model APIs refuse: Anthropic answers 400 and every later request of
 * the conversation fails with it (a hunt's find), so it is never passed on, as in what a tool publishes.
 */
export function unpassableAt(result: unknown): FoundMember | undefined {
  return memberOrTextPath(result, PROTO_ONLY, hasLoneSurrogate);
}

/** Why a result with a lone surrogate at `path` (unpassableAt's) is not passed on. */
export const loneSurrogateRefusal = (path: string): string =>
  `it holds a lone surrogate at ${path}, not I-JSON, which model APIs refuse`;

/** What the model reads and the host gets of a result of `name` that ran and was not passed on, for `why`. */
export function notPassedOn(name: string, why: string): { readonly text: string; readonly error: GateError } {
  return {
    text: `error: tool ${name} ran but its result was not passed on: ${why}`,
    error: {
      class: 'execution_failure',
      message: `the result was not passed on: ${why}`,
      violations: [],
      kind: 'tool',
    },
  };
}

/** The result of a tool whose result holds a lone surrogate at `path`: it ran, nothing of it is passed on. */
export function loneSurrogateResult(callId: string, name: string, path: string): ToolResult {
  const { text, error } = notPassedOn(name, loneSurrogateRefusal(path));
  return errorResult(callId, name, text, { ...error, stage: 'execute' });
}

/** Names no search looks for: a value searched for lone surrogates alone. */
const NO_NAMES: ReadonlySet<string> = new Set();

/**
 * Why a value a framework sends the model as a tool's output (the adapters) may not be, or undefined: a lone
 * surrogate in it or in a key (a framework passes a string and text blocks on as they are, a hunt's find). Plain
 * data is searched, as a result is; no getter runs.
 */
export function loneSurrogateOutput(value: unknown): string | undefined {
  const found = memberOrTextPath(value, NO_NAMES, hasLoneSurrogate);
  return found === undefined ? undefined : `the result was not passed on: ${loneSurrogateRefusal(found.path)}`;
}

/** What a result JSON cannot encode reads as: the words a non-MCP tool's gets (call-run.ts). */
function notJsonResult(callId: string, name: string, why?: string): ToolResult {
  return errorResult(callId, name, `error: tool ${name} returned a value that cannot be sent as JSON`, {
    class: 'execution_failure',
    message: `result is not JSON-serialisable${why === undefined ? '' : ` (${why})`}`,
    violations: [],
    kind: 'tool',
    stage: 'execute',
  });
}

/**
 * Why a result may not be passed on as it is (its outputSchema broken: catalog/mcp-output.ts), with the text
 * the model reads instead; undefined when it may. Run on toolgate's private copy of the result.
 */
export type OutputCheck = (result: unknown) => { readonly text: string; readonly error: GateError } | undefined;

/** A backend's return value marked as an MCP CallToolResult (admitMcpTools marks what its backends return). */
export class McpOutput {
  /** What the MCP backend returned. */
  readonly value: unknown;
  /** The tool's outputSchema check, when it declares one. */
  readonly check: OutputCheck | undefined;
  constructor(value: unknown, check?: OutputCheck) {
    this.value = value;
    this.check = check;
  }
}

/**
 * A call of an MCP tool that did not come back with an answer, as its backend already told it (guardClient's: not
 * sent, or sent and then the client threw): the model reads `text` and the host gets `error` as they are, the same
 * as guardClient.callTool's caller (a hunt's find: the Registry read the throw as the tool's own "failed", and a
 * model retried a payment whose request had been sent).
 */
export class McpCallFailure {
  /** What the model reads. */
  readonly text: string;
  /** What the host gets in the result's `error`. */
  readonly error: ToolError;
  constructor(text: string, error: ToolError) {
    this.text = text;
    this.error = error;
  }
}

/** The parts of one result as each provider takes them. */
interface Mapped {
  readonly texts: string[];
  readonly anthropic: AnthropicToolContent[];
  readonly responses: OpenAIResponsesOutputPart[];
  images: boolean;
}

function mapParts(parts: readonly unknown[]): Mapped {
  const mapped: Mapped = { texts: [], anthropic: [], responses: [], images: false };
  for (const part of parts) {
    if (!isObject(part)) continue;
    const { type, text, data, mimeType } = part;
    if (type === 'text' && typeof text === 'string') {
      mapped.texts.push(text);
      mapped.anthropic.push({ type: 'text', text });
      mapped.responses.push({ type: 'input_text', text });
    } else if (type === 'image' && typeof data === 'string' && typeof mimeType === 'string') {
      // Only an image both providers read (provider-image.ts): any other failed the host's whole request.
      const media = providerImageType(data, mimeType);
      if (media === undefined) continue;
      mapped.responses.push({ type: 'input_image', image_url: `data:${media};base64,${data}` });
      mapped.anthropic.push({ type: 'image', source: { type: 'base64', media_type: media, data } });
      mapped.images = true;
    }
    // Audio, resource links, embedded resources, annotations, _meta and other images have no place in a
    // provider's tool message: they reach only the 'mcp' shape.
  }
  return mapped;
}

/** Text parts with `error: ` on the first (inserted first when the result opens with an image). */
function prefixed(parts: OpenAIResponsesOutputPart[]): OpenAIResponsesOutputPart[] {
  const [first, ...rest] = structuredClone(parts);
  if (first?.type === 'input_text') return [{ type: 'input_text', text: `error: ${first.text}` }, ...rest];
  return [{ type: 'input_text', text: 'error:' }, first as OpenAIResponsesOutputPart, ...rest];
}

/**
 * The ToolResult of an MCP tool's CallToolResult: `isError` kept (the model reads the tool's own text), text
 * parts as text, images as each provider's image part. A value that is not a CallToolResult reads as JSON.
 */
export function mcpToolResult(
  callId: string,
  name: string,
  value: unknown,
  maxResultBytes = DEFAULT_MAX_RESULT_BYTES,
  check?: OutputCheck,
): ToolResult {
  if (value instanceof McpCallFailure) return errorResult(callId, name, value.text, value.error);
  // One private plain copy: nothing the server handed back (a getter, a later change) is read again. Bounded as
  // its JSON text is counted while copying (escapes aside): a value sharing one object under many members is not
  // copied once per member past the bound, and no second pass writes the text out only to measure it.
  const copy = copyBoundedJson(value, {
    bytes: { name: 'maxResultBytes', value: maxResultBytes },
    depth: { name: 'depth', value: MAX_MCP_RESULT_DEPTH },
  });
  if (!copy.ok && copy.finding.kind === 'excess')
    return copy.finding.excess.bound.name === 'depth'
      ? notJsonResult(callId, name, `nested more than ${MAX_MCP_RESULT_DEPTH} levels deep`)
      : tooLongResult(callId, name, maxResultBytes);
  // As no MCP message passes one (src/mcp/forward.ts): a host that merges the result would take a prototype.
  const found = copy.ok ? unpassableAt(copy.value) : undefined;
  if (found?.found === 'member')
    return errorResult(callId, name, `error: tool ${name} returned a result that cannot be passed on`, {
      class: 'execution_failure',
      message: `the result has a member named "__proto__" (at ${found.path}), which is never passed on`,
      violations: [],
      kind: 'tool',
      stage: 'execute',
    });
  if (found !== undefined) return loneSurrogateResult(callId, name, found.path);
  if (!copy.ok) return notJsonResult(callId, name);
  const result = copy.value;
  const broken = check?.(result);
  if (broken !== undefined) return errorResult(callId, name, broken.text, { ...broken.error, stage: 'execute' });
  const content = isObject(result) ? result.content : undefined;
  const structured = isObject(result) ? result.structuredContent : undefined;
  // Text JSON.stringify could not write (within the depth bound it can) is a failure, never an empty success.
  if (!isObject(result) || (!Array.isArray(content) && structured === undefined)) {
    const text = contentOf(result);
    return text === undefined ? notJsonResult(callId, name) : successResult(callId, name, text);
  }
  const parts: unknown[] = Array.isArray(content) ? content : [];
  const isError = result.isError === true;
  // MCP: a tool returning structured content SHOULD also return it as text; when it did not, it is the text.
  const structuredText = parts.length === 0 && structured !== undefined ? contentOf(structured) : '';
  if (structuredText === undefined) return notJsonResult(callId, name);
  const shown = parts.length === 0 && structured !== undefined ? [{ type: 'text', text: structuredText }] : parts;
  const mapped = mapParts(shown);
  // An error with no text of its own still says so, first (an image-only error would otherwise read as data).
  if (isError && mapped.texts.length === 0) {
    const text = `tool ${name} reported an error`;
    mapped.texts.push(text);
    mapped.anthropic.unshift({ type: 'text', text });
    mapped.responses.unshift({ type: 'input_text', text });
  }
  const joined = mapped.texts.join('\n');
  const flagged = isError ? `error: ${joined}` : joined;
  const error: ToolError | undefined = isError
    ? {
        class: 'execution_failure',
        message: 'the tool reported an error (isError)',
        violations: [],
        kind: 'tool',
        stage: 'execute',
      }
    : undefined;
  const mcpShape = (): McpCallToolResult => {
    // A copy of data already copied once: it cannot fail.
    const again = copyJson(structured === undefined ? { parts } : { parts, structured });
    const fresh = (again.ok ? again.value : { parts: [] }) as {
      parts: McpContentPart[];
      structured?: Record<string, unknown>;
    };
    const base = { content: fresh.parts, isError };
    return fresh.structured === undefined ? base : { ...base, structuredContent: fresh.structured };
  };
  // Each call builds fresh objects: a host may change the message it was given.
  const shaped = (format: ProviderFormat): ToolMessage => {
    if (format === 'mcp') return mcpShape();
    if (format === 'anthropic') {
      const blocks = structuredClone(mapped.anthropic);
      const simple = blocks.every((b) => b.type === 'text');
      return { type: 'tool_result', tool_use_id: callId, content: simple ? joined : blocks, is_error: isError };
    }
    // Neither OpenAI API has an error flag: the text says it, as in every toolgate failure.
    if (format === 'openai-responses') {
      const output = mapped.images
        ? isError
          ? prefixed(mapped.responses)
          : structuredClone(mapped.responses)
        : flagged;
      return { type: 'function_call_output', call_id: callId, output };
    }
    return { role: 'tool', tool_call_id: callId, content: flagged };
  };
  return shapedResult(callId, name, flagged, error, shaped);
}
