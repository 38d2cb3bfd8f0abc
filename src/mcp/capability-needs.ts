// What a server must have declared in its initialize (ServerCapabilities: MCP "Server Features", "Utilities") for a
// message of a feature to cross: a client request of the feature to reach the server, the server's notification of
// it to reach the client. A server that declared only tools has no resources to list and no log level to set, and
// the client was told it has none: its log messages, resource updates and list changes are of features it does not
// have (a hunt's find: each crossed). A list change needs `listChanged`, a resource update `subscribe` (MCP
// "Resources", capabilities); `completions` is 2025-03-26's ("Completion": a 2024-11-05 server declares none).
import type { ProtocolRevision } from './versions.js';

/** The capability a method needs: its member of ServerCapabilities, and the flag of it that must be true. */
interface Need {
  readonly capability: string;
  readonly flag?: 'listChanged' | 'subscribe';
  /** The first revision whose ServerCapabilities has it (earlier: not checked). */
  readonly since?: string;
}

/** Per method, client request or server notification, what the server must have declared for it. */
const NEEDS: ReadonlyMap<string, Need> = new Map<string, Need>([
  ['logging/setLevel', { capability: 'logging' }],
  ['notifications/message', { capability: 'logging' }],
  ['completion/complete', { capability: 'completions', since: '2025-03-26' }],
  ['prompts/list', { capability: 'prompts' }],
  ['prompts/get', { capability: 'prompts' }],
  ['notifications/prompts/list_changed', { capability: 'prompts', flag: 'listChanged' }],
  ['resources/list', { capability: 'resources' }],
  ['resources/templates/list', { capability: 'resources' }],
  ['resources/read', { capability: 'resources' }],
  ['resources/subscribe', { capability: 'resources', flag: 'subscribe' }],
  ['resources/unsubscribe', { capability: 'resources', flag: 'subscribe' }],
  ['notifications/resources/updated', { capability: 'resources', flag: 'subscribe' }],
  ['notifications/resources/list_changed', { capability: 'resources', flag: 'listChanged' }],
]);

const objectOr = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * The capability (`resources`, `resources.subscribe`) a server of revision `server` that declared `caps` lacks for
 * `method`, or undefined when it has it or the method needs none (ping, progress, cancellation, tools and tasks:
 * the proxy's own business).
 */
export function undeclaredCapability(method: string, caps: unknown, server: ProtocolRevision): string | undefined {
  const need = NEEDS.get(method);
  if (need === undefined || (need.since !== undefined && server.version < need.since)) return undefined;
  const declared = objectOr(objectOr(caps)?.[need.capability]);
  if (need.flag === undefined) return declared === undefined ? need.capability : undefined;
  return declared?.[need.flag] === true ? undefined : `${need.capability}.${need.flag}`;
}
