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

// An id is kept and echoed as `Last-Event-ID` (src/proxy/upstream-body.ts): a hunt's 60 MiB ids, kept uncharged once
// their line ended, took a proxy past its heap; ids of control or non-ASCII characters broke the resumed request
// (node:http refuses them in a header). Only a short id of visible ASCII is handed on; any other but one holding NUL
// (HTML ignores that one) is handed on as a reset, '': ignoring it left the id before it to resume from, the wrong
// place to replay from (an earlier sitting's find).
describe('the ids handed on', () => {
  /** The ids a reader hands on for `text`. */
  const ids = (text: string): string[] => {
    const seen: string[] = [];
    const reader = createSseReader(
      1 << 20,
      () => undefined,
      () => undefined,
      (field, value) => {
        if (field === 'id') seen.push(value);
      },
    );
    reader.push(text);
    return seen;
  };

  it.each([
    ['a plain id', 'e-17/x', ['e-17/x']],
    ['one of 1,024 characters', 'a'.repeat(1024), ['a'.repeat(1024)]],
    ['an empty one (the spec resets the last id)', '', ['']],
    ['one of 1,025 characters', 'a'.repeat(1025), ['']],
    ['one of 60,000 characters', 'a'.repeat(60_000), ['']],
    ['one holding a control character', 'a\x01b', ['']],
    ['one holding NUL (the spec ignores it)', 'a\0b', []],
    ['one holding a space', 'a b', ['']],
    ['one holding DEL', 'a\x7fb', ['']],
    ['one not ASCII', 'café', ['']],
  ])('%s', (_what, id, handed) => {
    expect(ids(`id: ${id}\ndata: x\n\n`)).toEqual(handed);
  });

  it.each([
    ['a plain id, then one holding NUL (ignored)', 'id: k1\nid: a\0b\n', ['k1']],
    ['a plain id, then one not held (a reset)', 'id: k1\nid: café\n', ['']],
    ['one not held, then a plain id', 'id: café\nid: k2\n', ['k2']],
    ['an id line longer than an event can be, whole', `id: ${'a'.repeat(70)}\n`, ['']],
  ])('two id fields in one event, or a long one: %s', (_what, fields, handed) => {
    const seen: string[] = [];
    const reader = createSseReader(
      64,
      () => undefined,
      () => undefined,
      (field, value) => {
        if (field === 'id') seen.push(value);
      },
    );
    reader.push(`id: k0\n\n${fields}data: x\n\n`);
    expect(seen).toEqual(['k0', ...handed]);
  });

  /** The fields a reader bounded at 64 bytes hands on for `chunks`, pushed one by one. */
  const fieldsOf = (chunks: readonly string[]): string[] => {
    const seen: string[] = [];
    const reader = createSseReader(
      64,
      () => undefined,
      () => undefined,
      (field, value) => seen.push(`${field}=${value}`),
    );
    for (const c of chunks) reader.push(c);
    return seen;
  };

  it('an id line longer than an event can be, in pieces (dropped unread), is a reset', () => {
    const pieces = ['id: k0\n\ni', 'd:', ...Array(9).fill('x'.repeat(20)), '\ndata: x\n\n'];
    expect(fieldsOf(pieces)).toEqual(['id=k0', 'id=']);
  });

  it.each([
    ['whole', [`id: k0\n\nid: ${'a'.repeat(30)}\0${'a'.repeat(40)}\ndata: x\n\n`]],
    ['in pieces', ['id: k0\n\nid: ', 'a'.repeat(30), '\0', ...Array(4).fill('a'.repeat(10)), '\ndata: x\n\n']],
  ])('an id too long to hold and holding NUL is a reset however its bytes are cut: %s', (_how, chunks) => {
    expect(fieldsOf(chunks)).toEqual(['id=k0', 'id=']);
  });

  it('keeps reading after an id it does not hold: the events and the ids after it', () => {
    const events: string[] = [];
    const seen: string[] = [];
    const reader = createSseReader(
      1 << 20,
      (d) => events.push(d),
      () => events.push('<oversized>'),
      (field, value) => seen.push(`${field}=${value}`),
    );
    reader.push(`id: ${'b'.repeat(5000)}\nretry: 10\ndata: one\n\nid: k2\ndata: two\n\n`);
    expect(events).toEqual(['one', 'two']);
    expect(seen).toEqual(['retry=10', 'id=', 'id=k2']);
  });
});

describe('the event type', () => {
  it.each([
    ['none', '', ['x']],
    ['message', 'event: message\n', ['x']],
    ['empty (the default)', 'event:\n', ['x']],
    ['another', 'event: ping\n', []],
    ['a long other', `event: ${'p'.repeat(100_000)}\n`, []],
    ['another, then message (the last one counts)', 'event: ping\nevent: message\n', ['x']],
  ])('%s: its data handed over as a message or not', (_what, head, handed) => {
    expect(read([`${head}data: x\n\n`])).toEqual(handed);
    // The type is the event's own: the next event is a message again.
    expect(read([`${head}data: x\n\ndata: y\n\n`])).toEqual([...handed, 'y']);
  });
});
