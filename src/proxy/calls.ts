// What the proxy decides for one tools/call before anything reaches the upstream, and what it makes of the
// upstream's result, on the one call gate guardClient uses too (src/mcp/call-gate.ts). The arguments are validated
// as the text they arrived in (duplicate keys and numbers parsing would round are refused); the upstream gets the
// serialization of the validated value. An
// invalid call is a CallToolResult with isError (MCP "Tools", error handling: input errors go back to the model
// so it can correct itself); a name that is unknown, withheld or not granted is the protocol error -32602, which
// says why a tool was withheld only of one the caller is granted and no client can use (Published.unusable).
import { duplicateKeyIn } from '../arguments/json-text.js';
import { gateCall, outputRefusal, passOnRefusal, resultShapeProblem, unaskedTaskRefusal } from '../mcp/call-gate.js';
import type { ForwardedCall } from '../mcp/forward.js';
import { clip, escapeSeparators, printable } from '../util/describe-value.js';
import type { Published } from './published.js';
import type { RpcMessage } from '../mcp/channel.js';
import { memberText } from '../mcp/json-member.js';
import { RPC, type RpcError } from '../mcp/peer.js';
import { secretSafeText } from './secret-safe-text.js';
import { holdsSecretNumber, SECRET_NUMBER, writesSecretNumber } from './client-masker.js';
import { modernResultMembers } from '../mcp/modern.js';
import { lackedContent, readsStructuredContent } from '../mcp/revision-fields.js';
import { NEWEST_INITIALIZE, type ProtocolRevision } from '../mcp/versions.js';
import { isObject } from '../util/plain-json.js';

/** A CallToolResult made by the proxy. */
function errorResult(text: string): { content: { type: 'text'; text: string }[]; isError: true } {
  return { content: [{ type: 'text', text }], isError: true };
}

/**
 * The refusal of a call of `name`, not published (the client called it `calledAs`, a gateway's published name): why,
 * of a tool its caller is granted and no client can use.
 */
