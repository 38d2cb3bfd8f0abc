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
