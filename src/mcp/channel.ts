// One side of the proxy: newline-delimited JSON-RPC over a pair of streams, read with a bound on one line.
// Each message is handed over with its own text, so a tools/call's arguments can be validated as the text they
// arrived as. A line that is not JSON or not JSON-RPC is reported, never passed on: the channel's owner answers it.
import { createLineReader } from '../exec/line-reader.js';
import { batchRequestIds } from './batch.js';
import { jsonValues, mayNestDeeper, tooDeepReply } from './message-depth.js';
import { RPC } from './rpc-codes.js';

/** A JSON-RPC 2.0 message as the proxy reads it (ids are the sender's). */
export interface RpcMessage {
  readonly jsonrpc: '2.0';
  readonly id?: string | number | null;
  readonly method?: string;
  readonly params?: unknown;
  readonly result?: unknown;
  readonly error?: unknown;
}

/**
 * Why a message was not read: not JSON, not JSON-RPC, over the size bound, or nested deeper than
 * MAX_MESSAGE_DEPTH (message-depth.ts).
 */
export type BadMessage = 'parse' | 'not-utf8' | 'invalid' | 'oversized' | 'deep';

/** What a channel reports. */
export interface ChannelSink {
  /**
   * A message; `related` is the id of the request of this proxy's it came with (a server's notification or request
   * sent on that request's own response stream), when the transport tells.
   */
  message(message: RpcMessage, text: string, related?: number): void;
  /** A line that could not be read as a message: why, and its id when one could be read. */
  bad(why: BadMessage, id: string | number | null): void;
  /**
   * A JSON-RPC batch (a non-empty array), which the proxy does not serve (batch.ts): the ids of its requests. Without
   * it a batch is reported as bad, naming no id.
   */
  batch?(ids: readonly (string | number)[]): void;
  /** The input ended or broke: nothing more comes from the other end (what is sent still goes until close). */
  closed(): void;
  /** The output broke (the other end gone mid-write, EPIPE): nothing sent can reach it any more. */
  broken?(): void;
  /** Messages read before, by their text: one recalled here is handed over without being parsed again. */
  readonly known?: MessageMemo;
}

/** Messages already read, by their exact text (the same text always parses to the same message). */
export interface MessageMemo {
  /** The message `text` was read as, with the remembered text; undefined when it is not remembered. */
  recall(text: string): { readonly message: RpcMessage; readonly text: string } | undefined;
}

/** A channel's writing end. */
export interface Channel {
  /**
   * Writes a message; `related` names the request (by the id this side gave it) the message belongs to, so a
   * transport with a stream per request sends it there, before that request's answer.
   */
  send(message: object, related?: string | number): void;
  /**
   * Writes the reply to request `id` with its result given as JSON text (from a parsed message: no raw newline),
   * passed on as it arrived.
   */
  sendResult(id: string | number | null, resultText: ResultText): void;
  /** Output bytes not yet taken by the other end. */
  backlog(): number;
  close(): void;
  /**
   * Request `id` of the other end was cancelled by it and settled without an answer (MCP "Cancellation"); a
   * transport that must still end something for it (an HTTP POST's response) does so here.
   */
  cancelled?(id: string | number): void;
  /**
   * This side's own request `id` was abandoned (its cancellation passed on; its answer no longer wanted): a
   * transport holding something open for that answer (an HTTP exchange) lets it go.
   */
  abandoned?(id: number): void;
}

/** The id of a value, when JSON-RPC allows it (JSON-RPC 2.0 section 4: string, number or null). */
function idOf(value: unknown): string | number | null {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** Whether a parsed value has the shape of one JSON-RPC 2.0 request, notification or response. */
function isMessage(value: unknown): value is RpcMessage {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const m = value as Record<string, unknown>;
  if (m['jsonrpc'] !== '2.0') return false;
  const hasId = Object.hasOwn(m, 'id');
  if (hasId && idOf(m) === null && m['id'] !== null) return false;
  if (typeof m['method'] === 'string') return m['params'] === undefined || typeof m['params'] === 'object';
  return hasId && (Object.hasOwn(m, 'result') || (m['error'] !== null && typeof m['error'] === 'object'));
}

/**
 * A result's JSON text sent to many clients as its UTF-8 bytes, made once: a 2,000-tool tools/list answer is
 * about 700 KB, encoded again for every session before. The bytes alone are kept (the text beside them doubled
 * what a 5,000-tool catalog's answer holds, 2 MB more); the text is decoded where it is read (`textOf`).
 */
export interface EncodedJson {
  readonly bytes: Uint8Array;
}

/** A result as JSON text, or as its bytes. */
export type ResultText = string | EncodedJson;

// The bytes are always an encoding of the text: decoded back exactly, a leading U+FEFF kept.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The JSON text of `result`. */
export function textOf(result: ResultText): string {
  return typeof result === 'string' ? result : utf8.decode(result.bytes);
}

/** Whether two results are the same JSON text (two encoded ones compared as bytes, not decoded). */
export function sameResult(a: ResultText, b: ResultText): boolean {
  if (typeof a === 'string' || typeof b === 'string') return textOf(a) === textOf(b);
  return a === b || Buffer.compare(a.bytes, b.bytes) === 0;
}

/** The text of a JSON-RPC reply whose result is `resultText`. */
export function resultEnvelope(id: string | number | null, resultText: ResultText): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${textOf(resultText)}}`;
}

/** The same reply in pieces to write in order: encoded bytes are written as they are, never encoded again. */
export function resultChunks(id: string | number | null, result: ResultText): (string | Uint8Array)[] {
  if (typeof result === 'string') return [resultEnvelope(id, result)];
  return [`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":`, result.bytes, '}'];
}

