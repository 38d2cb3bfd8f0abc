// A client's notification as it reaches a server: rebuilt from its specified members, never passed on as sent (what
// reaches an upstream is what toolgate built). MCP 2025-06-18, "Progress" (`progressToken`, `progress`, `total`,
// `message`) and "Cancellation" (`requestId`, `reason`); `notifications/roots/list_changed` has no members but
// `_meta`; `notifications/tasks/status` (2025-11-25, "Tasks") the task's own. A plain `_meta` is kept
// (src/mcp/forward.ts: no member that reaches a prototype).
import { metaOf } from '../mcp/forward.js';
import { NOT_SHAPED, task } from '../mcp/message-shapes.js';
import { ownData } from '../util/own-field.js';

/** A notification the proxy does not pass on: its params are not what its method specifies. */
export const MALFORMED = Symbol('malformed');

/** The `_meta` member, when the client gave a plain one. */
function withMeta(params: unknown, rest: Record<string, unknown>): Record<string, unknown> {
  const meta = metaOf(ownData(params, '_meta'));
  return meta === undefined ? rest : { ...rest, _meta: meta };
}

/** A cancellation of request `requestId` (the id the receiving side knows), with the sender's string `reason`. */
export function rebuiltCancellation(requestId: unknown, params: unknown): Record<string, unknown> {
  const reason = ownData(params, 'reason');
  return withMeta(params, { requestId, ...(typeof reason === 'string' ? { reason } : {}) });
}

/** A client's `notifications/tasks/status`: the task's specified members, or MALFORMED. */
function taskStatus(params: unknown): unknown {
  const shaped = task(params);
  return shaped === NOT_SHAPED ? MALFORMED : shaped;
}

/**
 * The params a client's notification of `method` is sent on with (undefined: none), or MALFORMED. A cancellation
 * is rebuilt where its request id is mapped (session-relay.ts); `notifications/initialized` is the proxy's own
 * business (session.ts), and no other notification of a client's is specified.
 */
export function rebuiltNotification(method: string, params: unknown): unknown {
  if (method === 'notifications/roots/list_changed') {
    const meta = metaOf(ownData(params, '_meta'));
    return meta === undefined ? undefined : { _meta: meta };
  }
  if (method === 'notifications/tasks/status') return taskStatus(params);
  if (method !== 'notifications/progress') return params;
  const token = ownData(params, 'progressToken');
  const progress = ownData(params, 'progress');
  const total = ownData(params, 'total');
  const message = ownData(params, 'message');
  if ((typeof token !== 'string' && typeof token !== 'number') || typeof progress !== 'number') return MALFORMED;
  if ((total !== undefined && typeof total !== 'number') || (message !== undefined && typeof message !== 'string'))
    return MALFORMED;
  return withMeta(params, {
    progressToken: token,
    progress,
    ...(total === undefined ? {} : { total }),
    ...(message === undefined ? {} : { message }),
  });
}
