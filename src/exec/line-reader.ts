// Newline-delimited input (MCP's stdio framing) read with a bound on one line: a line past the bound is reported
// once, as soon as it passes, and the rest of it is skipped without being kept, so one oversized request costs
// neither memory nor the connection. The line after it is read as usual.
import { isUtf8 } from 'node:buffer';

/** What a reader reports. */
export interface LineSink {
  /** A complete line, without its `\n` (and a `\r` before it). */
  line(text: string): void;
  /** A line passed `maxLineBytes`; it is dropped up to its `\n`. */
  oversized(): void;
  /**
   * Given, a line that is not UTF-8 is reported here instead of `line`: decoded, each bad byte would be U+FFFD, a
   * value its sender never wrote (MCP "Transports": messages MUST be UTF-8; RFC 8259 section 8.1).
   */
  notUtf8?(bytes: Buffer): void;
}

/** A reader fed with chunks. */
export interface LineReader {
  push(chunk: Buffer): void;
}

/** A reader that keeps at most `maxLineBytes` of one line. */
export function createLineReader(maxLineBytes: number, sink: LineSink): LineReader {
  let parts: Buffer[] = [];
  let size = 0;
  let skipping = false;
  const take = (piece: Buffer): void => {
    if (skipping) return;
    if (size + piece.length > maxLineBytes) {
      parts = [];
      size = 0;
      skipping = true;
      sink.oversized();
      return;
    }
    parts.push(piece);
    size += piece.length;
  };
  const emit = (text: string): void => sink.line(text.endsWith('\r') ? text.slice(0, -1) : text);
  const notUtf8 = sink.notUtf8?.bind(sink);
  /** Reports the line `bytes` holds: its text, or that it is not UTF-8 when the sink asks. */
  const lineOf = (bytes: Buffer): void => {
    if (notUtf8 !== undefined && !isUtf8(bytes)) notUtf8(bytes);
    else emit(bytes.toString('utf8'));
  };
  return {
    push(chunk) {
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
        if (!skipping && parts.length === 0 && nl - from <= maxLineBytes) {
          // A line that came in one chunk is decoded where it lies: no copy, no list.
          if (notUtf8 === undefined) emit(chunk.toString('utf8', from, nl));
          else lineOf(chunk.subarray(from, nl));
          from = nl + 1;
          continue;
        }
        take(chunk.subarray(from, nl));
        from = nl + 1;
        if (skipping) skipping = false;
        else {
          const bytes = Buffer.concat(parts, size);
          parts = [];
          size = 0;
          lineOf(bytes);
        }
      }
      if (from < chunk.length) take(chunk.subarray(from));
    },
  };
}
