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
