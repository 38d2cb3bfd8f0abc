// What guardClient sends once a call passed its gate, for callTool and for the tools of the bundle admit()
// returns alike: the request goes to the server, and what comes back is passed on only if it holds (its
// outputSchema checked by toolgate, not by the SDK's draft-07 Ajv; no member named `__proto__`).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolResultSchema, ResultSchema, type CallToolRequest } from '@modelcontextprotocol/sdk/types.js';
import { MAX_LISTING_BYTES, type ToolsPage } from '../catalog/mcp-pages.js';
import { outputRefusal, passOnRefusal, resultShapeRefusal, unaskedTaskRefusal } from '../mcp/call-gate.js';
import { safeParse } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CompiledSchema } from '../schema/compile.js';
import type { ToolErrorEvent } from '../tools/failure-text.js';
import type { ToolError } from '../tools/tool-result.js';
import { MAX_MCP_RESULT_DEPTH } from '../tools/mcp-result.js';
import { DEFAULT_MAX_RESULT_BYTES } from '../tools/registry-options.js';
import { isError, jsonOrError } from '../util/host-error.js';
import { ownData } from '../util/own-field.js';
import type { McpCallResult, McpClientLike } from './mcp-client-options.js';

/**
 * Whether `client` is the SDK's Client with no transport (closed, or never connected): its callTool rejects
 * before sending. A client-like object without the member is taken as connected.
 */
export function notConnected(client: McpClientLike): boolean {
  try {
    return 'transport' in client && (client as { transport?: unknown }).transport === undefined;
  } catch {
    return false;
  }
}

/**
 * One tools/list page, asked through the client's `request` with the SDK's loosest result schema: its listTools
 * checks every tool against its own types and compiles every outputSchema with its draft-07 Ajv, so one tool it
 * refuses emptied the listing whatever `badTools` said, and the cost of those compiles (13.5 s for 1,000 tools)
 * was outside toolgate's bounds and cache. Every tool is toolgate's to judge (admitMcpTools). A client without
 * `request`, or whose listTools is its own (a subclass or wrapper that filters tools), is listed through it.
 */
export async function listedPage(
  client: McpClientLike,
  cursor: string | undefined,
  options: RequestOptions | undefined,
): Promise<ToolsPage<unknown>> {
  const viaRequest = client.request;
  if (typeof viaRequest !== 'function' || !sdkOwn(client, 'listTools')) {
    const listed = await client.listTools(cursor === undefined ? undefined : { cursor }, options);
    return { ...listed, ...pageBytes(listed) };
  }
  const params = cursor === undefined ? {} : { cursor };
  const page: unknown = await viaRequest.call(client, { method: 'tools/list', params }, ResultSchema, options);
  const tools = ownData(page, 'tools');
  const next = ownData(page, 'nextCursor');
  if (!Array.isArray(tools)) throw new Error('the tools/list answer has no "tools" array');
  if (next !== undefined && typeof next !== 'string')
    throw new Error('the tools/list answer\'s "nextCursor" is no string');
  return { tools, nextCursor: next, ...pageBytes(page) };
}

/**
 * What a page holds, charged against the listing's MAX_LISTING_BYTES as the proxy charges each page's text
 * (src/proxy/upstream-listing.ts): its JSON text's bytes, the SDK having parsed the message (one past the bound when
 * over it). Without it only cursors were charged: 100 pages of 25 MB were all held before admission (a hunt's find).
 * A page JSON cannot write again (too deep) is charged its cursor, and admission refuses its tools.
 */
function pageBytes(page: unknown): { bytes?: number } {
  const text = jsonOrError(page, MAX_LISTING_BYTES, MAX_MCP_RESULT_DEPTH);
  if (text === 'too-long') return { bytes: MAX_LISTING_BYTES + 1 };
  return typeof text === 'object' && 'text' in text ? { bytes: Buffer.byteLength(text.text) } : {};
}

/**
 * Whether `client`'s `method` is the MCP SDK Client's own (not a subclass's or a wrapper's), and it has `request`:
 * then toolgate may send the request itself. Another copy of the SDK reads as not its own.
 */
function sdkOwn(client: McpClientLike, method: 'listTools' | 'callTool'): boolean {
  try {
    return typeof client.request === 'function' && client[method] === Client.prototype[method];
  } catch {
    return false;
  }
}

/** A result schema the SDK reads as zod 3's and that keeps the result as it arrived: toolgate judges it first. */
const RAW_RESULT = {
  safeParse: (data: unknown) => ({ success: true, data }),
} as unknown as typeof CallToolResultSchema;

/** `raw` read by the host's result schema (the SDK's CallToolResultSchema by default), or throws as the SDK does. */
function parsedResult(raw: unknown, schema: NonNullable<Parameters<Client['callTool']>[1]>): McpCallResult {
  const read = safeParse(schema, raw);
  if (!read.success) throw read.error;
  return read.data as McpCallResult;
}

/** An `isError` result the server never saw: the text is what the model reads. */
export function localError(text: string): McpCallResult {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * `text` without the spaces and periods it ends with, by a scan from the end: an exposed message is host text of
 * any length, and a regular expression anchored at the end retries from every space (quadratic).
 */
export function withoutEnd(text: string): string {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '.' || /\s/.test(text[end - 1] as string))) end--;
  return text.slice(0, end);
}

/** What a call to a tool that runs only as a task reads. */
export const taskOnlyText = (name: string): string =>
  `error: tool ${name} runs only as a task (its execution.taskSupport is "required") and guardClient sends plain ` +
  'calls: it did not run';

