// The lock of a config (src/catalog/config-lock.ts): each server's entry a single lock, the text the same bytes
// for the same pins whatever the order servers or tools came in, read strictly (a malformed entry names its
// server), and each server's drift against its own pins only (src/catalog/config-lock-drift.ts).
import { describe, expect, it } from 'vitest';
import { configDrift, configHasDrift } from '../../src/catalog/config-lock-drift.js';
import { configLockText, parseAnyLock, pinConfig, serverPins } from '../../src/catalog/config-lock.js';

const tool = (name: string, description = 'd') => ({ name, description, inputSchema: { type: 'object' } });

describe('config lock', () => {
  it('writes the same bytes whatever the order of servers and tools, and reads them back', () => {
    const a = pinConfig([
      { server: 'zeta', tools: [tool('b'), tool('a')] },
      { server: 'alpha', tools: [tool('c')] },
    ]);
    const b = pinConfig([
      { server: 'alpha', tools: [tool('c')] },
      { server: 'zeta', tools: [tool('a'), tool('b')] },
    ]);
    if (!a.ok || !b.ok) throw new Error('not pinned');
    const text = configLockText(a.value);
    expect(configLockText(b.value)).toBe(text);
    expect(text.indexOf('"alpha"')).toBeLessThan(text.indexOf('"zeta"'));
    const read = parseAnyLock(text, 'x.lock');
    if (!read.ok || read.value.kind !== 'config') throw new Error('not read');
    expect(configLockText(read.value.lock)).toBe(text);
    expect(Object.keys(serverPins(read.value.lock, 'zeta').tools)).toEqual(['a', 'b']);
  });

  it('keeps a server named __proto__ as an ordinary server', () => {
    const lock = pinConfig([{ server: '__proto__', tools: [tool('a')] }]);
    if (!lock.ok) throw new Error(lock.error.message);
    const read = parseAnyLock(configLockText(lock.value));
    if (!read.ok || read.value.kind !== 'config') throw new Error('not read');
    expect(Object.keys(serverPins(read.value.lock, '__proto__').tools)).toEqual(['a']);
    expect(Object.keys(serverPins(read.value.lock, 'toString').tools)).toEqual([]);
  });

  it.each([
    ['an unknown key', '{"servers": {}, "version": 1, "extra": 1}', /x: unknown key "extra"/],
    ['another version', '{"servers": {}, "version": 2}', /x: unknown version 2/],
    ['servers not an object', '{"servers": [], "version": 1}', /x: "servers" must be an object/],
    ['a bad server entry', '{"servers": {"gh": {"tools": 1, "version": 1}}, "version": 1}', /x: servers\["gh"\]: /],
    ['a key given twice', '{"servers": {}, "servers": {}, "version": 1}', /x: not JSON/],
  ])('refuses %s', (_, text, expected) => {
    const r = parseAnyLock(text, 'x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(expected);
  });

  it('judges each server against its own pins only', () => {
    const lock = pinConfig([
      { server: 'one', tools: [tool('same')] },
      { server: 'two', tools: [tool('same')] },
    ]);
    if (!lock.ok) throw new Error(lock.error.message);
    const drifts = configDrift(lock.value, [
      { server: 'one', tools: [tool('same')] },
      { server: 'two', tools: [tool('same', 'changed')] },
    ]);
    expect(drifts.map((d) => (d.state === 'unread' ? 0 : d.drift.changed.length))).toEqual([0, 1]);
    expect(configHasDrift(drifts)).toBe(true);
    expect(
      configHasDrift(
        configDrift(lock.value, [
          { server: 'one', tools: undefined },
          { server: 'two', tools: [tool('same')] },
        ]),
      ),
    ).toBe(false);
  });
});
