// A client's cancellation over HTTP reaches the relay under the session's own id for the request (the client's
// id is its own business: src/proxy/http-session.ts maps it). It is rebuilt, never passed on as the client sent
// it: only a string `reason` is kept (MCP "Cancellation": `requestId` and an optional `reason`), so nothing the
// relay would refuse (a member named `__proto__`, src/mcp/forward.ts) can keep a cancellation from being settled.
import type { RpcMessage } from '../mcp/channel.js';
import { cancelledId } from './before-forward.js';
import { idKey } from './session-relay.js';

/** The session's own cancellation of request `own`, with the client's `reason` when it is a string. */
export function ownCancellation(own: number, params?: unknown): RpcMessage & { method: string } {
  const reason = params !== null && typeof params === 'object' ? (params as { reason?: unknown }).reason : undefined;
  return {
    jsonrpc: '2.0',
    method: 'notifications/cancelled',
    params: { requestId: own, ...(typeof reason === 'string' ? { reason } : {}) },
  };
}

/** The request id a client's cancellation names, as JSON text (the key of the session's waiting requests). */
export function cancelledKey(params: unknown): string {
  return idKey(cancelledId(params) ?? null);
}
