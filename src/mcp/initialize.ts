// What an `initialize` must be before `--listen` opens a session for it (MCP 2025-06-18, "Lifecycle",
// InitializeRequest): a request with an id (a notification or an id of null could never receive the session id,
// so the session would hold a --max-sessions slot that nothing names), whose params carry the protocol version, the
// client's capabilities and its name and version. Anything else starts no server.
import type { RpcMessage } from './channel.js';

/** A plain JSON object (what JSON.parse builds for `{...}`). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Why `m` (an initialize) may not open a session: 'notification', a params problem, or undefined when it may. */
export function initializeProblem(m: RpcMessage): 'notification' | string | undefined {
  if (m.id === undefined || m.id === null) return 'notification';
  const params = m.params;
  if (!isRecord(params)) return 'params must be an object';
  if (typeof params['protocolVersion'] !== 'string') return 'params.protocolVersion must be a string';
  if (!isRecord(params['capabilities'])) return 'params.capabilities must be an object';
  const info = params['clientInfo'];
  if (!isRecord(info) || typeof info['name'] !== 'string' || typeof info['version'] !== 'string')
    return 'params.clientInfo must be an object with a string name and version';
  return undefined;
}