/** `value`, or throws it when it is an Error: the caller's catch reads it as a failure of the call. */
function failedIfError<T>(value: T): T {
  if (isError(value)) throw value;
  return value;
}

/**
 * Sends the checked request of tool `name` (`output`: its compiled outputSchema); a failure of the client throws
 * (the caller says what the model reads).
 */
export type CallSender = (
  name: string,
  request: CallToolRequest['params'],
  output: CompiledSchema | undefined,
  resultSchema?: Parameters<Client['callTool']>[1],
  requestOptions?: RequestOptions,
  callId?: string,
) => Promise<McpCallResult>;

/**
 * The sender of `client`; `notify` hears of an output refused; `refused` makes the result that replaces a refused
 * answer from its text (callTool's as it is; a Registry adds `error: ` to a tool's isError text itself).
 */
export function callSender(
  client: McpClientLike,
  notify: (event: ToolErrorEvent) => void,
  refused: (text: string) => McpCallResult = localError,
  maxResultBytes: number | null = DEFAULT_MAX_RESULT_BYTES,
): CallSender {
  // Bounded as the Registry bounds a result (tools/mcp-result.ts), before anything reads it: a 20,000-level
  // structuredContent made the host's JSON.stringify of its conversation throw, and a 50 MB text reached the model.
  // Not for the bundle's Registry (maxResultBytes null), which bounds what its tools return itself.
  const unbounded = (name: string, answer: unknown, callId: string): McpCallResult | undefined => {
    if (maxResultBytes === null) return undefined;
    const shape = jsonOrError(answer, maxResultBytes, MAX_MCP_RESULT_DEPTH);
    if (typeof shape === 'object') return undefined;
    const long = shape === 'too-long';
    const error: ToolError = {
      class: 'execution_failure',
      message: long ? `the result is over maxResultBytes (${maxResultBytes} bytes of JSON text)` : 'result is not JSON',
      violations: [],
      kind: long ? 'limit' : 'tool',
      stage: 'execute',
      ...(long ? { limit: 'maxResultBytes' as const } : {}),
    };
    notify({ callId, name, stage: 'execute', cause: undefined, error });
    return refused(
      long
        ? `error: tool ${name} ran but its result is over ${maxResultBytes} bytes`
        : `error: tool ${name} returned a value that cannot be sent as JSON`,
    );
  };
  const passedOn = (name: string, answer: McpCallResult, callId: string): McpCallResult => {
    const refusal = passOnRefusal(name, answer);
    if (refusal === undefined) return answer;
    // A lone surrogate is refused as an output that breaks its schema is: the host hears of it (a hunt's find).
    if (refusal.found === 'text')
      notify({ callId, name, stage: 'execute', cause: answer, error: { ...refusal.error, stage: 'execute' } });
    return refused(refusal.text);
  };
  const checkedOutput = (
    name: string,
    answer: McpCallResult,
    output: CompiledSchema | undefined,
    callId: string,
    passable = passedOn,
  ): McpCallResult => {
    if (output === undefined) return passable(name, answer, callId);
    const broken = outputRefusal(name, answer, output);
    if (broken === undefined) return passable(name, answer, callId);
    const error: ToolError = { ...broken.error, stage: 'execute' };
    notify({ callId, name, stage: 'execute', cause: answer, error });
    return refused(broken.text);
  };
  return async (name, request, output, resultSchema, requestOptions, callId = '') => {
    // A client that resolves with an Error (a wrapper that catches) failed like one that throws: the same text,
    // never the Error's members as a result (an fs or net error's path or address).
    // The SDK's own callTool reads what its listTools cached (an outputSchema, a task-only tool): once the host listed
    // through it, a tool that changed since is judged by the stale entry. Toolgate judges each tool itself, so the
    // SDK's Client is sent the request as it is; a host's own callTool (a subclass, a wrapper: its policy) is called
    // for every tool, whether it declares an outputSchema or not (a hunt's find: a server declaring one routed its
    // calls around the host's wrapper).
    // Asked for as the server sent it (RAW_RESULT): the SDK's CallToolResultSchema gives a result without `content`
    // an empty one, and rebuilds `structuredContent` and `_meta`, where a member named `__proto__` becomes their
    // prototype, unseen (a hunt's find). The host's schema reads it once it passed (parsedResult).
    const viaRequest = client.request;
    const direct = typeof viaRequest === 'function' && sdkOwn(client, 'callTool');
    const sent: unknown = direct
      ? await viaRequest.call(client, { method: 'tools/call', params: request }, RAW_RESULT, requestOptions)
      : await client.callTool(request, resultSchema, requestOptions);
    failedIfError(sent);
    const tooLarge = unbounded(name, sent, callId);
    if (tooLarge !== undefined) return tooLarge;
    // guardClient sends plain calls: a task in the answer is refused as the proxy refuses it (src/proxy/calls.ts).
    // The SDK's CallToolResultSchema reads a CreateTaskResult as a result with empty content, the task kept beside it.
    const wrong = unaskedTaskRefusal(name, sent) ?? resultShapeRefusal(name, sent);
    if (wrong !== undefined) {
      notify({ callId, name, stage: 'execute', cause: sent, error: { ...wrong.error, stage: 'execute' } });
      return refused(wrong.text);
    }
    if (!direct) return checkedOutput(name, sent as McpCallResult, output, callId);
    // Searched as it arrived, before the host's schema reads it: what that makes of it is passed on as it is.
    const passed = passedOn(name, sent as McpCallResult, callId);
    if (passed !== sent) return passed;
    const answer = parsedResult(sent, resultSchema ?? CallToolResultSchema);
    return checkedOutput(name, answer, output, callId, (_name, checked) => checked);
  };
}
