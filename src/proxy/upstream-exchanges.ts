// The exchanges an HTTP upstream has open (upstream-http.ts), each with a cut of its own, so one can be ended alone:
// an abandoned request's (its answer is no longer wanted, and a client calling and cancelling in a loop would
// otherwise keep a connection open for each), one whose answer came on another stream, and every one at stop. One
// signal shared by every exchange would gather a listener per exchange still open, walked again by each later one
// (EventTarget checks for duplicates on every add).
import { type ExchangeCut, exchangeCut } from './exchange-cut.js';

/** How long a request's stream is read on once its answer came on another (as a body no longer wanted is read out). */
const ANSWERED_ELSEWHERE_MS = 1000;

/** Why an exchange was aborted when its request was abandoned: nothing waits for it, so nothing is said. */
export const ABANDONED = Symbol('abandoned');

/** The open exchanges of one HTTP upstream, and the proxy's requests they carry. */
export class UpstreamExchanges {
  private readonly open = new Set<ExchangeCut>();
  /**
   * The exchange of each request still open, by its id: an abandoned request's is aborted, and so is one whose
   * answer came on another stream (the GET stream, another request's), once it has been read on for
   * ANSWERED_ELSEWHERE_MS: nothing ended it before, and a server answering every call so held a connection per call
   * for the session's life (a hunt: 300 of 300). Read on, as a stream whose own answer came is read out: a server
   * crossing two answers sends the other's on it (a review: cut at once, that answer was lost).
   */
  private readonly byRequest = new Map<number, ExchangeCut>();

  /** The cut of a new exchange; `request`: the id of the proxy's request it carries. */
  begin(request: number | undefined): ExchangeCut {
    const own = exchangeCut();
    this.open.add(own);
    if (request !== undefined) this.byRequest.set(request, own);
    return own;
  }

  /** The exchange `own` (of `request`) is over. */
  end(own: ExchangeCut, request: number | undefined): void {
    this.open.delete(own);
    if (request !== undefined && this.byRequest.get(request) === own) this.byRequest.delete(request);
  }

  /** The answer to request `id` came on another stream: its own is cut after ANSWERED_ELSEWHERE_MS. */
  answeredElsewhere(id: number): void {
    const own = this.byRequest.get(id);
    if (own === undefined) return;
    this.byRequest.delete(id);
    setTimeout(() => own.abort(ABANDONED), ANSWERED_ELSEWHERE_MS).unref();
  }

  /** Request `id` was abandoned: its exchange is cut now. */
  abandon(id: number): void {
    const own = this.byRequest.get(id);
    this.byRequest.delete(id);
    own?.abort(ABANDONED);
  }

  /** Cuts every open exchange (stop). */
  cutAll(): void {
    for (const own of this.open) own.abort();
    this.open.clear();
  }
}
