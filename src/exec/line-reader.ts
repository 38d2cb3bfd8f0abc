// Newline-delimited input (MCP's stdio framing) read with a bound on one line: a line past the bound is reported
// once, as soon as it passes, and the rest of it is skipped without being kept, so one oversized request costs
// neither memory nor the connection. The line after it is read as usual.

/** What a reader reports. */
export interface LineSink {
  /** A complete line, without its `\n` (and a `\r` before it). */
  line(text: string): void;
  /** A line passed `maxLineBytes`; it is dropped up to its `\n`. */
  oversized(): void;
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
  return {
    push(chunk) {
      let from = 0;
      for (let nl = chunk.indexOf(10, from); nl >= 0; nl = chunk.indexOf(10, from)) {
        if (!skipping && parts.length === 0 && nl - from <= maxLineBytes) {
          // A line that came in one chunk is decoded where it lies: no view of it, no copy, no list.
          emit(chunk.toString('utf8', from, nl));
          from = nl + 1;
          continue;
        }
        take(chunk.subarray(from, nl));
        from = nl + 1;
        if (skipping) skipping = false;
        else {
          const text = Buffer.concat(parts, size).toString('utf8');
          parts = [];
          size = 0;
          emit(text);
        }
      }
      if (from < chunk.length) take(chunk.subarray(from));
    },
  };
}