export function unknownTool(published: Published, name: unknown, calledAs = name): string {
  const reason = typeof name === 'string' ? published.unusable?.get(name) : undefined;
  const shown = typeof calledAs === 'string' ? clip(calledAs, 80) : '';
  return reason === undefined ? `unknown tool: ${shown}` : `withheld by toolgate proxy: ${shown}: ${reason}`;
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

/**
 * Judges a tools/call request (`text` is the line it arrived on); the model's text names the tool `calledAs` when
 * given (the gateway's published name), else by the request's name, and shows no schema value that holds one of
 * `secrets` (secret-safe-text.ts).
 */
export function decideCall(
  message: RpcMessage,
  text: string,
  published: Published,
  secrets: readonly string[],
  calledAs?: string,
): CallDecision {
  const params = (message.params ?? {}) as Record<string, unknown>;
  const name = params['name'];
  const shown = typeof name === 'string' ? clip(name, 80) : '';
  if (typeof name !== 'string' || !published.tools.has(name) || published.bundle === undefined)
    return { kind: 'refuse', tool: shown, error: { code: RPC.invalidParams, message: unknownTool(published, name) } };
  const verdict = gateCall(
    published.bundle.registry,
    name,
    params['arguments'],
    { requestText: text },
    params,
    calledAs ?? name,
  );
  if (verdict.kind === 'invalid') {
    const shownText = secretSafeText(verdict.text, published.tools.get(name), verdict.error, calledAs ?? name, secrets);
    return { kind: 'invalid', tool: name, result: errorResult(shownText), stage: 'validate' };
  }
  return { kind: 'forward', tool: name, params: verdict.params, dropped: verdict.dropped };
}

/** What the client gets for a forwarded call: a JSON text sent as it is (the server's own), or a value to serialize. */
export type CheckedResult =
  | { readonly text: string; readonly problem: undefined }
  | { readonly result: unknown; readonly problem: 'size' | 'output' | undefined };

/**
 * A key of the server's as a refusal shows it: quoted, written out where it would steer; a long one not shown (cut
 * short, a secret in it would escape the masking of whole values, as in a `__proto__` path: util/member-path.ts).
 */
const shownKey = (key: string): string =>
  key.length > 40 ? 'a long key' : `the key ${escapeSeparators(printable(JSON.stringify(key)))}`;

/**
 * The upstream's result as the client gets it: unchanged, unless it is over the limit or breaks its
 * outputSchema. A result with no outputSchema is passed on as the text it arrived in (`line` is the upstream's
 * line), so a large result is not serialized again; one that was checked against its outputSchema is sent as
 * the value that was checked, so a duplicate key cannot show the client something else. Its texts name the tool
 * `calledAs`, the name the model called it by. `asValue`: the caller sends the value whatever the tool (a
 * 2026-07-28 reply, whose result gains a member). `secrets`: what the client's masking masks; a result holding one
 * as a number is refused (client-masker.ts). --max-result holds for what is sent: a value's serialization
 * can be longer than the server's text (`1e20` is written out in 21 digits; a hunt's find: a 25 KB result reached
 * the client as 110 KB past a limit of 30 KB).
 */
export function checkResult(
  tool: string,
  result: unknown,
  line: string | undefined,
  published: Pick<Published, 'outputs'>,
  maxResultBytes: number,
  calledAs = tool,
  asValue = false,
  revision: ProtocolRevision = NEWEST_INITIALIZE,
  secrets: readonly string[] = [],
): CheckedResult {
  // No call the proxy forwards asks for a task: one in the answer is refused before anything of it is read.
  const task = unaskedTaskRefusal(calledAs, result);
  if (task !== undefined) return { result: errorResult(task.text), problem: 'output' };
  // A member named __proto__ goes toward the client no more than toward the server; a lone surrogate no more than
  // in a listing (a model API refuses it, and then every later request of the conversation).
  const refused = passOnRefusal(calledAs, result, line);
  if (refused !== undefined) return { result: errorResult(refused.text), problem: 'output' };
  const unread = unreadable(result, revision, asValue);
  if (unread !== undefined)
    return {
      result: errorResult(`error: tool ${calledAs} ran but its result was not passed on: ${unread}`),
      problem: 'output',
    };
  const raw = line === undefined ? undefined : memberText(line, ['result']);
  const text = raw?.kind === 'text' ? raw.text : JSON.stringify(result);
  // The text first: its size bounds the checks that follow, and the serialization of a value sent instead.
  if (Buffer.byteLength(text ?? '') > maxResultBytes) return oversized(calledAs, text ?? '', maxResultBytes);
  // The result's own text goes on as the server wrote it: a key written twice there is checked as JSON.parse kept it
  // (the last), while a client keeping the first would read another result, one holding `__proto__` say (a hunt).
  const twice = raw?.kind === 'text' ? duplicateKeyIn(raw.text, { value: result }) : undefined;
  if (twice !== undefined)
    return {
      result: errorResult(
        `error: tool ${calledAs} ran but its result was not passed on: it holds ${shownKey(twice)} twice in one object`,
      ),
      problem: 'output',
    };
  const schema = published.outputs.get(tool);
  // structuredContent came with outputSchema (2025-06-18): left out for a client of an earlier revision, which the
  // result's text blocks serve ("Tools", Structured Content: a tool SHOULD return it as text too).
  const fitted = structuredFor(result, revision);
  // A secret held as a number is refused, as a listed tool holding one is withheld (client-masker.ts); in the text
  // passed on as written too, whose digits past what a double holds the masking reads as written (a review's find:
  // 123456780000000000000000 was parsed 1.2345678e+23, passed, and reached the client a string).
  const asWritten = schema === undefined && !asValue && fitted === result && raw?.kind === 'text';
  // What is sent as written is masked as written: its text is judged, else the value that will be serialized.
  if (asWritten ? writesSecretNumber(raw.text, secrets) : holdsSecretNumber(fitted, secrets))
    return {
      result: errorResult(`error: tool ${calledAs} ran but its result was not passed on: it holds ${SECRET_NUMBER}`),
      problem: 'output',
    };
  if (schema === undefined && !asValue && fitted === result)
    return raw?.kind === 'text' ? { text: raw.text, problem: undefined } : { result, problem: undefined };
  const broken = schema === undefined ? undefined : outputRefusal(calledAs, result, schema);
  if (broken !== undefined) return { result: errorResult(broken.text), problem: 'output' };
  // The value is what is sent: serialized here once (the text above when it was made from the value).
  const sent = raw?.kind === 'text' || fitted !== result ? JSON.stringify(fitted) : (text ?? '');
  if (Buffer.byteLength(sent) > maxResultBytes) return oversized(calledAs, sent, maxResultBytes);
  return { text: sent, problem: undefined };
}

/**
 * Why a client of `revision` cannot read a tool's `result`, or undefined: a CallToolResult is an object with a
 * `content` array, of block types its revision has, and without the members only a 2026-07-28 server sends (an
 * `input_required` round no one checked; modern-requests.ts refuses them on the `asValue` path). A hunt's find: a
 * `null`, an array and such a round reached 2025-11-25 session clients, `audio` a 2024-11-05 one.
 */
function unreadable(result: unknown, revision: ProtocolRevision, asValue: boolean): string | undefined {
  if (asValue && (!isObject(result) || modernResultMembers(result).length > 0)) return undefined;
  const shape = resultShapeProblem(result);
  if (shape !== undefined) return shape;
  const lacked = lackedContent((result as { content: unknown[] }).content, revision);
  if (lacked !== undefined) return `it holds ${lacked} content, which an MCP ${revision.version} client cannot read`;
  return undefined;
}

/** A result without its `structuredContent` when `revision` does not read it (else the same object). */
function structuredFor(result: unknown, revision: ProtocolRevision): unknown {
  if (readsStructuredContent(revision) || !isObject(result) || !Object.hasOwn(result, 'structuredContent'))
    return result;
  const { structuredContent: _left, ...rest } = result;
  return rest;
}

/** The refusal of a result whose `text` is over --max-result. */
function oversized(calledAs: string, text: string, maxResultBytes: number): CheckedResult {
  const size = Buffer.byteLength(text);
  return {
    result: errorResult(
      `error: tool ${calledAs} ran but its result (${size} bytes) is over --max-result, ${maxResultBytes} bytes`,
    ),
    problem: 'size',
  };
}
