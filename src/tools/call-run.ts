// An admitted call run through the host's stages and the tool (gateway.ts), within its deadline (deadline.ts), then
// settled; every outcome becomes a ToolResult here. Registry.call decides everything before (registry.ts).
import { thrownMessage, type ExecutionFailureKind } from '../result.js';
import { frozenCopy } from '../schema/schema-copy.js';
import { isError, jsonOrError } from '../util/host-error.js';
import { dropRejection } from '../util/host-hook.js';
import { hasLoneSurrogate } from '../util/jcs.js';
import { withDeadline, type Outcome } from './deadline.js';
import { thrownText, cutShortText, type ExposeErrors, type ToolErrorEvent } from './failure-text.js';
import {
  causeMessage,
  GATEWAY_ORDER,
  runGateway,
  type GatewayOutcome,
  type GatewayProgress,
  type Stages,
} from './gateway.js';
import { loneSurrogateResult, MAX_MCP_RESULT_DEPTH, McpOutput, mcpToolResult, tooLongResult } from './mcp-result.js';
import type { CallBounds } from './registry-options.js';
import type { Tool } from './tool.js';
import { errorResult, successResult, type CallStage, type ToolError, type ToolResult } from './tool-result.js';

/** A call that passed lookup and validation, with what the stages and the tool need. */
export interface Admitted {
  readonly kind: 'admitted';
  readonly callId: string;
  /** The registered tool's own name. */
  readonly name: string;
  readonly tool: Tool;
  readonly args: unknown;
  /** Whether `args` is toolgate's own value, parsed from the call's text (or the `{}` of a call without any). */
  readonly parsed: boolean;
  readonly bounds: CallBounds;
}

/** What running a call needs of its registry: the host's stages and how its failures are told. */
export interface RunHost {
  readonly stages: Stages;
  readonly exposeErrors: ExposeErrors | undefined;
  readonly onError: ((event: ToolErrorEvent) => void) | undefined;
  /** The longest result passed on, in bytes of JSON text (RegistryOptions.maxResultBytes). */
  readonly maxResultBytes: number;
}

/** toolgate's own failure: its message may still quote a caller's value, so the model gets none of it. */
export function internalFailure(callId: string, name: string, thrown: unknown): ToolResult {
  const error: ToolError = {
    class: 'execution_failure',
    message: `toolgate failed: ${thrownMessage(thrown)}`,
    violations: [],
    kind: 'internal',
    stage: 'lookup',
    cause: thrown,
  };
  return errorResult(callId, name, `error: call to ${name} failed inside toolgate`, error);
}

/** The stages and the tool for an admitted call; resolves to the internal failure rather than rejecting. */
export async function runAdmitted(
  host: RunHost,
  admitted: Admitted,
  callId: string,
  shownName: string,
): Promise<ToolResult> {
  try {
    return await execute(host, admitted);
  } catch (thrown) {
    return internalFailure(callId, shownName, thrown);
  }
}

/** Whether any stage before the tool, or settle, is given. */
function hasStages(stages: Stages): boolean {
  return stages.settle !== undefined || GATEWAY_ORDER.some((stage) => stages[stage] !== undefined);
}

async function execute(host: RunHost, admitted: Admitted): Promise<ToolResult> {
  const { callId, name, tool, args } = admitted;
  // Arguments parsed from the call's text are toolgate's own value: the stages and settle read a deep-frozen copy of
  // it, made before any of them runs, so none can change what a later stage judges or what the tool runs with (an
  // authorize stage wrote `cents: 1e9` into a call validated as {"cents": 5}, and the tool charged 1e9). Arguments
  // the host gave as an object stay the host's: stages, settle and the tool share that reference (docs/api.md).
  const seen = admitted.parsed && hasStages(host.stages) ? frozenCopy(args) : args;
  const { timeoutMs, signal: outer, context } = admitted.bounds;
  const progress: GatewayProgress = { passed: [], executing: false };
  let body: Promise<GatewayOutcome> | undefined;
  let signal: AbortSignal | undefined;
  let result: ToolResult;
  let cutShort = false;
  try {
    const outcome = await withDeadline(
      (inner) => {
        signal = inner;
        body = runGateway(tool, args, { callId, name, signal: inner, context }, host.stages, progress, seen);
        return body;
      },
      { timeoutMs, signal: outer },
    );
    cutShort = outcome.kind === 'timeout' || outcome.kind === 'aborted';
    // Read now: once the deadline has aborted the signal the gateway starts nothing more (gateway.ts).
    result = resultOf(host, callId, name, outcome, progress.executing);
  } catch (thrown) {
    result = reportThrow(host, callId, name, 'lookup', thrown, 'internal');
  }
  const settle = host.stages.settle;
  if (typeof settle !== 'function') return result;
  const run = (): Promise<void> =>
    runSettle(host, settle, {
      callId,
      name,
      args: seen,
      tool,
      signal: signal ?? AbortSignal.abort(),
      context,
      result,
      passed: Object.freeze([...progress.passed]),
    });
  // A deadline that passed while a stage was still running: the call resolves now, and settle runs
  // once that stage has returned, so a reservation it made is seen (the gateway stops after it).
  if (cutShort && body !== undefined && !progress.executing) {
    void body.then(run, run);
    return result;
  }
  await run();
  return result;
}

