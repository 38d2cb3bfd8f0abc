// The body of one response of a Streamable HTTP upstream (MCP 2025-06-18, "Transports"): a JSON body (one message)
// or an event stream (any number), each message's text handed over as it arrived. A request's stream the server
// closes before its answer is resumed from its last event id.
import type { BodyBudget } from '../mcp/http-body.js';
import { isMediaType } from './media-types.js';
import { createSseReader } from '../mcp/sse.js';
import type { ExchangeCut } from './exchange-cut.js';
import type { UpstreamResponse } from './upstream-request.js';

/** Most times one request's stream is resumed (Last-Event-ID) after the server closed it, and the longest wait. */
const MAX_RESUMES = 5;
const MAX_RETRY_MS = 5000;

/** What reading a body needs from its upstream. */
export interface BodyReading {
  /** The bound on one message, in bytes. */
  readonly maxBytes: number;
  /**
   * Hands over the messages of one text (`inStream`: an event of a stream); true when one is the answer awaited.
   * A promise when a body's message is handed over later (read in slices).
   */
  take(text: string, inStream: boolean): boolean | Promise<boolean>;
  /** A message past `maxBytes` was dropped. */
  oversized(): void;
  /** The request's stream again from event `lastId`. */
  resume(lastId: string, cut: ExchangeCut): Promise<UpstreamResponse>;
  /** Whether the upstream stopped. */
  closed(): boolean;
  /**
   * The bytes of all the proxy's upstream messages being read at once (each is bounded by `maxBytes`, but a server
   * answering many calls at once with long bodies it never ends would otherwise fill memory); none when unbounded.
   */
  readonly budget?: BodyBudget;
  /** A body or event could not be read whole within `budget`: it was dropped, its exchange cut. */
  busy?(): void;
}

/**
 * Reads `response`'s body; true when it held a message (for a request, `awaiting`: its answer). The stream of a
 * POST is left once its answer came (MCP: the answer ends it): a server keeping it open would hold a connection for
 * every call made. `cut`: the exchange's own, which also ends its resumption (an abandoned request's too).
 */
export async function readBody(
  response: UpstreamResponse,
  reading: BodyReading,
  awaiting: boolean,
  cut: ExchangeCut,
): Promise<boolean> {
  // The media type compared whole (RFC 9110 section 8.3), as --listen reads a client's.
  if (isMediaType(response.header('content-type'), 'text/event-stream'))
    return readStream(response, reading, awaiting, cut);
  // The bytes are kept and decoded once at the end: a 700 KB listing decoded chunk by chunk was a rope of
  // strings flattened again by every later look at it.
  const chunks: Buffer[] = [];
  let bytes = 0;
  const held = holding(reading.budget);
  // Given back once the body's message was handed over: its bytes and its text are held until then.
  try {
    await response.each((chunk) => {
      if (!held.take(chunk.byteLength)) return false;
      chunks.push(chunk);
      bytes += chunk.byteLength;
      return bytes <= reading.maxBytes;
    });
    if (held.refused) {
      reading.busy?.();
      response.cancel();
      return false;
    }
    if (bytes > reading.maxBytes) {
      reading.oversized();
      response.cancel();
      return false;
    }
    const text = UTF8.decode(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, bytes));
    chunks.length = 0;
    if (text.trim() === '') return false;
    const taken = reading.take(text, false);
    const answer = typeof taken === 'boolean' ? taken : await taken;
    // A request is answered only by its answer, as on a stream: a body that is not one (not JSON, a batch, another
    // id) fails the request now rather than when its --timeout runs out.
    return awaiting ? answer : true;
  } finally {
    held.giveAll();
  }
}

/** A whole body's decoder (one shared: decode without `stream` keeps no state; a new one cost 3 us a response). */
const UTF8 = new TextDecoder();

