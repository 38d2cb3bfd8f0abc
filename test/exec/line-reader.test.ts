// The bounded line reader behind `serve`'s stdio: lines across chunks, CRLF, and a line past the bound reported
// once and skipped without ending the stream.
import { describe, expect, it } from 'vitest';
import { createLineReader } from '../../src/exec/line-reader.js';

function read(chunks: readonly (string | Buffer)[], max: number): string[] {
  const events: string[] = [];
  const reader = createLineReader(max, {
    line: (t) => events.push(`line:${t}`),
    oversized: () => events.push('oversized'),
  });
  for (const c of chunks) reader.push(typeof c === 'string' ? Buffer.from(c) : c);
  return events;
}

describe('createLineReader', () => {
  it.each([
    ['one chunk, two lines', ['a\nb\n'], ['line:a', 'line:b']],
    ['a line split across chunks', ['ab', 'c\n'], ['line:abc']],
    ['CRLF', ['a\r\n'], ['line:a']],
    ['an unfinished line is held', ['a\nb'], ['line:a']],
    ['a line at the bound', ['abcd\n'], ['line:abcd']],
    ['a line past the bound, then a good one', ['abcde\nok\n'], ['oversized', 'line:ok']],
    ['the bound passed across chunks, reported once', ['abc', 'de', 'fgh', 'ij\nok\n'], ['oversized', 'line:ok']],
    ['a multi-byte character split across chunks', [Buffer.from([0xc3]), Buffer.from([0xa9, 10])], ['line:\u00e9']],
  ])('%s', (_why, chunks, events) => {
    expect(read(chunks, 4)).toEqual(events);
  });
});

// A hunt's find: a line that is not UTF-8 was decoded with U+FFFD for each bad byte, and a call made of it ran with a
// value its client never sent. With `notUtf8`, such a line is reported there, whole, across chunks too.
describe('createLineReader with notUtf8', () => {
  const strict = (chunks: readonly Buffer[]): string[] => {
    const events: string[] = [];
    const reader = createLineReader(16, {
      line: (t) => events.push(`line:${t}`),
      oversized: () => events.push('oversized'),
      notUtf8: () => events.push('not-utf8'),
    });
    for (const c of chunks) reader.push(c);
    return events;
  };
  it.each([
    ['a byte 0xFF in one chunk', [Buffer.from([0x61, 0xff, 10, 0x62, 10])], ['not-utf8', 'line:b']],
    ['an encoded surrogate across chunks', [Buffer.from([0x61, 0xed]), Buffer.from([0xa0, 0x80, 10])], ['not-utf8']],
    ['a character split across chunks, kept', [Buffer.from([0xc3]), Buffer.from([0xa9, 10])], ['line:\u00e9']],
  ])('%s', (_why, chunks, events) => {
    expect(strict(chunks)).toEqual(events);
  });
});
