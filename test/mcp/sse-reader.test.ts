// The event stream reader (src/mcp/sse.ts): an event's data lines are joined in runs as they come (each line kept
// apart cost V8 about 32 bytes the bound did not count), and a CR ends its line at once (an event ended by a lone
// CR waited for more bytes, and was lost when none came). The memory itself: sse-reader-memory.test.ts.
import { describe, expect, it } from 'vitest';
import { createSseReader } from '../../src/mcp/sse.js';

/** The events a reader hands over for `chunks`. */
function read(chunks: readonly string[], max = 1 << 20): string[] {
  const events: string[] = [];
  const reader = createSseReader(
    max,
    (d) => events.push(d),
    () => events.push('<oversized>'),
  );
  for (const c of chunks) reader.push(c);
  return events;
}

describe('an event of many data lines', () => {
  it.each([1, 1023, 1024, 1025, 2048, 2049, 5000])('of %i lines, empty ones among them: joined as written', (n) => {
    const lines = Array.from({ length: n }, (_, i) => (i % 7 === 3 ? '' : `l${i}`));
    const text = `${lines.map((l) => `data: ${l}\n`).join('')}\n`;
    // Whole, and in pieces of 13 characters.
    const pieces = text.match(/[\s\S]{1,13}/g) ?? [];
    expect(read([text])).toEqual([lines.join('\n')]);
    expect(read(pieces)).toEqual([lines.join('\n')]);
  });

  it('over the bound however many lines: oversized once, the next event read', () => {
    const lines = Array.from({ length: 3000 }, () => 'abcd');
    const text = `${lines.map((l) => `data:${l}\n`).join('')}\ndata: next\n\n`;
    expect(read([text], 10_000)).toEqual(['<oversized>', 'next']);
  });
});

describe('a CR ends its line at once', () => {
  it('an event ended by a lone CR is handed over as it comes, not when more bytes come', () => {
    expect(read(['data: {"a":1}\r\r'])).toEqual(['{"a":1}']);
    expect(read(['data: {"a":1}\r', '\r'])).toEqual(['{"a":1}']);
  });

  it('a CRLF split after its CR is one line end: the LF that starts the next text ends nothing', () => {
    expect(read(['data: x\r', '\ndata: y\r', '\n\r', '\n'])).toEqual(['x\ny']);
    expect(read(['data: x\r', '', '\n', '\n'])).toEqual(['x']);
  });

  it('an LF after a CR that ended an empty line still ends its own line', () => {
    // "\r\n" then "\n": CRLF, then an LF of its own.
    expect(read(['data: x\r\n', '\n'])).toEqual(['x']);
  });
});
