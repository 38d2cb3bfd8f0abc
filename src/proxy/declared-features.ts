// A session's server held to the features it declared (src/mcp/capability-needs.ts): a client request of a feature
// it did not declare is answered -32601 by the proxy, never sent, and its notification of one is dropped. A
// resource update needs more: "should only be sent if the client previously sent a resources/subscribe request"
// (MCP "Resources", ResourceUpdatedNotification), so it passes only for a resource the client subscribed to, or a
// URI under one (the specification lets it name a sub-resource of the one subscribed to). A hunt's find: a server
// that declared tools only sent log messages, list changes and an update of a resource no one subscribed to.
import { undeclaredCapability } from '../mcp/capability-needs.js';
import { RPC, type RpcError } from '../mcp/peer.js';
import type { ProtocolRevision } from '../mcp/versions.js';
import { clip } from '../util/describe-value.js';
import { ownRefusal } from './own-refusals.js';

/** The most resources one session keeps subscribed, and the most characters of their URIs together. */
export const MAX_SUBSCRIPTIONS = 1000;
export const MAX_SUBSCRIBED_CHARS = 256 * 1024;

const uriOf = (params: unknown): unknown =>
  params !== null && typeof params === 'object' ? (params as { uri?: unknown }).uri : undefined;

/** What one session's server declared, and the resources its client subscribed to. */
export class DeclaredFeatures {
  readonly #subscribed = new Set<string>();
  #chars = 0;

  constructor(
    /** The capabilities the client was shown (the server's, less what --grants leaves out). */
    private readonly caps: unknown,
    private readonly revision: ProtocolRevision,
  ) {}

  /** Whether the server declared no feature for the client's request `method` (src/mcp/capability-needs.ts). */
  lacks(method: string): boolean {
    return undeclaredCapability(method, this.caps, this.revision) !== undefined;
  }

  /**
   * The proxy's answer to the client's request `method` instead of sending it (a feature the server did not declare,
   * a subscription past the bound), or undefined when it goes; a subscription is recorded here as it goes.
   */
  refusal(method: string, params: unknown): { readonly error: RpcError } | undefined {
    const missing = undeclaredCapability(method, this.caps, this.revision);
    if (missing !== undefined) {
      const named = JSON.stringify(clip(method, 80));
      return ownRefusal(RPC.methodNotFound, `method not found: ${named} (the server did not declare "${missing}")`);
    }
    const uri = uriOf(params);
    if (typeof uri !== 'string') return undefined;
    if (method === 'resources/unsubscribe' && this.#subscribed.delete(uri)) this.#chars -= uri.length;
    if (method !== 'resources/subscribe' || this.#subscribed.has(uri)) return undefined;
    if (this.#subscribed.size >= MAX_SUBSCRIPTIONS || this.#chars + uri.length > MAX_SUBSCRIBED_CHARS) {
      const bound = `${MAX_SUBSCRIPTIONS} resources, ${MAX_SUBSCRIBED_CHARS >> 10} KiB of their URIs`;
      return { error: { code: RPC.internalError, message: `not forwarded: a session keeps at most ${bound}` } };
    }
    this.#subscribed.add(uri);
    this.#chars += uri.length;
    return undefined;
  }

  /** Whether the server's notification `method` passes: of a feature it declared, an update of a subscription. */
  passes(method: string, params: unknown): boolean {
    if (this.lacks(method)) return false;
    if (method !== 'notifications/resources/updated') return true;
    const uri = uriOf(params);
    if (typeof uri !== 'string') return false;
    if (this.#subscribed.has(uri)) return true;
    for (const subscribed of this.#subscribed) if (uri.startsWith(subscribed)) return true;
    return false;
  }
}