/** Reads one message's text (a line, an HTTP body, an SSE event's data) and reports it to `sink`. */
export function readMessage(text: string, sink: Pick<ChannelSink, 'message' | 'bad' | 'batch' | 'known'>): void {
  const known = sink.known?.recall(text);
  if (known !== undefined) {
    sink.message(known.message, known.text);
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    sink.bad('parse', null);
    return;
  }
  reportParsed(value, text, mayNestDeeper(text.length) && jsonValues(value) < 0, sink);
}

/**
 * The id of a line that is not UTF-8, read as it would be with U+FFFD for its bad bytes, or null: its request is
 * refused, and answered by its id so that its sender is not left waiting (a newcomer's find). Never served.
 */
export function idOfBytes(bytes: Buffer): string | number | null {
  try {
    return idOf(JSON.parse(bytes.toString('utf8')));
  } catch {
    return null;
  }
}

/**
 * The refusal of a line that is not UTF-8 (MCP "Transports": messages are UTF-8): a parse error when no id could be
 * read, else an invalid request answered by its id.
 */
export function notUtf8Refusal(id: string | number | null): [number, string] {
  const what = 'the request line is not UTF-8 (MCP messages are); it was dropped';
  return id === null ? [RPC.parseError, `parse error: ${what}`] : [RPC.invalidRequest, `invalid request: ${what}`];
}

/** Reports the value `text` parsed to: nested too deep (`deep`), a message, a batch, or not JSON-RPC. */
export function reportParsed(
  value: unknown,
  text: string,
  deep: boolean,
  sink: Pick<ChannelSink, 'message' | 'bad' | 'batch'>,
): void {
  if (deep) tooDeep(value, sink);
  else if (isMessage(value)) sink.message(value, text);
  else if (Array.isArray(value) && value.length > 0 && sink.batch !== undefined) sink.batch(batchRequestIds(value));
  else sink.bad('invalid', idOf(value));
}

/**
 * A message nested too deep to be passed on: a reply reaches the request it answers as an error (the request
 * would otherwise wait for its timeout); anything else is reported as bad, with its id when it has one.
 */
function tooDeep(value: unknown, sink: Pick<ChannelSink, 'message' | 'bad'>): void {
  const reply = isMessage(value) ? tooDeepReply(value) : undefined;
  if (reply === undefined) sink.bad('deep', idOf(value));
  else sink.message(reply, JSON.stringify(reply));
}

/**
 * `text` with each raw CR and LF as a space, where it is JSON as it is (RFC 8259 section 7: no string holds one,
 * so each is whitespace and a space keeps the value); otherwise as it is, the error it was. A line break ends a
 * line on stdio and an SSE `data:` line: passed on in a result's own text it cut the message in two there.
 */
export function asOneLine(text: string): string {
  // Two native searches: the class /[\r\n]/ read a 1 KB result in 0.7 us, indexOf twice in 0.03 us (every result).
  if (text.indexOf('\n') === -1 && text.indexOf('\r') === -1) return text;
  try {
    JSON.parse(text);
  } catch {
    return text;
  }
  return lineBreaksAsSpaces(text);
}

/** `text` with each raw CR and LF a space: asOneLine's rewrite, for a text already known to be JSON. */
export function lineBreaksAsSpaces(text: string): string {
  return text.replace(/[\r\n]/g, ' ');
}

/**
 * Opens a channel over `input` and `output`, reporting to `sink`. `utf8Only`: a line that is not UTF-8 is bad
 * (`parse`), never read with U+FFFD in place of its bytes (a client's call would reach its server with a value the
 * client never sent; a server's text is kept as read, as before).
 */
export function openChannel(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  maxLineBytes: number,
  sink: ChannelSink,
  utf8Only = false,
): Channel {
  // Reading ends with the input; sending goes on until the channel is closed or its output breaks: MCP's stdio
  // shutdown closes the client's input first, and what it asked before is still answered.
  let reading = true;
  let closed = false;
  const reader = createLineReader(maxLineBytes, {
    line: (text) => {
      if (!reading || text.trim() === '') return;
      // A raw CR inside a line ends a line on an SSE stream or for a reader of CR-ended lines.
      readMessage(asOneLine(text), sink);
    },
    oversized: () => sink.bad('oversized', null),
    ...(utf8Only
      ? {
          notUtf8: (bytes: Buffer) => {
            if (reading) sink.bad('not-utf8', idOfBytes(bytes));
          },
        }
      : {}),
  });
  const onData = (chunk: Buffer | string): void => reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const inputEnded = (): void => {
    if (!reading) return;
    reading = false;
    input.off('data', onData);
    sink.closed();
  };
  const end = (): void => {
    closed = true;
    inputEnded();
  };
  const broke = (): void => {
    end();
    sink.broken?.();
  };
  input.on('data', onData);
  input.on('end', inputEnded);
  input.on('close', inputEnded);
  input.on('error', inputEnded);
  // The other end gone mid-write (EPIPE) ends the channel instead of crashing the proxy.
  output.on('error', broke);
  return {
    send: (message) => {
      if (!closed) output.write(`${JSON.stringify(message)}\n`);
    },
    sendResult: (id, resultText) => {
      if (closed) return;
      // A text result is one write: corked pieces cost a writev and its arrays on every call.
      if (typeof resultText === 'string') {
        output.write(`${resultEnvelope(id, resultText)}\n`);
        return;
      }
      // One message in pieces, corked into one write where the stream can (nothing runs between them).
      const corkable = output as { cork?: () => void; uncork?: () => void };
      corkable.cork?.();
      for (const chunk of resultChunks(id, resultText)) output.write(chunk);
      output.write('\n');
      corkable.uncork?.();
    },
    backlog: () => (output as { writableLength?: number }).writableLength ?? 0,
    close: end,
  };
}
