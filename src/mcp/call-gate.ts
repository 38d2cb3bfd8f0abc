// The one gate of an MCP tools/call, used by the proxy (src/proxy/calls.ts) and guardClient
// (src/adapters/mcp-client.ts) alike: given an admitted tool, its arguments are validated exactly and the
// request to forward is rebuilt from what was checked (forward.ts); given the result of a call that ran, what
// may be passed on. No I/O and no wire shape: each caller answers in its own (the proxy's -32602 for an unknown
// tool never says why; guardClient's text names the tools available), but the verdicts are the same code.
import { formatForModel } from '../errors/format.js';
import type { GateError } from '../result.js';
import type { Registry } from '../tools/registry.js';
import { loneSurrogateRefusal, notPassedOn, unpassableAt } from '../tools/mcp-result.js';
import { hasLoneSurrogate } from '../util/jcs.js';
import { argumentsRefusal, type ForwardedCall, forwardedCall, mayHoldProto, protoRefusal } from './forward.js';
import { readCall, requestTwice } from './repeated-keys.js';
import { modernResultMembers } from './modern.js';
import { isObject } from '../util/plain-json.js';

/**
 * How the arguments arrived: as the JSON text of the whole tools/call request (the proxy: validated as the text
 * that arrived, so duplicate keys and numbers parsing would round are refused, and a request giving a key twice
 * outside them too: repeated-keys.ts), or as a value the caller holds (a frozen private copy: guardClient).
 */
export type ArgumentsSource = { readonly requestText: string } | { readonly value: unknown };

/** The gate's verdict on a call to an admitted tool. */
export type CallVerdict =
  | { readonly kind: 'invalid'; readonly text: string; readonly error?: GateError }
  | {
      readonly kind: 'forward';
      readonly params: ForwardedCall['params'];
      /** Members of the received params left out of the forwarded call. */
      readonly dropped: readonly string[];
    };

const invalid = (tool: string, why: string): CallVerdict => ({
  kind: 'invalid',
  text: `error: invalid arguments for ${tool}: ${why}`,
});

/**
 * Decides a tools/call of `tool`, which the caller found admitted and granted in `registry`: `given` is the
 * `arguments` member as received (undefined when absent), `source` where its exact form is read from, `params`
 * the request's params (only a plain `_meta` of them is carried on). The text names the tool `calledAs`, the name
 * the model called it by (the gateway publishes a server's tool under a prefixed name).
 */
export function gateCall(
  registry: Registry,
  tool: string,
  given: unknown,
  source: ArgumentsSource,
  params: Readonly<Record<string, unknown>>,
  calledAs = tool,
): CallVerdict {
  // MCP sends arguments as an object; a string would be validated as JSON text but sent as a string.
  if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given)))
    return invalid(calledAs, 'arguments must be a JSON object');
  let args: unknown;
  let argsText: string | undefined;
  if ('requestText' in source) {
    // A key twice anywhere but in the arguments is refused whether or not arguments were given (a hunt's find).
    const read = readCall(source.requestText, params);
    if (read.kind === 'twice') return invalid(calledAs, requestTwice(read.key));
    argsText = given === undefined ? undefined : read.arguments;
    args = argsText;
  } else if (given !== undefined) args = source.value;
  const verdict = registry.check({ id: '', name: tool, arguments: args });
  if (!verdict.ok) return { kind: 'invalid', text: formatForModel(calledAs, verdict.error), error: verdict.error };
  const refused = argumentsRefusal(verdict.value, argsText);
  if (refused !== undefined) return invalid(calledAs, refused);
  // Rebuilt from what was checked: nothing of the request is copied through.
  const { params: forwarded, dropped } = forwardedCall(tool, verdict.value as object, params);
  return { kind: 'forward', params: forwarded, dropped };
}

/**
 * Why a result of `tool` that ran may not be passed on as it is (a member named `__proto__`, a key or string with a
 * lone surrogate: tools/mcp-result.ts), with the problem and what was found, or undefined. `text` is JSON text the
 * result was read from, when there is one: a text with no `\u` escape, no such name and no lone surrogate of its own
 * holds neither, and the result is not searched.
 */
export function passOnRefusal(
  tool: string,
  result: unknown,
  text?: string,
): { readonly text: string; readonly error: GateError; readonly found: 'member' | 'text' } | undefined {
  if (text !== undefined && !mayHoldProto(text) && !hasLoneSurrogate(text)) return undefined;
  const found = unpassableAt(result);
  if (found === undefined) return undefined;
  const why = found.found === 'member' ? protoRefusal(found.path) : loneSurrogateRefusal(found.path);
  return { ...notPassedOn(tool, why), found: found.found };
}

/**
 * Why a result of a plain tools/call may not be passed on because it is a task, or undefined. toolgate never sends
 * `params.task` (forward.ts), and a task answers a task-augmented request only (MCP 2025-11-25, "Tasks",
 * Definitions): an answer holding a `task` member (a CreateTaskResult, or a result claiming one) is no CallToolResult
 * of that call, and nothing of it goes on (a hunt's find: the proxy passed it on and kept its task).
 */
export function unaskedTaskRefusal(
  tool: string,
  result: unknown,
): { readonly text: string; readonly error: GateError } | undefined {
  if (result === null || typeof result !== 'object' || !Object.hasOwn(result, 'task')) return undefined;
  return notPassedOn(tool, 'the server answered with a task, which it was not asked for (the call was a plain one)');
}

/**
 * Why `result` is no CallToolResult a client of an initialize revision reads, or undefined: an object with a
 * `content` array (MCP 2025-11-25, "Tools", Tool Result: required) and none of the members only a 2026-07-28 server
 * sends (an `input_required` round no one checked). A hunt's find: guardClient handed such results on as successes.
 */
export function resultShapeRefusal(
  tool: string,
  result: unknown,
): { readonly text: string; readonly error: GateError } | undefined {
  const why = resultShapeProblem(result);
  return why === undefined ? undefined : notPassedOn(tool, why);
}

/** Why `result` is no CallToolResult (resultShapeRefusal's reason), or undefined. */
export function resultShapeProblem(result: unknown): string | undefined {
  if (!isObject(result) || !Array.isArray(result['content']))
    return 'it is not a CallToolResult (an object with a content array)';
  const modern = modernResultMembers(result);
  if (modern.length > 0)
    return `the server put ${modern.join(', ')} in it, which only an MCP 2026-07-28 server may send`;
  return undefined;
}

/** The one output-schema verdict (catalog/mcp-output.ts), which admitMcpTools' bundles give too. */
export { outputRefusal } from '../catalog/mcp-output.js';
