// The SSE reader's event bound and line ends, read whole and cut at every place: an event over the bound is dropped
// to its end and what follows it in the same event is never read as an event of its own (moved here from
// test/cli/header-option.test.ts, which it shared with the --header parser).
import { describe, expect, it } from 'vitest';
import { createSseReader } from '../../src/mcp/sse.js';

describe('createSseReader', () => {
  it.each([
    ['data: {"a":1}\n\n', ['{"a":1}']],
    ['event: message\r\ndata: x\r\n\r\n', ['x']],
    ['data: a\ndata: b\n\n', ['a\nb']],
    [': comment\nid: 3\nretry: 10\ndata:x\n\n', ['x']],
    ['event: other\ndata: x\n\ndata: y\n\n', ['y']],
    ['data: unfinished', []],
  ])('reads %j whole or split at every point', (stream, events) => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const got: string[] = [];
      const reader = createSseReader(
        1000,
        (d) => got.push(d),
        () => got.push('OVERSIZED'),
      );
      reader.push(stream.slice(0, cut));
      reader.push(stream.slice(cut));
      expect(got).toEqual(events);
    }
  });

  // A line longer than any within the bound is dropped to its end, wherever the pieces split it: what follows it
  // in the same event is never read as an event of its own (a CR held at a piece's end is kept for its LF). A
  // comment is dropped without a word.
  it.each([
    [`data: ${'x'.repeat(50)}\r\ndata: leak\r\n\r\ndata: ok\r\n\r\n`, ['OVERSIZED', 'ok']],
    [`data: ${'x'.repeat(50)}\rdata: leak\r\rdata: ok\r\r\n`, ['OVERSIZED', 'ok']],
    // An id line too long to read is an id not held: a reset (`id `), read whole or in pieces alike.
    [`id: ${'7'.repeat(30)}\ndata: leak\n\ndata: ok\n\n`, ['OVERSIZED', 'id ', 'ok']],
    [`data: ${'x'.repeat(30)}id: 9\ndata: leak\n\nid: 8\ndata: ok\n\n`, ['OVERSIZED', 'id 8', 'ok']],
    [`: ${'c'.repeat(40)}\ndata: kept\n\ndata: ok\n\n`, ['kept', 'ok']],
    ['data: 12345678\ndata: 90\ndata: leak\n\ndata: ok\n\n', ['OVERSIZED', 'ok']],
    // A line as long as a line may be (bound 10 + 7), its CRLF split after the CR: the CR is not the line's.
    [`id: ${'a'.repeat(13)}\r\ndata: {}\r\n\r\n`, ['id aaaaaaaaaaaaa', '{}']],
  ])(
    'drops the rest of an event over the bound, %j read whole, in two or one character at a time',
    (stream, events) => {
      const halves = [...stream].map((_, cut) => [stream.slice(0, cut), stream.slice(cut)]);
      const pieces = [[stream], [...stream], ...halves];
      for (const piece of pieces) {
        const got: string[] = [];
        const reader = createSseReader(
          10,
          (d) => got.push(d),
          () => got.push('OVERSIZED'),
          (field, value) => (field === 'id' ? got.push(`id ${value}`) : undefined),
        );
        for (const p of piece) reader.push(p);
        expect(got).toEqual(events);
      }
    },
  );

  it('reports an event over the bound once and reads the next one', () => {
    const got: string[] = [];
    const reader = createSseReader(
      10,
      (d) => got.push(d),
      () => got.push('OVERSIZED'),
    );
    reader.push(`data: ${'x'.repeat(50)}\n\ndata: ok\n\n`);
    expect(got).toEqual(['OVERSIZED', 'ok']);
  });

  // A JSON body is bound in bytes (src/proxy/upstream-http.ts): the same message as an event is too. Counted in
  // UTF-16 units, six 'é' (12 bytes) passed a bound of 10.
  it.each([
    ['data: éééééé\n\n', 10, ['OVERSIZED']],
    ['data: ééééé\n\n', 10, ['ééééé']],
    ['data: 😀😀😀\n\n', 11, ['OVERSIZED']],
    // 6 + 1 + 4 bytes: the newline that joins two data lines counts.
    ['data: ééé\ndata: éé\n\n', 11, ['ééé\néé']],
    ['data: ééé\ndata: éé\n\n', 10, ['OVERSIZED']],
    ['data: ééé\ndata: ééé\n\n', 12, ['OVERSIZED']],
    ['data: 0123456789\n\n', 10, ['0123456789']],
    ['data: ééééé\r\n\r\n', 10, ['ééééé']],
  ])('bounds %j in bytes of UTF-8 (bound %d), whole or split at every point', (stream, bound, events) => {
    for (let cut = 0; cut <= stream.length; cut++) {
      const got: string[] = [];
      const reader = createSseReader(
        bound,
        (d) => got.push(d),
        () => got.push('OVERSIZED'),
      );
      reader.push(stream.slice(0, cut));
      reader.push(stream.slice(cut));
      expect(got).toEqual(events);
    }
  });
});