/** Runs the host's settle stage; a throw is reported to onError and changes nothing. */
async function runSettle(
  host: RunHost,
  settle: NonNullable<Stages['settle']>,
  context: Parameters<NonNullable<Stages['settle']>>[0],
): Promise<void> {
  try {
    await settle(context);
  } catch (cause) {
    const error: ToolError = {
      class: 'execution_failure',
      message: `settle threw: ${causeMessage(cause)}`,
      violations: [],
      kind: 'host',
      stage: 'settle',
      cause,
    };
    notify(host, { callId: context.callId, name: context.name, stage: 'settle', cause, error });
  }
}

function resultOf(
  host: RunHost,
  callId: string,
  name: string,
  outcome: Outcome<GatewayOutcome>,
  started: boolean,
): ToolResult {
  const failure = (kind: ExecutionFailureKind, stage: CallStage, content: string, message: string): ToolResult => {
    const error: ToolError = {
      class: 'execution_failure',
      message,
      violations: [],
      kind,
      stage,
    };
    return errorResult(callId, name, content, error);
  };
  // A call cut short says whether the tool had started: retrying one that had could repeat its effects.
  const when = started ? 'after the tool started' : 'before the tool started';
  if (outcome.kind === 'timeout')
    return errorResult(callId, name, cutShortText(name, started, outcome.ms), {
      class: 'execution_failure',
      message: `timed out after ${outcome.ms} ms, ${when}`,
      violations: [],
      kind: 'timeout',
      stage: 'execute',
      started,
    });
  if (outcome.kind === 'aborted')
    return errorResult(callId, name, cutShortText(name, started), {
      class: 'execution_failure',
      message: `aborted by the host, ${when}`,
      violations: [],
      kind: 'abort',
      stage: 'execute',
      ...(outcome.reason === undefined ? {} : { cause: outcome.reason }),
      started,
    });
  // runGateway catches everything itself; a throw reaching here is toolgate's own fault.
  if (outcome.kind === 'threw') return reportThrow(host, callId, name, 'lookup', outcome.cause, 'internal');
  const g = outcome.value;
  if (g.kind === 'refused')
    return failure(
      'refused',
      g.stage,
      `error: ${g.stage} refused the call to ${name}: ${causeMessage(g.reason)}`,
      `${g.stage} refused: ${g.reason}`,
    );
  if (g.kind === 'threw')
    return reportThrow(host, callId, name, g.stage, g.cause, g.stage === 'execute' ? 'tool' : 'host');
  // A returned Error is a failure the tool reported, read as a throw: its members (an fs error's `path`, a net
  // error's `address`) are host text that JSON would otherwise copy into the model's text.
  if (g.value instanceof McpOutput) {
    if (isError(g.value.value)) return reportThrow(host, callId, name, 'execute', g.value.value, 'tool');
    return mcpToolResult(callId, name, g.value.value, host.maxResultBytes, g.value.check);
  }
  // Bounded in depth as an MCP result is: JSON.stringify's own limit depends on the stack.
  const content = jsonOrError(g.value, host.maxResultBytes, MAX_MCP_RESULT_DEPTH);
  if (content === 'too-long') return tooLongResult(callId, name, host.maxResultBytes);
  if (content === 'not-json' || content === 'too-deep')
    return failure(
      'tool',
      'execute',
      `error: tool ${name} returned a value that cannot be sent as JSON`,
      content === 'too-deep'
        ? `result is not JSON-serialisable (nested more than ${MAX_MCP_RESULT_DEPTH} levels deep)`
        : 'result is not JSON-serialisable',
    );
  if ('error' in content) return reportThrow(host, callId, name, 'execute', content.error, 'tool');
  // A string is the model's text as it is, refused with a lone surrogate as an MCP result is (a hunt's find); any
  // other value is JSON.stringify's text, which writes one as a \u escape.
  if (typeof g.value === 'string' && hasLoneSurrogate(g.value)) return loneSurrogateResult(callId, name, '$');
  return successResult(callId, name, content.text);
}

/**
 * A thrown value: the model reads a generic line naming the tool (or, with exposeErrors, more; never a
 * stack); the original goes to error.cause and onError.
 */
function reportThrow(
  host: RunHost,
  callId: string,
  name: string,
  stage: CallStage,
  cause: unknown,
  kind: ExecutionFailureKind,
): ToolResult {
  const error: ToolError = {
    class: 'execution_failure',
    message: `${stage} threw: ${causeMessage(cause)}`,
    violations: [],
    kind,
    stage,
    cause,
  };
  const event: ToolErrorEvent = { callId, name, stage, cause, error };
  notify(host, event);
  return errorResult(callId, name, thrownText(event, host.exposeErrors), error);
}

function notify(host: RunHost, event: ToolErrorEvent): void {
  if (host.onError === undefined) return;
  try {
    dropRejection(host.onError(event));
  } catch {
    // The host's logging hook must not change what the model reads.
  }
}
