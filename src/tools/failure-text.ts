import { dropRejection } from '../util/host-hook.js';
import { causeMessage } from './gateway.js';
import type { CallStage, ToolError } from './tool-result.js';

/** What the host's onError hook (and an exposeErrors formatter) receives: a thrown value, for its logs. */
export interface ToolErrorEvent {
  readonly callId: string;
  readonly name: string;
  readonly stage: CallStage;
  readonly cause: unknown;
  readonly error: ToolError;
}

/**
 * How much of a thrown value the model reads. `false` (default): the tool name and a generic failure,
 * since an exception's message is host text (addresses, paths, credentials). `true`: its message, on
 * one line. A function: its text (a throw or a non-string falls back to the generic text).
 */
export type ExposeErrors = boolean | ((event: ToolErrorEvent) => string);

/**
 * Told to the model after a tool was started and its outcome is not known (a timeout, an abort, a lost
 * answer): a model that simply retries could repeat a payment or a deletion.
 */
export const RETRY_ADVICE = 'check before calling it again, do not retry blindly';
const MAY_HAVE_RUN = `it may still have had effects: ${RETRY_ADVICE}`;

/**
 * The text for a call cut short by its deadline (`ms`) or by the host's abort (no `ms`): whether the tool
 * never started, so nothing happened, or was started, so it may have run.
 */
export function cutShortText(name: string, started: boolean, ms?: number): string {
  if (ms === undefined)
    return started
      ? `error: tool ${name} was aborted after it started; ${MAY_HAVE_RUN}`
      : `error: tool ${name} was aborted before it started; it did not run`;
  return started
    ? `error: tool ${name} was started but did not finish within ${ms} ms; ${MAY_HAVE_RUN}`
    : `error: tool ${name} timed out after ${ms} ms before it started; it did not run`;
}

/** The generic text: which tool, and at which step, never why. */
function genericText(stage: CallStage, name: string): string {
  return stage === 'execute' ? `error: tool ${name} failed` : `error: ${stage} failed for ${name}`;
}

/** The text the model reads for a stage or tool that threw. Never throws. */
export function thrownText(event: ToolErrorEvent, expose: ExposeErrors | undefined): string {
  const generic = genericText(event.stage, event.name);
  if (expose === true) return `${generic}: ${causeMessage(event.cause)}`;
  if (typeof expose !== 'function') return generic;
  try {
    const text: unknown = expose(event);
    // An async formatter's promise is not text: the generic line, and its rejection is not left unhandled.
    dropRejection(text);
    return typeof text === 'string' ? text : generic;
  } catch {
    // The host's formatter failing must not put its own error text in front of the model.
    return generic;
  }
}