async function readStream(
  response: UpstreamResponse,
  reading: BodyReading,
  awaiting: boolean,
  cut: ExchangeCut,
): Promise<boolean> {
  let answered = false;
  let done = false;
  let lastId: string | undefined;
  let retryMs = 0;
  // The budget is charged what the reader keeps (an event being read, a line not yet ended), after each chunk.
  const held = holding(reading.budget);
  // Each connection is read by a reader and decoder of its own, only the last id and retry carried over: an event
  // a connection ended in the middle of is discarded (HTML, "Server-sent events", interpreting an event stream), not
  // joined to the resumed stream's first (a hunt's find).
  const connection = (): { push(chunk: Buffer): void; held(): number } => {
    const decoder = new TextDecoder();
    const reader = createSseReader(
      reading.maxBytes,
      (data) => {
        // An event without data is a priming event (SEP-1699: it only carries an id to resume from).
        if (data === '') return;
        answered = true;
        if (reading.take(data, true) === true) done = true;
      },
      reading.oversized,
      (field, value) => {
        // An empty id resets the last event id (HTML, "Server-sent events", interpreting an event stream), as does
        // one the reader cannot hold (src/mcp/sse.ts): there is none to resume from (MCP 2025-06-18, "Transports",
        // Resumability), not an empty Last-Event-ID.
        if (field === 'id') lastId = value === '' ? undefined : value;
        else if (/^\d+$/.test(value)) retryMs = Number(value);
      },
    );
    return { push: (chunk) => reader.push(decoder.decode(chunk, { stream: true })), held: reader.held };
  };
  let stream = response;
  try {
    for (let resumed = 0; ; resumed++) {
      const reader = connection();
      await stream.each((chunk) => {
        reader.push(chunk);
        if (!held.set(reader.held())) return false;
        return !done;
      });
      if (held.refused) {
        reading.busy?.();
        stream.cancel();
        return false;
      }
      // What the closed connection's reader kept is let go with it.
      held.set(0);
      // A request's stream the server closed before the answer is resumed from its last event id (MCP 2025-11-25,
      // "Resumability and Redelivery": the server may close it and expect the client to poll).
      if (done || !awaiting || lastId === undefined || resumed >= MAX_RESUMES || reading.closed()) break;
      if (cut.aborted) break;
      await pause(Math.min(retryMs, MAX_RETRY_MS), cut);
      if (cut.aborted) break;
      stream = await reading.resume(lastId, cut);
      if (!stream.ok || !isMediaType(stream.header('content-type'), 'text/event-stream')) {
        stream.cancel();
        break;
      }
    }
  } finally {
    held.giveAll();
  }
  // A request is answered only by its answer: a stream that ended without it leaves nothing waiting forever.
  return awaiting ? done : answered;
}

/**
 * One reading's share of `budget`: `take` adds to it, `set` makes it what the reading keeps now (giving back what
 * was read out), `giveAll` ends it; `refused` once a share did not fit.
 */
function holding(budget: BodyBudget | undefined): {
  take(bytes: number): boolean;
  set(bytes: number): boolean;
  giveAll(): void;
  refused: boolean;
} {
  let taken = 0;
  return {
    refused: false,
    take(bytes) {
      if (budget === undefined) return true;
      if (!budget.take(bytes)) {
        this.refused = true;
        return false;
      }
      taken += bytes;
      return true;
    },
    set(bytes) {
      if (bytes >= taken) return this.take(bytes - taken);
      budget?.give(taken - bytes);
      taken = bytes;
      return true;
    },
    giveAll() {
      budget?.give(taken);
      taken = 0;
    },
  };
}

/** Waits `ms`, or less when `cut` is made first. */
function pause(ms: number, cut: ExchangeCut): Promise<void> {
  return new Promise((resolve) => {
    let off = (): unknown => undefined;
    const done = (): void => {
      clearTimeout(timer);
      off();
      resolve();
    };
    const timer = setTimeout(done, ms);
    off = cut.onAbort(done);
  });
}
