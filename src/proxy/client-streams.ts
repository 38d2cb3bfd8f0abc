// The SSE streams a `--listen` session has open to its client (http-session.ts): its GET stream and the POST
// responses turned into streams. A server-to-client message goes on the GET stream, else on the newest POST
// stream still open; an ended session ends every one.
import type { ServerResponse } from 'node:http';
import { SSE_HEADERS } from './http-answer.js';

/** One session's streams to its client. */
export class ClientStreams {
  /** The client's GET stream. */
  private standalone: ServerResponse | undefined;
  /** POST responses turned into SSE streams, newest last. */
  private readonly posts = new Set<ServerResponse>();

  /** Whether any stream is open: the client is there. */
  get open(): boolean {
    return this.standalone !== undefined || this.posts.size > 0;
  }

  /** Opens the client's GET stream on `res` with `headers`; false when one is open. `closed`: when it closes. */
  openGet(res: ServerResponse, headers: Record<string, string>, closed: () => void): boolean {
    if (this.standalone !== undefined) return false;
    res.writeHead(200, { ...SSE_HEADERS, ...headers });
    res.flushHeaders();
    this.standalone = res;
    res.on('close', () => {
      if (this.standalone !== res) return;
      this.standalone = undefined;
      closed();
    });
    return true;
  }

  /** The GET stream and the open responses of `waiting` (a --stateless session's too: they are in no `posts`). */
  *withWaiting(waiting: Iterable<{ readonly res: ServerResponse }>): Iterable<ServerResponse> {
    if (this.standalone !== undefined) yield this.standalone;
    for (const { res } of waiting) if (!res.destroyed) yield res;
  }

  /** A POST's response, which may become a stream. */
  addPost(res: ServerResponse): void {
    this.posts.add(res);
  }

  /** A POST's response is no stream any more: answered, or closed. */
  deletePost(res: ServerResponse): void {
    this.posts.delete(res);
  }

  /** A stream is written to no more (the bounds on unread bytes shed it). */
  drop(res: ServerResponse): void {
    if (this.standalone === res) this.standalone = undefined;
    this.posts.delete(res);
  }

  /** The stream a server-to-client message goes on: the GET stream, else the newest POST stream. */
  newest(): ServerResponse | undefined {
    for (;;) {
      const target = this.standalone ?? [...this.posts].at(-1);
      if (target === undefined || !(target.writableEnded || target.destroyed)) return target;
      if (this.standalone === target) this.standalone = undefined;
      this.posts.delete(target);
    }
  }

  /** Ends every stream, `ended` told of each as it ends. */
  endAll(ended: (res: ServerResponse) => void): void {
    for (const s of [...this.posts, ...(this.standalone === undefined ? [] : [this.standalone])]) {
      s.end();
      ended(s);
    }
    this.posts.clear();
    this.standalone = undefined;
  }
}
