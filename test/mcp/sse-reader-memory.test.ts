// What an event of many short data lines holds while it is read: about its bytes. Each line kept apart cost V8 a
// string and an array slot (about 32 bytes) the bound never counted: a hunt's event of 21 million `data:ab` lines,
// 63 MiB by the bound, held the heap past its 4 GiB limit and aborted the proxy. Lines are joined in runs now
// (src/mcp/sse.ts). A heap measurement: a process of its own in the quick run (vitest.config.ts OWN_MODULES).
import { describe, expect, it } from 'vitest';
import { createSseReader } from '../../src/mcp/sse.js';
import { heapUsed } from '../heap.js';

describe('an event of two million 2-byte data lines, read', () => {
  it('holds about its bytes, not a string per line', async () => {
    const before = await heapUsed();
    let events = 0;
    const reader = createSseReader(
      64 * 1024 * 1024,
      () => events++,
      () => events++,
    );
    const chunk = 'data:ab\n'.repeat(8192);
    for (let i = 0; i < 2_000_000 / 8192; i++) reader.push(chunk);
    const held = (await heapUsed()) - before;
    // 6 MB by the bound (2 bytes and a newline a line); a string per line held 60 MB or more.
    expect(reader.held()).toBeLessThan(6 * 1024 * 1024);
    expect(held).toBeLessThan(20 * 1024 * 1024);
    reader.push('\n');
    expect(events).toBe(1);
  });
});

// A hunt's find: an `id:` or `event:` line was charged only until it ended, then its value was kept (the last id, to
// resume from; the type until the event's end), uncharged: 9 calls answered with a 60 MiB id each took a proxy
// capped at 512 MB past its heap. An id that long is ignored now, and an event's type is kept as whether it is
// `message`, never as text.
describe('an id line and an event line of 24 MiB each, ended, their event not', () => {
  it('keeps neither value, while what reads it keeps every id it is handed', async () => {
    const ids: string[] = [];
    let events = 0;
    const reader = createSseReader(
      64 * 1024 * 1024,
      () => events++,
      () => events++,
      (field, value) => {
        if (field === 'id') ids.push(value);
      },
    );
    const before = await heapUsed();
    const piece = 'x'.repeat(64 * 1024);
    for (const field of ['id', 'event']) {
      reader.push(`${field}: `);
      for (let i = 0; i < 384; i++) reader.push(piece);
      // Charged while it arrives: the line not yet ended is held.
      expect(reader.held()).toBeGreaterThan(24 * 1024 * 1024);
      reader.push('\n');
    }
    reader.push('data: {}\n');
    const held = (await heapUsed()) - before;
    // Both values kept held 48 MB or more.
    expect(held).toBeLessThan(16 * 1024 * 1024);
    expect(ids).toEqual([]);
    // The reader is still in use (not collected before the measure): its event, of another type, is not handed over.
    reader.push('\n');
    expect(events).toBe(0);
  });
});
