// What the proxy decides for one tools/call before anything reaches the upstream, and what it makes of the
// upstream's result. The arguments are validated as the text they arrived in (validateJSON: duplicate keys and
// numbers parsing would round are refused); the upstream gets the serialization of the validated value. An
// invalid call is a CallToolResult with isError (MCP "Tools", error handling: input errors go back to the model
// so it can correct itself); a name that is unknown, withheld or not granted is the protocol error -32602, which
// never says why a tool was withheld.
import { argumentsRefusal, type ForwardedCall, forwardedCall, protoMemberPath, protoRefusal } from '../mcp/forward.js';
import { outputProblem } from '../catalog/mcp-output.js';
import { formatForModel } from '../errors/format.js';
import { clip } from '../util/describe-value.js';
import type { Published } from './admission.js';
import type { RpcMessage } from '../mcp/channel.js';
import { memberText } from '../mcp/json-member.js';
import { RPC, type RpcError } from '../mcp/peer.js';

/** A CallToolResult made by the proxy. */
function errorResult(text: string): { content: { type: 'text'; text: string }[]; isError: true } {
  return { content: [{ type: 'text', text }], isError: true };
}

/** The decision on one tools/call. */
export type CallDecision =
  | { readonly kind: 'refuse'; readonly tool: string; readonly error: RpcError }
  | { readonly kind: 'invalid'; readonly tool: string; readonly result: object; readonly stage: string }
  | {
      readonly kind: 'forward';
      readonly tool: string;
      readonly params: ForwardedCall['params'];
      /** Members of the received params left out of the forwarded call (for `--log`). */
      readonly dropped: readonly string[];
    };

/** Judges a tools/call request (`text` is the line it arrived on). */
export function decideCall(message: RpcMessage, text: string, published: Published): CallDecision {
  const params = (message.params ?? {}) as Record<string, unknown>;
  const name = params['name'];
  const shown = typeof name === 'string' ? clip(name, 80) : '';
  if (typeof name !== 'string' || !published.tools.has(name) || published.bundle === undefined)
    return { kind: 'refuse', tool: shown, error: { code: RPC.invalidParams, message: `unknown tool: ${shown}` } };
  const given = params['arguments'];
  const invalid = (why: string, stage = 'validate'): CallDecision => ({
    kind: 'invalid',
    tool: name,
    result: errorResult(`error: invalid arguments for ${name}: ${why}`),
    stage,
  });
  if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given)))
    return invalid('arguments must be a JSON object');
  const raw = given === undefined ? undefined : memberText(text, ['params', 'arguments']);
  if (raw !== undefined && raw.kind === 'duplicate') return invalid(`the request has "${raw.key}" twice`);
  const argsText = raw?.kind === 'text' ? raw.text : undefined;
  const verdict = published.bundle.registry.check({ id: '', name, arguments: argsText });
  if (!verdict.ok)
    return { kind: 'invalid', tool: name, result: errorResult(formatForModel(name, verdict.error)), stage: 'validate' };
  // Rebuilt from what was checked (src/mcp/forward.ts, as guardClient does): nothing of the request is copied through.
  const refused = argumentsRefusal(verdict.value);
  if (refused !== undefined) return invalid(refused);
  const { params: forwarded, dropped } = forwardedCall(name, verdict.value as object, params);
  return { kind: 'forward', tool: name, params: forwarded, dropped };
}

/** What the client gets for a forwarded call: the result's own text, or a value to serialize. */
export type CheckedResult =
  | { readonly text: string; readonly problem: undefined }
  | { readonly result: unknown; readonly problem: 'size' | 'output' | undefined };

/**
 * The upstream's result as the client gets it: unchanged, unless it is over the limit or breaks its
 * outputSchema. A result with no outputSchema is passed on as the text it arrived in (`line` is the upstream's
 * line), so a large result is not serialized again; one that was checked against its outputSchema is sent as
 * the value that was checked, so a duplicate key cannot show the client something else.
 */
export function checkResult(
  tool: string,
  result: unknown,
  line: string | undefined,
  published: Published,
  maxResultBytes: number,
): CheckedResult {
  // A member named __proto__ goes toward the client no more than toward the server.
  const proto = protoMemberPath(result);
  if (proto !== undefined)
    return {
      result: errorResult(`error: tool ${tool} ran but its result was not passed on: ${protoRefusal(proto)}`),
      problem: 'output',
    };
  const raw = line === undefined ? undefined : memberText(line, ['result']);
  const text = raw?.kind === 'text' ? raw.text : JSON.stringify(result);
  const size = Buffer.byteLength(text ?? '');
  if (size > maxResultBytes)
    return {
      result: errorResult(
        `error: tool ${tool} ran but its result (${size} bytes) is over --max-result, ${maxResultBytes} bytes`,
      ),
      problem: 'size',
    };
  const schema = published.outputs.get(tool);
  if (schema === undefined)
    return raw?.kind === 'text' ? { text: raw.text, problem: undefined } : { result, problem: undefined };
  if (outputProblem(result, schema) === undefined) return { result, problem: undefined };
  // It ran: saying it failed would invite the model to call it again and repeat its side effect.
  return {
    result: errorResult(`error: tool ${tool} ran but its output does not match its output schema`),
    problem: 'output',
  };
}
