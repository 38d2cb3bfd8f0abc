// The final answers of `--listen` written toward clients that have not taken them yet (what the socket did not
// accept stays in the proxy's memory), and the bounds on them. Once written, a request no longer waits
// (waiting-requests.ts): without these, a client that POSTs calls with large answers and never reads would fill
// the proxy's memory. Past a bound the newest answer of the session holding the most is cut off, its connection
// destroyed, as an SSE stream left too far behind is closed (http-session.ts); one answer is always let through,
// whatever its size. An answer the client takes nothing of for ANSWER_STALL_MS is cut off too, so that a
// connection never read is not kept for good.
import type { ServerResponse } from 'node:http';

/** Bytes of final answers one session may leave unread (the bound on its waiting requests' bodies). */
export const MAX_UNREAD_ANSWER_BYTES = 16 * 1024 * 1024;
/** Bytes of final answers all sessions of one front may leave unread together. */
export const MAX_UNREAD_ANSWERS_BYTES = 64 * 1024 * 1024;
/** How long an answer may go with none of it taken by its client before it is cut off. */
export const ANSWER_STALL_MS = 30_000;

/** One answer not taken whole yet: whose it is, and the watch on its progress. */
interface Held {
  readonly owner: object;
  readonly name: string;
  readonly watch: NodeJS.Timeout;
}

/** The unread answers of one front's sessions. */
export class UnreadAnswers {
  /** Oldest first. */
  private readonly held = new Map<ServerResponse, Held>();

  constructor(private readonly warn: (line: string) => void) {}

  /** `res` was just ended (an answer, or a stream of a session that ended) of `owner` (a session; `name` on stderr). */
  written(res: ServerResponse, owner: object, name: string): void {
    if (res.destroyed || res.writableFinished || !(res.writableLength > 0)) return;
    let left = queued(res);
    const watch = setInterval(() => {
      const now = queued(res);
      if (now < left) left = now;
      else this.cut(res, `took none of its answer for ${ANSWER_STALL_MS / 1000} s`);
    }, ANSWER_STALL_MS);
    watch.unref();
    this.held.set(res, { owner, name, watch });
    const release = (): void => this.release(res);
    res.once('finish', release);
    res.once('close', release);
    this.bound(owner);
  }

  /** Bytes held for `owner`, or for every session when undefined. */
  bytes(owner?: object): number {
    let sum = 0;
    for (const [res, h] of this.held) if (owner === undefined || h.owner === owner) sum += res.writableLength;
    return sum;
  }

  /** Cuts off answers until `owner` is within its bound, then the front within its own. */
  private bound(owner: object): void {
    while (this.bytes(owner) > MAX_UNREAD_ANSWER_BYTES && this.count(owner) > 1)
      this.cut(this.newestOf(owner) as ServerResponse, 'did not read its answers');
    while (this.bytes() > MAX_UNREAD_ANSWERS_BYTES && this.held.size > 1)
      this.cut(this.newestOf(this.heaviest()) as ServerResponse, 'did not read its answers');
  }

  private count(owner: object): number {
    let n = 0;
    for (const h of this.held.values()) if (h.owner === owner) n++;
    return n;
  }

  private newestOf(owner: object): ServerResponse | undefined {
    let newest: ServerResponse | undefined;
    for (const [res, h] of this.held) if (h.owner === owner) newest = res;
    return newest;
  }

  /** The session holding the most (of equals, the one that wrote last). */
  private heaviest(): object {
    const sums = new Map<object, number>();
    for (const [res, h] of this.held) sums.set(h.owner, (sums.get(h.owner) ?? 0) + res.writableLength);
    let most: [object | undefined, number] = [undefined, -1];
    for (const [owner, sum] of sums) if (sum >= most[1]) most = [owner, sum];
    return most[0] as object;
  }

  private cut(res: ServerResponse, why: string): void {
    const h = this.held.get(res);
    this.release(res);
    if (h !== undefined) this.warn(`${h.name}: the client ${why}; its connection was closed`);
    res.destroy();
  }

  private release(res: ServerResponse): void {
    const h = this.held.get(res);
    if (h === undefined) return;
    clearInterval(h.watch);
    this.held.delete(res);
  }
}

/**
 * What of `res` its socket still has to send. The socket's bufferSize falls as the kernel takes a large write
 * piece by piece; writableLength only once the whole write is taken, so a slow reader would look stalled.
 */
function queued(res: ServerResponse): number {
  return res.socket?.bufferSize ?? res.writableLength;
}
