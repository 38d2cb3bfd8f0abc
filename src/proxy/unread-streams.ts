// What `--listen` clients leave unread on their sessions' SSE streams (a GET stream, the POSTs whose responses
// became streams), and the bounds on it: per session and for all sessions of one front together. Written without
// bound, a server's flood to a client that never reads would fill the proxy's memory; bounded per session only,
// --max-sessions sessions held that many times the bound (32 x 8 MiB). Past a bound the stream holding the most (of
// the session holding the most, for the front's bound) is closed, as if its client had gone; the bounds are
// checked before each message is written, so one message always goes onto streams under them, whatever its size.
import type { ServerResponse } from 'node:http';

/** Bytes a session's clients may leave unread on its SSE streams together. */
export const MAX_UNREAD_BYTES = 8 * 1024 * 1024;
/** Bytes the clients of all sessions of one front may leave unread on their streams together. */
export const MAX_UNREAD_STREAMS_BYTES = 64 * 1024 * 1024;

/** A session's open SSE streams, as the bounds see them. */
export interface StreamOwner {
  /** How stderr names it (`session 1a2b3c4d`). */
  readonly name: string;
  /** Its open streams. */
  readonly streams: () => Iterable<ServerResponse>;
  /** Forgets `res` as a stream of its own (the caller destroys it). */
  readonly drop: (res: ServerResponse) => void;
}

/** The unread stream bytes of one front's sessions. */
export class UnreadStreams {
  private readonly owners = new Set<StreamOwner>();
  /**
   * Bytes that may still be written before the front's total can pass its bound. Clients only ever lower what is
   * unread, so the streams are summed again only when a write would spend past it, not on every message.
   */
  private room = MAX_UNREAD_STREAMS_BYTES;

  constructor(private readonly warn: (line: string) => void) {}

  /** Counts `owner`'s streams from now on. */
  add(owner: StreamOwner): void {
    this.owners.add(owner);
  }

  /** Stops counting `owner` (its session ended: its streams became unread answers). */
  delete(owner: StreamOwner): void {
    this.owners.delete(owner);
  }

  /** Before `bytes` are written to a stream of `owner`: closes streams until both bounds hold. */
  shed(owner: StreamOwner, bytes: number): void {
    for (;;) {
      const [sum, heaviest] = this.weigh(owner);
      if (sum <= MAX_UNREAD_BYTES || heaviest === undefined) break;
      this.close(owner, heaviest, '');
    }
    this.room -= bytes;
    if (this.room >= 0) return;
    for (;;) {
      let total = 0;
      let most: [StreamOwner | undefined, number, ServerResponse | undefined] = [undefined, -1, undefined];
      for (const o of this.owners) {
        const [sum, heaviest] = this.weigh(o);
        total += sum;
        if (sum > most[1]) most = [o, sum, heaviest];
      }
      const [o, , res] = most;
      if (total <= MAX_UNREAD_STREAMS_BYTES || o === undefined || res === undefined) {
        this.room = MAX_UNREAD_STREAMS_BYTES - total - bytes;
        return;
      }
      this.close(o, res, ` (all sessions together over ${MAX_UNREAD_STREAMS_BYTES / 1048576} MiB)`);
    }
  }

  /** What `owner`'s clients left unread on its streams, and its stream holding the most. */
  private weigh(owner: StreamOwner): [number, ServerResponse | undefined] {
    let sum = 0;
    let heaviest: ServerResponse | undefined;
    for (const res of owner.streams()) {
      sum += res.writableLength;
      if (heaviest === undefined || res.writableLength > heaviest.writableLength) heaviest = res;
    }
    return [sum, heaviest];
  }

  private close(owner: StreamOwner, res: ServerResponse, why: string): void {
    this.warn(`${owner.name}: the client did not read its stream; it was closed${why}`);
    owner.drop(res);
    res.destroy();
  }
}
