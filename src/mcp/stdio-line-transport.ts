// The server side of MCP's stdio framing, in place of the SDK's StdioServerTransport: that one ends the
// connection, silently, on a request line over its 10 MiB buffer, and drops a line that is not JSON without a
// word. Here a line over the bound, a line that is not JSON, a message nested too deep to be written again
// (message-depth.ts: the SDK's JSON.stringify of it threw and ended the server) and a message that is not
// JSON-RPC each get a JSON-RPC error (id null when no id can be read, JSON-RPC 2.0 section 5) and the server
// keeps serving. A broken stdout closes the transport, and so does the end of input (the client hung up) unless
// `oninputend` is set: then reading stops and answers can still be sent until `close`. While stdout does not
// drain (a client that reads nothing), no more input is read.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createLineReader } from '../exec/line-reader.js';
import { idOfBytes, notUtf8Refusal } from './channel.js';
import { jsonValues, mayNestDeeper, TOO_DEEP, tooDeepReply } from './message-depth.js';

/** Longest request line read, in bytes: the SDK's own buffer size, now a bound on one line that ends nothing. */
export const MAX_REQUEST_LINE_BYTES = 10 * 1024 * 1024;

/** JSON-RPC 2.0 error codes (section 5.1). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

/** The SDK's message schema (zod), passed in: the SDK is loaded only when a command needs it. */
export interface MessageSchema {
  safeParse(value: unknown): { success: true; data: JSONRPCMessage } | { success: false };
}

/** The `id` of a message that failed the schema, when it is one JSON-RPC allows; else null. */
function idOf(value: unknown): string | number | null {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** A Transport over a readable and a writable stream (the process's stdin and stdout by default). */
export class StdioLineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** The client closed its input (MCP's stdio shutdown begins so): nothing more is read, answers may still go. */
  oninputend?: () => void;
  private closed = false;
  private reading = true;
  private readonly reader;
  /**
   * Looks at each message with the text it was read from before it goes on, and may answer it instead (serve's
   * exact reading of a call's arguments: JSON.parse rounds a number no double holds and keeps the last of two equal
   * keys, so a handler would check, and run, other arguments than the client sent).
   */
  screen?: (message: JSONRPCMessage, text: string) => JSONRPCMessage | undefined;

  constructor(
    private readonly schema: MessageSchema,
    private readonly input: NodeJS.ReadableStream = process.stdin,
    private readonly output: NodeJS.WritableStream = process.stdout,
    readonly maxLineBytes: number = MAX_REQUEST_LINE_BYTES,
  ) {
    this.reader = createLineReader(maxLineBytes, {
      line: (text) => this.receive(text),
      oversized: () =>
        this.reply(null, INVALID_REQUEST, `request line longer than ${maxLineBytes} bytes, the limit; it was dropped`),
      // Read as UTF-8 anyway, each bad byte would reach the program as U+FFFD: a value the client never sent.
      notUtf8: (bytes) => {
        const id = idOfBytes(bytes);
        this.reply(id, ...notUtf8Refusal(id));
      },
    });
  }

  private readonly onData = (chunk: Buffer | string): void => {
    this.reader.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  };
  private readonly onEnd = (): void => {
    if (this.oninputend === undefined) {
      void this.close();
      return;
    }
    if (!this.reading) return;
    this.stopReading();
    this.oninputend();
  };

  private stopReading(): void {
    this.reading = false;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('close', this.onEnd);
    this.input.off('error', this.onStreamError);
    this.input.pause();
  }
  private readonly onStreamError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('end', this.onEnd);
    this.input.on('close', this.onEnd);
    this.input.on('error', this.onStreamError);
    // A client gone mid-reply (EPIPE) must end the server, not crash it.
    this.output.on('error', this.onStreamError);
  }

  private receive(text: string): void {
    if (text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.reply(null, PARSE_ERROR, 'parse error: the request line is not JSON');
      return;
    }
    // Nested too deep for the SDK and this transport to write again (message-depth.ts): refused as it is read.
    // A reply that deep reaches the SDK as an error answering its request; anything else is answered here.
    if (mayNestDeeper(text.length) && jsonValues(value) < 0) {
      const reply = tooDeepReply(value);
      if (reply !== undefined) this.onmessage?.(reply);
      else this.reply(idOf(value), INVALID_REQUEST, `invalid request: the message is ${TOO_DEEP}; it was dropped`);
      return;
    }
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) {
      this.reply(idOf(value), INVALID_REQUEST, 'invalid request: not a JSON-RPC 2.0 message');
      return;
    }
    const answer = this.screen?.(parsed.data, text);
    if (answer !== undefined) void this.send(answer);
    else this.onmessage?.(parsed.data);
  }

  private reply(id: string | number | null, code: number, message: string): void {
    // A client that floods bad lines and reads nothing must not grow this process's output buffer without end.
    const backlog = (this.output as { writableLength?: number }).writableLength ?? 0;
    if (this.closed || backlog > this.maxLineBytes) return;
    this.output.write(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
  }

  /** Sends waiting for the output to drain; while there are any, no request is read. */
  private readonly draining: (() => void)[] = [];

  private readonly onDrain = (): void => {
    if (!this.closed && this.reading) this.input.resume();
    for (const resolve of this.draining.splice(0)) resolve();
  };

  send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.output.write(`${JSON.stringify(message)}\n`)) return Promise.resolve();
    // A client that reads no answers must not make this process hold them without end: no new request is read
    // until what was written drains (the calls already read are bounded by their own gate).
    if (this.draining.length === 0) {
      this.input.pause();
      this.output.once('drain', this.onDrain);
    }
    return new Promise((resolve) => this.draining.push(resolve));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stopReading();
    this.output.off('drain', this.onDrain);
    for (const resolve of this.draining.splice(0)) resolve();
    this.onclose?.();
  }
}
