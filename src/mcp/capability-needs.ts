// What a server must have declared in its initialize (ServerCapabilities: MCP "Server Features", "Utilities") for a
// message of a feature to cross: a client request of the feature to reach the server, the server's notification of
// it to reach the client. A server that declared only tools has no resources to list and no log level to set, and
// the client was told it has none: its log messages, resource updates and list changes are of features it does not
// have (a hunt's find: each crossed). A list change needs `listChanged`, a resource update `subscribe` (MCP
// "Resources", capabilities); `completions` is 2025-03-26's ("Completion": a 2024-11-05 server declares none).
// Each method's need stands in the one table of methods (src/mcp/methods.ts).
import { MCP_METHODS } from './methods.js';
import type { ProtocolRevision } from './versions.js';

const objectOr = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The capability (`resources`, `resources.subscribe`) a server of revision `server` that declared `caps` lacks for
 * `method`, or undefined when it has it or the method needs none (ping, progress, cancellation, tools and tasks:
 * the proxy's own business).
 */
export function undeclaredCapability(method: string, caps: unknown, server: ProtocolRevision): string | undefined {
  const need = MCP_METHODS.get(method)?.needs;
  if (need === undefined || (need.since !== undefined && server.version < need.since)) return undefined;
  const declared = objectOr(objectOr(caps)?.[need.capability]);
  if (need.flag === undefined) return declared === undefined ? need.capability : undefined;
  return declared?.[need.flag] === true ? undefined : `${need.capability}.${need.flag}`;
}
