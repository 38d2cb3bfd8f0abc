// How deep a tool a lock pins (a hunt's find): the pin's private copies had no depth bound, so a 30 MB listing
// nested 3,000,000 levels took `lock` 12 s and 1.9 GB where `check` stopped at its depth limit in under 2 s. A
// tool nested deeper than the proxy reads a message (MAX_MESSAGE_DEPTH) has no pin now; the walk stops there.
import { describe, expect, it } from 'vitest';
import { listingDrift } from '../../src/catalog/lock-diff.js';
import { MAX_PIN_DEPTH, pinTool, pinTools } from '../../src/catalog/lock-pins.js';
import { MAX_MESSAGE_DEPTH } from '../../src/mcp/message-depth.js';

/** A tool nested `levels` deep, the tool object itself being level 1 (its inputSchema 2, `items` below it). */
function toolOf(name: string, levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = {};
  for (let i = 3; i <= levels; i++) schema = { items: schema };
  return { name, inputSchema: schema };
}

const TOO_DEEP = `it is nested more than ${MAX_PIN_DEPTH} levels deep (the proxy drops an answer so deep)`;

describe('the depth of a tool a lock pins', () => {
  it('is the depth the proxy reads a message to', () => {
    expect(MAX_PIN_DEPTH).toBe(MAX_MESSAGE_DEPTH);
  });

  it.each([
    [MAX_PIN_DEPTH, true],
    [MAX_PIN_DEPTH + 1, false],
    [100_000, false],
  ])('a tool %i levels deep: pinned %s', (levels, pinned) => {
    const listing = { tools: [toolOf('shallow', 3), toolOf('deep', levels)] };
    const lock = pinTools(listing);
    expect(lock.ok).toBe(pinned);
    if (!lock.ok) expect(lock.error.message).toBe(`tool "deep" cannot be pinned: ${TOO_DEEP}`);
    const one = pinTool(toolOf('deep', levels));
    expect(one.ok).toBe(pinned);
    if (!one.ok) expect(one.error.message).toBe(TOO_DEEP);
  });

  it('names a too-deep tool by its place when its name carries a withheld value', () => {
    const lock = pinTools(
      { tools: [toolOf('key-0123456789abcdef', MAX_PIN_DEPTH + 1)] },
      {
        withhold: ['0123456789abcdef'],
      },
    );
    expect(lock.ok ? '' : lock.error.message).toBe(`tool #0 cannot be pinned: ${TOO_DEEP}`);
  });

  it('reads a too-deep tool against a lock as changed (unpinnable), not as its pin', () => {
    const locked = pinTools({ tools: [toolOf('deep', 10)] });
    if (!locked.ok) throw new Error(locked.error.message);
    const drift = listingDrift(locked.value, [toolOf('deep', MAX_PIN_DEPTH + 1)]);
    expect(drift.changed.map((c) => [c.name, c.fields])).toEqual([['deep', ['(unpinnable)']]]);
  });
});
