// A call refused before its arguments are read against the schema: at lookup (the registry misconfigured, the call
// not plain data, its options invalid, its name unknown) or at authorize (a tool outside `grants`). Each is the text
// the model reads and the ToolError the host gets; Registry.check words the same refusals.
import type { GateError } from '../result.js';
import { describeValue } from '../util/describe-value.js';
import { listNames } from '../util/name-list.js';
import { errorResult, staged, type ToolResult } from './tool-result.js';

/** What the model reads of a name no call may reach: the name, and the tools it may call instead. */
export function unknownToolText(name: unknown, published: readonly string[]): string {
  return `unknown tool ${describeValue(name)}; available tools: ${listNames(published)}`;
}

/** Why a registered tool outside `grants` is refused: the host's message (the model reads unknownToolText). */
export function ungrantedMessage(name: string): string {
  return `tool ${describeValue(name)} is not granted (it is registered, but not in grants)`;
}

/** A call to a registry whose options could not be read: refused with that options error. */
export function misconfiguredRefusal(callId: string, shownName: string, error: GateError): ToolResult {
  return errorResult(
    callId,
    shownName,
    `error: tool ${shownName} cannot be called: the host's tool registry is misconfigured`,
    staged(error, 'lookup'),
  );
}

/** A call whose fields are not plain data (an accessor, a Proxy trap that threw): `problem` says which. */
export function malformedCallRefusal(callId: string, shownName: string, problem: string): ToolResult {
  return errorResult(callId, shownName, `error: ${problem}`, {
    class: 'validation',
    message: problem,
    violations: [],
    stage: 'lookup',
  });
}

/** A call whose own options (CallOptions) could not be read: a host's mistake, so the model is not told which. */
export function callOptionsRefusal(callId: string, shownName: string, error: GateError): ToolResult {
  return errorResult(
    callId,
    shownName,
    `error: tool ${shownName} cannot be called: the host's call options are invalid`,
    staged(error, 'lookup'),
  );
}

/** A call to a name registered neither as itself nor as a provider's name; `text` is unknownToolText's. */
export function unknownToolRefusal(callId: string, shownName: string, text: string): ToolResult {
  return errorResult(callId, shownName, `error: ${text}`, {
    class: 'validation',
    message: text,
    violations: [],
    stage: 'lookup',
  });
}

/**
 * A call to a registered tool outside `grants`, refused before any stage: the model reads `unknownText` about the
 * name it called, `shownName` (it is told of an unknown name, as for any tool it may not call: a provider's name
 * for a dotted tool must not turn into the tool's own), the host reads ungrantedMessage of the tool's `name`.
 */
export function ungrantedRefusal(callId: string, shownName: string, name: string, unknownText: string): ToolResult {
  return errorResult(callId, shownName, `error: ${unknownText}`, {
    class: 'validation',
    message: ungrantedMessage(name),
    violations: [],
    stage: 'authorize',
  });
}
