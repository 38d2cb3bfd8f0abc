// The URL elicitations (their ids) a session's 2025-11-25 requests opened: a server's elicitation/create in URL
// mode relayed to the client, or a -32042 error's `elicitations` as the client got them (2025-11-25, "Elicitation",
// URL mode). Their notifications/elicitation/complete is of no 2026-07-28 request (that revision defines none), so
// it still reaches the client while one is open, which a completion naming no request does not
// (session-server-side.ts; a review's find: dropped on stdio while any 2026-07-28 request was open).
import type { RpcError } from '../mcp/peer.js';
import { isObject } from '../util/plain-json.js';
import { HeldIds } from './held-ids.js';

/** URL elicitations remembered per session, the oldest forgotten first (their ids bounded too: held-ids.ts). */
const MAX_OPENED = 1000;

/** URLElicitationRequiredError (2025-11-25, "Elicitation", Error Handling). */
export const URL_ELICITATION_REQUIRED = -32042;

/** The id a URL elicitation's params (or an elicitation/complete's) name, or undefined. */
function idOf(params: unknown): string | undefined {
  const id = isObject(params) ? params['elicitationId'] : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The URL elicitations one session's 2025-11-25 requests opened (or, in the gateway, one server's), most recent
 * MAX_OPENED; one whose id is too long to keep is not remembered, so its completion is not passed on.
 */
export class UrlElicitations {
  private readonly ids = new HeldIds(MAX_OPENED);

  /** A server's elicitation/create, as its client was sent it: remembered when it is in URL mode. */
  asked(params: unknown): void {
    if (isObject(params) && params['mode'] === 'url') this.add(idOf(params));
  }

  /** A server's error, as its client got it: a -32042's URL elicitations remembered. */
  answered(error: RpcError): void {
    const data = error.data;
    if (error.code === URL_ELICITATION_REQUIRED && isObject(data) && Array.isArray(data['elicitations']))
      for (const each of data['elicitations']) this.add(idOf(each));
  }

  /** Whether an elicitation/complete's params name a URL elicitation remembered here. */
  opened(params: unknown): boolean {
    const id = idOf(params);
    return id !== undefined && this.ids.has(id);
  }

  /** An elicitation/complete's: whether it names one remembered here, then forgotten (it is complete). */
  completed(params: unknown): boolean {
    const id = idOf(params);
    return id !== undefined && this.ids.delete(id);
  }

  private add(id: string | undefined): void {
    if (id !== undefined) this.ids.hold(id, true);
  }
}
