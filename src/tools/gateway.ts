import { dataProperty, thrownMessage } from '../result.js';
import { cutWhole, oneLine, printable } from '../util/describe-value.js';
import type { Tool, ToolContext } from './tool.js';
import type { CallStage, ToolResult } from './tool-result.js';

/** What a stage sees: the call after validation, with the arguments exactly as validated. */
export interface StageContext {
  readonly callId: string;
  readonly name: string;
  readonly args: unknown;
  readonly tool: Tool;
  readonly signal: AbortSignal;
  /** The host's `context` call option (caller, run, budget...), by reference; undefined when none was given. */
  readonly context: unknown;
}

/** One of the stages that run before `execute`. */
export type GatewayStage = (typeof GATEWAY_ORDER)[number];

/** What `settle` sees: the call, how it ended, and which stages let it through (so a reservation can be undone). */
export interface SettleContext extends StageContext {
  /** The result the caller gets (a refusal, a throw, a timeout or the tool's value). */
  readonly result: ToolResult;
  /** The stages that allowed the call, in order; a stage that refused or threw is not among them. */
  readonly passed: readonly GatewayStage[];
}

/** Runs once after every call that passed validation, whatever happened next; its return value is ignored. */
export type SettleStage = (context: SettleContext) => unknown;

/**
 * A stage's answer: nothing, `true` or `{ allow: true }` lets the call go on; `false` or
 * `{ allow: false, reason }` refuses it. Anything else refuses too (fail closed).
 */
export type StageVerdict =
  | void
  | undefined
  | boolean
  | { readonly allow: true }
  | { readonly allow: false; readonly reason: string };

/** A host hook run before a tool; may be async. */
export type Stage = (context: StageContext) => StageVerdict | Promise<StageVerdict>;

/** The optional host stages: four run in the order of GATEWAY_ORDER before the tool, `settle` after it. */
export interface Stages {
  readonly authorize?: Stage;
  readonly approve?: Stage;
  readonly reserveBudget?: Stage;
  readonly commitIntent?: Stage;
  /**
   * After the call: the tool's value, a refusal, a throw, a timeout or an abort. Runs exactly once per
   * call that passed validation; `Registry.call` resolves after it returns (or, when a timeout or abort
   * came while a stage was still running, once that stage has returned). A throw goes to `onError`.
   */
  readonly settle?: SettleStage;
}

/** The order stages run in, before `execute`. */
export const GATEWAY_ORDER = Object.freeze(['authorize', 'approve', 'reserveBudget', 'commitIntent'] as const);

/** How far a call got through the gateway, kept by runGateway for `settle`. */
export interface GatewayProgress {
  /** Stages that allowed the call, in order. */
  readonly passed: GatewayStage[];
  /** Set when `execute` was started. */
  executing: boolean;
}

/** How the gateway ended: the tool's value, a refusal by a stage, or a throw (by a stage or the tool). */
export type GatewayOutcome =
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'refused'; readonly stage: CallStage; readonly reason: string }
  | { readonly kind: 'threw'; readonly stage: CallStage; readonly cause: unknown };

function refusalReason(verdict: unknown): string | undefined {
  if (verdict === undefined || verdict === true) return undefined;
  if (verdict !== null && typeof verdict === 'object') {
    const v = verdict as { allow?: unknown; reason?: unknown };
    if (v.allow === true) return undefined;
    if (v.allow === false) return typeof v.reason === 'string' && v.reason !== '' ? v.reason : 'refused';
  }
  return verdict === false
    ? 'refused'
    : `unrecognised verdict (${verdict === null ? 'null' : typeof verdict}), refused`;
}

/**
 * Runs the host stages in GATEWAY_ORDER, then the tool, stopping at the first refusal or throw. The stages read
 * `seen` (call-run.ts: a frozen copy of parsed arguments), the tool gets `args` itself.
 * Called only for arguments that passed validation. A stage that is not a function is skipped
 * only when absent: a present non-function refuses (a misconfigured policy must not let calls through).
 */
export async function runGateway(
  tool: Tool,
  args: unknown,
  context: ToolContext,
  stages: Stages,
  progress: GatewayProgress,
  seen: unknown = args,
): Promise<GatewayOutcome> {
  for (const stage of GATEWAY_ORDER) {
    const hook: unknown = stages[stage];
    if (hook === undefined) continue;
    if (context.signal.aborted) return { kind: 'threw', stage, cause: context.signal.reason };
    if (typeof hook !== 'function')
      return { kind: 'refused', stage, reason: 'the stage is misconfigured (not a function)' };
    let verdict: unknown;
    try {
      verdict = await (hook as Stage)({
        callId: context.callId,
        name: context.name,
        args: seen,
        tool,
        signal: context.signal,
        context: context.context,
      });
    } catch (cause) {
      return { kind: 'threw', stage, cause };
    }
    let reason: string | undefined;
    try {
      // A verdict is the host's object: a getter on it is the stage's code, and its throw the stage's.
      reason = refusalReason(verdict);
    } catch (cause) {
      return { kind: 'threw', stage, cause };
    }
    if (reason !== undefined) return { kind: 'refused', stage, reason };
    // Counted even when the deadline passed meanwhile: the stage did its work, settle must see it.
    progress.passed.push(stage);
  }
  if (context.signal.aborted) return { kind: 'threw', stage: 'execute', cause: context.signal.reason };
  progress.executing = true;
  try {
    return { kind: 'value', value: await tool.execute(args, context) };
  } catch (cause) {
    return { kind: 'threw', stage: 'execute', cause };
  }
}

/**
 * An error code's shape: a name of capitals, digits and underscores (`ECONNRESET`, `ERR_INVALID_URL`). A `code` of
 * any other text is host data like the error's other members (a hunt's find: a code holding a connection string
 * with its password was shown to the model under exposeErrors).
 */
const CODE_NAME = /^[A-Z][A-Z0-9_]{0,39}$/;

/** The `code` of a thrown object (`ECONNRESET`, -32001), when it is a code's name or a number its message lacks. */
function codeNote(cause: unknown, message: string): string {
  if (typeof cause !== 'object' || cause === null) return '';
  try {
    const code = dataProperty(cause, 'code');
    if (!(typeof code === 'string' && CODE_NAME.test(code)) && !(typeof code === 'number' && Number.isFinite(code)))
      return '';
    const text = String(code);
    return message.includes(text) ? '' : ` (code ${text})`;
  } catch {
    return '';
  }
}

/**
 * The message of a thrown value and its code, kept to one short line for the model, its control characters written
 * out (printable): with exposeErrors it may be an MCP server's error text, as foreign as its tool's output.
 */
export function causeMessage(cause: unknown): string {
  const message = thrownMessage(cause);
  const text = oneLine(`${message}${codeNote(cause, message)}`);
  const shown = printable(text.length > 300 ? cutWhole(text, 297) : text);
  return shown.length > 300 || text.length > 300 ? `${cutWhole(shown, 297)}...` : shown;
}
